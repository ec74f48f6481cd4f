/** Account calls (spec section 7, Auth): each answers what its AccountService use case returns. */
import type { FastifyInstance } from 'fastify';
import * as auth from '../../src/contract/auth';
import { limitPerIpAndEmail } from '../http/rate-limits';
import { implement } from '../http/route';
import { type AccountService, OTP_SENT_MESSAGE } from '../services/accounts';

export async function authRoutes(app: FastifyInstance, { accounts, rateLimit }: { accounts: AccountService; rateLimit: boolean }) {
  const sendLimits = limitPerIpAndEmail(app, rateLimit, 'otp-send', { max: 20, minutes: 60 }, { max: 6, minutes: 60 });
  const verifyLimits = limitPerIpAndEmail(app, rateLimit, 'otp-verify', { max: 30, minutes: 15 }, { max: 10, minutes: 15 });
  const loginLimits = limitPerIpAndEmail(app, rateLimit, 'login', { max: 30, minutes: 15 }, { max: 10, minutes: 15 });
  const sent = { success: true, message: OTP_SENT_MESSAGE } as const;

  implement(app, auth.requestSignupOtp, async ({ body }) => {
    await accounts.requestSignupCode(body.email);
    return sent;
  }, { preHandler: sendLimits });

  implement(app, auth.verifySignupOtp, async ({ body }) => ({
    success: true, token: await accounts.verifySignup(body.email, body.otp),
  }) as const, { preHandler: verifyLimits });

  // A failed login is a 400, not a 401: it is not an expired session (the client's 401 rule would reload the page).
  implement(app, auth.login, async ({ body }) => ({
    success: true, token: await accounts.login(body.email, body.password),
  }) as const, { preHandler: loginLimits });

  implement(app, auth.forgotPassword, async ({ body }) => {
    await accounts.requestResetCode(body.email);
    return sent;
  }, { preHandler: sendLimits });

  implement(app, auth.verifyResetOtp, async ({ body }) => ({
    success: true, token: await accounts.verifyReset(body.email, body.otp),
  }) as const, { preHandler: verifyLimits });

  // A new password ends older tokens: the kept sessions are stale.
  implement(app, auth.setPassword, async ({ body, user }) => ({
    success: true, message: 'Password set successfully', token: await accounts.setPassword(user, body.password),
  }) as const, { changes: 'sessions' });

  implement(app, auth.updatePassword, async ({ body, user }) => ({
    success: true, message: 'Password updated successfully', token: await accounts.updatePassword(user, body.currentPassword, body.newPassword),
  }) as const, { changes: 'sessions' });

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
