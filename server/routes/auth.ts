/** Account calls. The session-reading part (profile, logout) lives here; the OTP flows are added by the accounts work. */
import type { FastifyInstance } from 'fastify';
import { logout, profile } from '../../src/contract/auth';
import type { Db } from '../db/client';
import { revokedTokens } from '../db/schema';
import { notFound } from '../http/errors';
import { implement } from '../http/route';
import { findUserById, toPublicUser } from '../services/users';

export async function authRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, profile, async ({ user }) => {
    const row = await findUserById(db, user.id);
    if (!row) throw notFound('User not found');
    return { success: true, user: toPublicUser(row) } as const;
  });

  implement(app, logout, async ({ user }) => {
    await db.insert(revokedTokens).values({ jti: user.jti, expiresAt: user.tokenExpiresAt }).onConflictDoNothing();
    return { success: true, message: 'Signed out' } as const;
  });
}
