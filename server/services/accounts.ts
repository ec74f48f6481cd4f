/**
 * Account use cases: email-OTP signup, login, password reset, profile, password change, logout.
 * Signup for a known email and reset for an unknown one answer exactly as the normal case does (see ADR 005).
 */
import type { User } from '../../src/domain/user';
import type { Db } from '../data/client';
import { revokeToken } from '../data/revoked-tokens';
import { ensureUser, findUserByEmail, findUserById, setPasswordHash, updateNames, type UserRow } from '../data/users';
import { existingAccountMail, otpMail } from '../mail/auth-mails';
import type { Mail, Mailer } from '../mail/mailer';
import { invalid, notFound } from './errors';
import type { OtpService } from './otp';
import { hashPassword, verifyPassword } from './passwords';
import type { SessionUser } from './sessions';
import type { TokenService } from './tokens';

export const OTP_SENT_MESSAGE = 'OTP sent successfully!';
export const INVALID_CREDENTIALS = 'Invalid credentials';

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

export interface AccountDeps {
  db: Db;
  otp: OtpService;
  tokens: TokenService;
  mailer: Mailer;
  publicUrl: string;
  now: () => number;
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
  async verifySignup(email: string, code: string): Promise<string> {
    const { db, otp, tokens } = this.deps;
    const existing = await findUserByEmail(db, email);
    await otp.consume(email, 'signup', code);
    // A finished account never gets a signup code by mail, so only an unfinished signup can reach this point.
    if (existing?.passwordHash) throw invalid('Invalid OTP. Please try again.');
    const user = existing ?? (await ensureUser(db, email));
    return tokens.issue(user.id);
  }

  async login(email: string, password: string): Promise<string> {
    const user = await findUserByEmail(this.deps.db, email);
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user || !ok) throw invalid(INVALID_CREDENTIALS);
    return this.deps.tokens.issue(user.id);
  }

  async requestResetCode(email: string): Promise<void> {
    const { db, otp, publicUrl } = this.deps;
    const code = await otp.issue(email, 'reset');
    const user = await findUserByEmail(db, email);
    if (user) this.mailLater(otpMail(email, 'reset', code, publicUrl));
  }

  async verifyReset(email: string, code: string): Promise<string> {
    const { db, otp, tokens } = this.deps;
    await otp.consume(email, 'reset', code);
    const user = await findUserByEmail(db, email);
    if (!user) throw invalid('Invalid OTP. Please try again.');
    return tokens.issue(user.id);
  }

  /** Sets a new password and kills every older token; answers the one new token. */
  private async replacePassword(userId: string, password: string): Promise<string> {
    await setPasswordHash(this.deps.db, userId, await hashPassword(password), new Date(this.deps.now()));
    return this.deps.tokens.issue(userId);
  }

  setPassword(session: SessionUser, password: string): Promise<string> {
    return this.replacePassword(session.id, password);
  }

  async updatePassword(session: SessionUser, currentPassword: string, newPassword: string): Promise<string> {
    const row = await findUserById(this.deps.db, session.id);
    if (!row) throw notFound('User not found');
    if (!(await verifyPassword(row.passwordHash, currentPassword))) throw invalid('Current password is incorrect');
    return this.replacePassword(session.id, newPassword);
  }

  async updateProfile(session: SessionUser, names: { firstName: string; lastName: string; address: string }): Promise<User> {
    const row = await updateNames(this.deps.db, session.id, names);
    if (!row) throw notFound('User not found');
    return toPublicUser(row);
  }

  async profile(session: SessionUser): Promise<User> {
    const row = await findUserById(this.deps.db, session.id);
    if (!row) throw notFound('User not found');
    return toPublicUser(row);
  }

  logout(session: SessionUser): Promise<void> {
    return revokeToken(this.deps.db, session.jti, session.tokenExpiresAt);
  }
}
