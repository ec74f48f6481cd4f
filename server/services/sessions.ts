/**
 * Who a bearer token names: a valid signature, not revoked by logout, and issued after the member's last password
 * change (or the very token that change was made with).
 */
import type { Db } from '../data/client';
import { findTokenHolder } from '../data/revoked-tokens';
import type { TokenPurpose, TokenService } from './tokens';

/** A signed-in member as a request sees them. */
export interface SessionUser {
  id: string;
  email: string;
  jti: string;
  tokenExpiresAt: Date;
  tokenIssuedAtMs: number;
  tokenPurpose: TokenPurpose;
}

export class SessionService {
  constructor(
    private readonly db: Db,
    readonly tokens: TokenService,
  ) {}

  async resolve(token: string): Promise<SessionUser | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const holder = await findTokenHolder(this.db, claims.userId, claims.jti);
    if (!holder || holder.revoked) return null;
    const row = holder.user;
    // A password change ends every token issued before it, but the one it was made with.
    if (claims.issuedAtMs < row.tokensValidAfter.getTime() && claims.jti !== row.keptTokenJti) return null;
    return {
      id: row.id, email: row.email, jti: claims.jti, tokenExpiresAt: claims.expiresAt, tokenIssuedAtMs: claims.issuedAtMs, tokenPurpose: claims.purpose,
    };
  }
}
