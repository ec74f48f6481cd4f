import { inject, injectable } from 'inversify';
import type { TokenStore } from '../application/ports';

export const TOKEN_COOKIE = 'token';
const LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/** Minimal view of `document` so the store can be tested without a browser. */
export interface CookieJar {
  cookie: string;
  location?: { protocol: string };
}
export const COOKIE_JAR = Symbol.for('CookieJar');

/** The session token in a cookie named `token`: 7 days, path /, SameSite=Strict, Secure on https. */
@injectable()
export class CookieTokenStore implements TokenStore {
  constructor(@inject(COOKIE_JAR) private readonly jar: CookieJar) {}

  get(): string | null {
    for (const part of this.jar.cookie.split(';')) {
      const [name, ...rest] = part.trim().split('=');
      if (name === TOKEN_COOKIE) {
        const value = decodeURIComponent(rest.join('='));
        return value || null;
      }
    }
    return null;
  }

  set(token: string): void {
    this.jar.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Max-Age=${LIFETIME_SECONDS}; Path=/; SameSite=Strict${this.secure()}`;
  }

  clear(): void {
    this.jar.cookie = `${TOKEN_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict${this.secure()}`;
  }

  private secure(): string {
    return this.jar.location?.protocol === 'https:' ? '; Secure' : '';
  }
}
