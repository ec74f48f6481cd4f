/**
 * Account calls: email-OTP signup, login, password reset, profile, password change, logout.
 * Signup for a known email and reset for an unknown one answer exactly as the normal case does (see ADR 005).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as auth from '../../src/contract/auth';
import type { Db } from '../db/client';
import { revokedTokens, users } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { limitPerIpAndEmail } from '../http/rate-limits';
import { implement } from '../http/route';
import { existingAccountMail, otpMail } from '../mail/auth-mails';
import type { OtpService } from '../services/otp';
import { hashPassword, verifyPassword } from '../services/passwords';
import type { TokenService } from '../services/tokens';
import { findUserByEmail, findUserById, toPublicUser } from '../services/users';

export interface AuthDeps {
  db: Db;
  otp: OtpService;
  tokens: TokenService;
  publicUrl: string;
  rateLimit: boolean;
  now: () => number;
}

export const OTP_SENT_MESSAGE = 'OTP sent successfully!';

export async function authRoutes(app: FastifyInstance, { db, otp, tokens, publicUrl, rateLimit, now }: AuthDeps) {
  const sendLimits = limitPerIpAndEmail(app, rateLimit, 'otp-send', { max: 20, minutes: 60 }, { max: 6, minutes: 60 });
  const verifyLimits = limitPerIpAndEmail(app, rateLimit, 'otp-verify', { max: 30, minutes: 15 }, { max: 10, minutes: 15 });
  const loginLimits = limitPerIpAndEmail(app, rateLimit, 'login', { max: 30, minutes: 15 }, { max: 10, minutes: 15 });

  /** Mail goes out in the background: the answer's timing never depends on the mail server or on the branch taken. */
  const mailLater = (mail: Parameters<typeof app.mailer.send>[0]) => {
    app.mailer.send(mail).catch((error: unknown) => app.log.error({ err: error, to: mail.to }, 'mail failed'));
  };

  implement(app, auth.requestSignupOtp, async ({ body }) => {
    const code = await otp.issue(body.email, 'signup');
    const existing = await findUserByEmail(db, body.email);
    mailLater(existing?.passwordHash ? existingAccountMail(body.email, publicUrl) : otpMail(body.email, 'signup', code, publicUrl));
    return { success: true, message: OTP_SENT_MESSAGE } as const;
  }, { preHandler: sendLimits });

  implement(app, auth.verifySignupOtp, async ({ body }) => {
    const existing = await findUserByEmail(db, body.email);
    await otp.consume(body.email, 'signup', body.otp);
    // A finished account never gets a signup code by mail, so only an unfinished signup can reach this point.
    if (existing?.passwordHash) throw badRequest('Invalid OTP. Please try again.');
    const user =
      existing ??
      (await db.insert(users).values({ email: body.email, tokensValidAfter: new Date(0) }).onConflictDoNothing().returning())[0] ??
      (await findUserByEmail(db, body.email))!;
    return { success: true, token: await tokens.issue(user.id) } as const;
  }, { preHandler: verifyLimits });

  implement(app, auth.login, async ({ body }) => {
    const user = await findUserByEmail(db, body.email);
    const ok = await verifyPassword(user?.passwordHash, body.password);
    // 400, not 401: a failed login is not an expired session (the client's 401 rule would reload the page).
    if (!user || !ok) throw badRequest('Invalid credentials');
    return { success: true, token: await tokens.issue(user.id) } as const;
  }, { preHandler: loginLimits });

  implement(app, auth.forgotPassword, async ({ body }) => {
    const code = await otp.issue(body.email, 'reset');
    const user = await findUserByEmail(db, body.email);
    if (user) mailLater(otpMail(body.email, 'reset', code, publicUrl));
    return { success: true, message: OTP_SENT_MESSAGE } as const;
  }, { preHandler: sendLimits });

  implement(app, auth.verifyResetOtp, async ({ body }) => {
    await otp.consume(body.email, 'reset', body.otp);
    const user = await findUserByEmail(db, body.email);
    if (!user) throw badRequest('Invalid OTP. Please try again.');
    return { success: true, token: await tokens.issue(user.id) } as const;
  }, { preHandler: verifyLimits });

  /** Sets a new password and kills every older token; the answer carries the one new token. */
  const replacePassword = async (userId: string, password: string) => {
    const at = new Date(now());
    await db.update(users).set({ passwordHash: await hashPassword(password), tokensValidAfter: at }).where(eq(users.id, userId));
    return tokens.issue(userId);
  };

  // A new password ends every older token.
  implement(app, auth.setPassword, async ({ body, user }) => {
    const token = await replacePassword(user.id, body.password);
    return { success: true, message: 'Password set successfully', token } as const;
  }, { changes: 'sessions' });

  implement(app, auth.updatePassword, async ({ body, user }) => {
    const row = await findUserById(db, user.id);
    if (!row) throw notFound('User not found');
    if (!(await verifyPassword(row.passwordHash, body.currentPassword))) throw badRequest('Current password is incorrect');
    const token = await replacePassword(user.id, body.newPassword);
    return { success: true, message: 'Password updated successfully', token } as const;
  }, { changes: 'sessions' });

  // Names are shown on posts and comments, so a change makes the cached community answers stale.
  implement(app, auth.updateProfile, async ({ body, user }) => {
    const [row] = await db
      .update(users)
      .set({ firstName: body.firstName, lastName: body.lastName, address: body.address })
      .where(eq(users.id, user.id))
      .returning();
    if (!row) throw notFound('User not found');
    return { success: true, message: 'Profile updated successfully', user: toPublicUser(row) } as const;
  }, { changes: 'community' });

  implement(app, auth.profile, async ({ user }) => {
    const row = await findUserById(db, user.id);
    if (!row) throw notFound('User not found');
    return { success: true, user: toPublicUser(row) } as const;
  });

  implement(app, auth.logout, async ({ user }) => {
    await db.insert(revokedTokens).values({ jti: user.jti, expiresAt: user.tokenExpiresAt }).onConflictDoNothing();
    return { success: true, message: 'Signed out' } as const;
  }, { changes: 'sessions' });
}
