/**
 * Who a bearer token names: a valid signature, not revoked by logout or by ending its device, and issued after the
 * member's last password change or "sign out everywhere else" (or the very token that was done with). Tokens issued
 * at sign-in are recorded as the member's devices (ADR 133).
 */
import type { Db } from '../data/client';
import { findTokenHolder, recordSession, touchSession } from '../data/user-sessions';
import type { TokenPurpose, TokenService } from './tokens';

/** A signed-in member as a request sees them. */
export interface SessionUser {
  id: string;
  email: string;
  jti: string;
  tokenExpiresAt: Date;
  tokenIssuedAtMs: number;
  tokenPurpose: TokenPurpose;
  /**
   * The moderator's silence as the member's row held it when the token was resolved (its end may have passed): a write
   * resolves its token afresh, so the silence gate reads it here instead of asking the database again.
   */
  silence: { until: Date; reason: string | null } | null;
}

/** A device's "last seen" moves at most this often: a write every few minutes per device, not one per request. */
export const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;

/** Issues a sign-in token (login, signup, reset) and records it as one of the member's devices. */
export async function startSession(db: Db, tokens: TokenService, userId: string, userAgent: string, purpose: TokenPurpose = 'session'): Promise<string> {
  const { token, claims } = await tokens.mint(userId, purpose);
  await recordSession(db, { jti: claims.jti, userId, userAgent, createdAt: new Date(claims.issuedAtMs), expiresAt: claims.expiresAt });
  return token;
}

export class SessionService {
  constructor(
    private readonly db: Db,
    readonly tokens: TokenService,
  ) {}

  async resolve(token: string, userAgent = ''): Promise<SessionUser | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const holder = await findTokenHolder(this.db, claims.userId, claims.jti);
    if (!holder || holder.revoked) return null;
    const row = holder.user;
    // A password change (or "sign out everywhere else") ends every token issued before it, but the one it was made with.
    if (claims.issuedAtMs < row.tokensValidAfter.getTime() && claims.jti !== row.keptTokenJti) return null;
    // A suspended member has no session at all, whenever their token was issued (ADR 140).
    if (row.suspendedAt) return null;
    const now = this.tokens.now();
    if (holder.lastSeenAt === null) {
      // A token issued before devices were recorded keeps working and becomes a device the first time it is seen.
      await recordSession(this.db, { jti: claims.jti, userId: row.id, userAgent, createdAt: new Date(claims.issuedAtMs), expiresAt: claims.expiresAt });
    } else if (now - holder.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
      await touchSession(this.db, claims.jti, new Date(now), LAST_SEEN_EVERY_MS);
    }
    return {
      id: row.id, email: row.email, jti: claims.jti, tokenExpiresAt: claims.expiresAt, tokenIssuedAtMs: claims.issuedAtMs, tokenPurpose: claims.purpose,
      silence: row.silencedUntil ? { until: row.silencedUntil, reason: row.silencedReason } : null,
    };
  }
}
