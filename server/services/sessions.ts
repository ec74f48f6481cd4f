/**
 * Who a bearer token names: a valid signature, not revoked by logout, issued after the member's last password change.
 */
import type { Db } from '../data/client';
import { isRevoked } from '../data/revoked-tokens';
import { findUserById } from '../data/users';
import type { TokenService } from './tokens';

/** A signed-in member as a request sees them. */
export interface SessionUser {
  id: string;
  email: string;
  jti: string;
  tokenExpiresAt: Date;
}

export class SessionService {
  constructor(
    private readonly db: Db,
    readonly tokens: TokenService,
  ) {}

  async resolve(token: string): Promise<SessionUser | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const row = await findUserById(this.db, claims.userId);
    if (!row || claims.issuedAtMs < row.tokensValidAfter.getTime()) return null;
    if (await isRevoked(this.db, claims.jti)) return null;
    return { id: row.id, email: row.email, jti: claims.jti, tokenExpiresAt: claims.expiresAt };
  }
}
