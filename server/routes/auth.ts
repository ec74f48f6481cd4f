/** Account calls (spec section 7, Auth): each answers what its AccountService use case returns. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as auth from '../../src/contract/auth';
import { implement } from '../http/route';
import { type AccountService, OTP_SENT_MESSAGE } from '../services/accounts';

// Every call here is counted against its budget in services/limits.ts (by `implement`); login also by its failures.
export async function authRoutes(app: FastifyInstance, { accounts }: { accounts: AccountService }) {
  const sent = { success: true, message: OTP_SENT_MESSAGE } as const;

  implement(app, auth.requestSignupOtp, async ({ body }) => {
    await accounts.requestSignupCode(body.email);
    return sent;
  });

  // Each token issued here is a signed-in device, named by its user agent (ADR 133).
  const agentOf = (request: FastifyRequest) => request.headers['user-agent'] ?? '';

  implement(app, auth.verifySignupOtp, async ({ body, request }) => ({
    success: true, token: await accounts.verifySignup(body.email, body.otp, agentOf(request)),
  }) as const);

  // A failed login is a 400, not a 401: it is not an expired session (the client's 401 rule would reload the page).
  implement(app, auth.login, async ({ body, request }) => ({
    success: true, token: await accounts.login(body.email, body.password, request.ip, agentOf(request)),
  }) as const);

  implement(app, auth.forgotPassword, async ({ body }) => {
    await accounts.requestResetCode(body.email);
    return sent;
  });

  implement(app, auth.verifyResetOtp, async ({ body, request }) => ({
    success: true, token: await accounts.verifyReset(body.email, body.otp, agentOf(request)),
  }) as const);

  // A new password ends the member's other tokens: the kept sessions are stale.
  implement(app, auth.setPassword, async ({ body, user }) => {
    const names = body.firstName !== undefined && body.lastName !== undefined ? { firstName: body.firstName, lastName: body.lastName } : null;
    await accounts.setPassword(user, body.password, names);
    return { success: true, message: 'Password set successfully' } as const;
  }, { changes: 'sessions' });

  implement(app, auth.updatePassword, async ({ body, user }) => {
    await accounts.updatePassword(user, body.currentPassword, body.newPassword);
    return { success: true, message: 'Password updated successfully' } as const;
  }, { changes: 'sessions' });

  // Names are shown on posts and comments, so a change makes the cached community answers stale.
  implement(app, auth.updateProfile, async ({ body, user }) => ({
    success: true, message: 'Profile updated successfully', user: await accounts.updateProfile(user, body),
  }) as const, { changes: 'community' });

  implement(app, auth.profile, async ({ user }) => ({ success: true, user: await accounts.profile(user) }) as const);

  implement(app, auth.logout, async ({ user }) => {
    await accounts.logout(user);
    return { success: true, message: 'Signed out' } as const;
  }, { changes: 'sessions' });
}
