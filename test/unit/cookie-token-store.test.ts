import { describe, expect, it } from 'vitest';
import { CookieTokenStore } from '../../src/adapters/cookie-token-store';

/** A cookie jar that behaves like document.cookie: writes set one cookie, reads list them all. */
function jar(protocol = 'http:') {
  const cookies = new Map<string, string>();
  const writes: string[] = [];
  return {
    writes,
    location: { protocol },
    get cookie() {
      return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(value: string) {
      writes.push(value);
      const [pair, ...attrs] = value.split(';');
      const [name, v] = pair!.split('=');
      if (attrs.some((a) => a.trim() === 'Max-Age=0')) cookies.delete(name!);
      else cookies.set(name!, v!);
    },
  };
}

describe('CookieTokenStore', () => {
  it('keeps the token in a cookie named token for 7 days on path /, SameSite=Strict', () => {
    const j = jar();
    const store = new CookieTokenStore(j);
    expect(store.get()).toBeNull();
    store.set('a.b.c');
    expect(store.get()).toBe('a.b.c');
    expect(j.writes[0]).toBe('token=a.b.c; Max-Age=604800; Path=/; SameSite=Strict');
    store.clear();
    expect(store.get()).toBeNull();
  });
  it('adds Secure on https', () => {
    const j = jar('https:');
    new CookieTokenStore(j).set('x');
    expect(j.writes[0]).toMatch(/; Secure$/);
  });
});
