/** Session tokens: JWT, HS256 only, 7-day expiry, issuer and audience checked. */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
const ISSUER = 'sustainlearn';
const AUDIENCE = 'sustainlearn-web';

/** `otp`: issued by a one-time code verification (signup or reset), the only kind that may set a password. */
export type TokenPurpose = 'session' | 'otp';

export interface TokenClaims {
  userId: string;
  jti: string;
  issuedAtMs: number;
  expiresAt: Date;
  purpose: TokenPurpose;
}

export class TokenService {
  readonly #key: Uint8Array;
  constructor(secret: string, readonly now: () => number = Date.now) {
    this.#key = new TextEncoder().encode(secret);
  }

  async issue(userId: string, purpose: TokenPurpose = 'session'): Promise<string> {
    return (await this.mint(userId, purpose)).token;
  }

  /** A new token with the claims it carries: sign-in records its jti, issue instant and expiry (user_sessions). */
  async mint(userId: string, purpose: TokenPurpose = 'session'): Promise<{ token: string; claims: TokenClaims }> {
    const nowMs = this.now();
    const iat = Math.floor(nowMs / 1000);
    const jti = randomUUID();
    const token = await new SignJWT({ iat_ms: nowMs, ...(purpose === 'otp' ? { pur: 'otp' } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
      .sign(this.#key);
    return { token, claims: { userId, jti, issuedAtMs: nowMs, expiresAt: new Date((iat + TOKEN_LIFETIME_SECONDS) * 1000), purpose } };
  }

  /** The claims of a valid token, or null for anything else (bad signature, wrong alg, expired, wrong iss/aud). */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: new Date(this.now()),
      });
      if (!payload.sub || !payload.jti || typeof payload.exp !== 'number') return null;
      const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
      const purpose: TokenPurpose = payload.pur === 'otp' ? 'otp' : 'session';
      return { userId: payload.sub, jti: payload.jti, issuedAtMs, expiresAt: new Date(payload.exp * 1000), purpose };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
