/**
 * Account use cases: email-OTP signup, login, password reset, profile, password change, logout.
 * Signup for a known email and reset for an unknown one answer exactly as the normal case does (see ADR 005).
 */
import { NAME_TEXT, nameProblem, type User } from '../../src/domain/user';
import type { Db } from '../data/client';
import { revokeSessionToken } from '../data/user-sessions';
import { ensureUser, findUserByEmail, findUserById, type ProfileUpdate, setPasswordHash, updateNames, type UserRow } from '../data/users';
import { existingAccountMail, otpMail } from '../mail/auth-mails';
import type { Mail, Mailer } from '../mail/mailer';
import { suspendedMessage } from '../../src/domain/suspension';
import { forbidden, invalid, invalidField, notFound } from './errors';
import type { LimitService } from './limits';
import type { OtpService } from './otp';
import { hashPassword, verifyPassword } from './passwords';
import { type SessionUser, startSession } from './sessions';
import type { TokenService } from './tokens';

export const OTP_SENT_MESSAGE = 'OTP sent successfully!';
export const INVALID_CREDENTIALS = 'Invalid credentials';
/** How long after its code was verified a token may set a password. */
export const SET_PASSWORD_WINDOW_MS = 15 * 60 * 1000;
export const VERIFY_CODE_FIRST = 'Please verify your email with a new code before setting a password.';

export function toPublicUser(row: UserRow): User {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    address: row.address,
    name,
    email: row.email,
    profilePicture: row.profilePicture,
  };
}

/**
 * Every sign-in path refuses a suspended member with the reason staff gave (ADR 140): only once they have proved who
 * they are (the right password or code), so the refusal tells nobody else that the account exists or is suspended.
 */
function refuseSuspended(row: Pick<UserRow, 'suspendedAt' | 'suspendedReason'> | undefined): void {
  if (row?.suspendedAt) throw forbidden(suspendedMessage(row.suspendedReason ?? ''));
}

export interface AccountDeps {
  db: Db;
  otp: OtpService;
  tokens: TokenService;
  mailer: Mailer;
  publicUrl: string;
  now: () => number;
  limits: LimitService;
  onMailFailure: (error: unknown) => void;
}

export class AccountService {
  constructor(private readonly deps: AccountDeps) {}

  /** Mail goes out in the background: the answer's timing never depends on the mail server or on the branch taken. */
  private mailLater(mail: Mail) {
    this.deps.mailer.send(mail).catch(this.deps.onMailFailure);
  }

  async requestSignupCode(email: string): Promise<void> {
    const { db, otp, publicUrl } = this.deps;
    const code = await otp.issue(email, 'signup');
    const existing = await findUserByEmail(db, email);
    this.mailLater(existing?.passwordHash ? existingAccountMail(email, publicUrl) : otpMail(email, 'signup', code, publicUrl));
  }

  /** A right code makes the account (without a password yet) and answers a token for the password step. */
  async verifySignup(email: string, code: string, userAgent = ''): Promise<string> {
    const { db, otp, tokens } = this.deps;
    const existing = await findUserByEmail(db, email);
    await otp.consume(email, 'signup', code);
    // A finished account never gets a signup code by mail, so only an unfinished signup can reach this point.
    if (existing?.passwordHash) throw invalid('Invalid OTP. Please try again.');
    refuseSuspended(existing);
    const user = existing ?? (await ensureUser(db, email));
    // The token of the code step stays the session's once the password is set (ADR 065): it is a device from now on.
    return startSession(db, tokens, user.id, userAgent, 'otp');
  }

  /**
   * Wrong passwords slow down this pair (email, address) and this address, never the right password elsewhere. The
   * slot is taken before the password is checked, so checks sent at once cannot pass the budget (ADR 123).
   */
  async login(email: string, password: string, address: string, userAgent = ''): Promise<string> {
    const { db, limits, tokens } = this.deps;
    await limits.takeLoginSlot(email, address);
    const user = await findUserByEmail(db, email);
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user || !ok) throw invalid(INVALID_CREDENTIALS);
    await limits.loginSucceeded(email, address);
    refuseSuspended(user);
    return startSession(db, tokens, user.id, userAgent);
  }

  async requestResetCode(email: string): Promise<void> {
    const { db, otp, publicUrl } = this.deps;
    const code = await otp.issue(email, 'reset');
    const user = await findUserByEmail(db, email);
    if (user) this.mailLater(otpMail(email, 'reset', code, publicUrl));
  }

  async verifyReset(email: string, code: string, userAgent = ''): Promise<string> {
    const { db, otp, tokens } = this.deps;
    await otp.consume(email, 'reset', code);
    const user = await findUserByEmail(db, email);
    if (!user) throw invalid('Invalid OTP. Please try again.');
    refuseSuspended(user);
    return startSession(db, tokens, user.id, userAgent, 'otp');
  }

  /** Sets a new password: every other token of the member dies, the one it was set with stays valid. */
  private async replacePassword(session: SessionUser, password: string, names?: { firstName: string; lastName: string }): Promise<void> {
    await setPasswordHash(this.deps.db, session.id, await hashPassword(password), new Date(this.deps.now()), session.jti, names);
  }

  /**
   * The password step of signup and reset. Only a token from a code verified in the last 15 minutes may set a
   * password, once: a stolen login token cannot take the account over (update-password asks for the current one).
   */
  async setPassword(session: SessionUser, password: string, names: { firstName: string; lastName: string } | null = null): Promise<void> {
    if (session.tokenPurpose !== 'otp' || this.deps.now() - session.tokenIssuedAtMs > SET_PASSWORD_WINDOW_MS) {
      throw forbidden(VERIFY_CODE_FIRST);
    }
    const row = await findUserById(this.deps.db, session.id);
    if (!row) throw notFound('User not found');
    // Used once: setting the password moves tokens_valid_after past this token's issue time.
    if (session.tokenIssuedAtMs < row.tokensValidAfter.getTime()) throw forbidden(VERIFY_CODE_FIRST);
    // A new member (no password yet) gives their name with it: a byline is a name, never "User" (issue 35).
    const problem = names ? nameProblem(names.firstName, names.lastName) : row.passwordHash ? null : NAME_TEXT.required;
    if (problem) throw invalid(problem);
    await this.replacePassword(session, password, names ?? undefined);
  }

  async updatePassword(session: SessionUser, currentPassword: string, newPassword: string): Promise<void> {
    const row = await findUserById(this.deps.db, session.id);
    if (!row) throw notFound('User not found');
    if (!(await verifyPassword(row.passwordHash, currentPassword))) throw invalidField('currentPassword', 'Current password is incorrect');
    await this.replacePassword(session, newPassword);
  }

  /** The names and address, and the public profile's fields that were sent (issue 35); absent ones stay as they are. */
  async updateProfile(session: SessionUser, fields: ProfileUpdate): Promise<User> {
    const row = await updateNames(this.deps.db, session.id, fields);
    if (!row) throw notFound('User not found');
    return toPublicUser(row);
  }

  async profile(session: SessionUser): Promise<User> {
    const row = await findUserById(this.deps.db, session.id);
    if (!row) throw notFound('User not found');
    return toPublicUser(row);
  }

  /** The token is revoked and its device row goes with it. */
  logout(session: SessionUser): Promise<void> {
    return revokeSessionToken(this.deps.db, session.jti, session.tokenExpiresAt);
  }
}
