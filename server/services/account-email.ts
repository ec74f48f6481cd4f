/**
 * Changing the member's email (issue 35 item 6, ADR 133): a code goes to the new address, the code makes it the email,
 * the old address is told. The answer to a request is the same whether the address is free or taken; only the owner
 * of a taken address reads, in their mailbox, that it cannot be used (as with signup).
 */
import type { User } from '../../src/domain/user';
import { replaceEmail, setPendingEmail } from '../data/account-email';
import type { Db } from '../data/client';
import { findUserByEmail, findUserById } from '../data/users';
import { emailChangeCodeMail, emailChangedMail, emailInUseMail } from '../mail/account-mails';
import type { Mail, Mailer } from '../mail/mailer';
import { toPublicUser } from './accounts';
import { conflict, invalid, notFound } from './errors';
import { OTP_INVALID_MESSAGE, type CodePurpose, type OtpService } from './otp';
import { verifyPassword } from './passwords';
import type { SessionUser } from './sessions';

export const EMAIL_TEXT = {
  sameEmail: 'This is already your email address',
  passwordRequired: 'Current password is required',
  passwordWrong: 'Current password is incorrect',
  taken: 'That email address is already in use',
  changed: 'Email updated successfully',
} as const;

/** A member's code for a new address is theirs alone. */
const purposeFor = (userId: string): CodePurpose => `email-change:${userId}`;

export interface AccountEmailDeps {
  db: Db;
  otp: OtpService;
  mailer: Mailer;
  publicUrl: string;
  onMailFailure: (error: unknown) => void;
}

export class AccountEmailService {
  constructor(private readonly deps: AccountEmailDeps) {}

  /** Mail goes out in the background: the answer's timing never depends on the mail server or on the branch taken. */
  private mailLater(mail: Mail) {
    this.deps.mailer.send(mail).catch(this.deps.onMailFailure);
  }

  /** Sends a code to the new address (the same limits as any code: one per 120 s, 10 minutes, 5 guesses). */
  async request(session: SessionUser, email: string, currentPassword: string | undefined): Promise<void> {
    const { db, otp, publicUrl } = this.deps;
    const row = await findUserById(db, session.id);
    if (!row) throw notFound('User not found');
    if (email === row.email) throw invalid(EMAIL_TEXT.sameEmail);
    if (row.passwordHash) {
      if (!currentPassword) throw invalid(EMAIL_TEXT.passwordRequired);
      if (!(await verifyPassword(row.passwordHash, currentPassword))) throw invalid(EMAIL_TEXT.passwordWrong);
    }
    const code = await otp.issue(email, purposeFor(row.id));
    await setPendingEmail(db, row.id, email);
    const taken = await findUserByEmail(db, email);
    this.mailLater(taken ? emailInUseMail(email, publicUrl) : emailChangeCodeMail(email, code, publicUrl));
  }

  /** The right code makes the pending address the email; the old address is told. Sessions stay signed in. */
  async confirm(session: SessionUser, code: string): Promise<User> {
    const { db, otp, publicUrl } = this.deps;
    const row = await findUserById(db, session.id);
    if (!row) throw notFound('User not found');
    const pending = row.pendingEmail;
    if (!pending) throw invalid(OTP_INVALID_MESSAGE);
    await otp.consume(pending, purposeFor(row.id), code);
    const updated = await replaceEmail(db, row.id, pending);
    // Taken between the code and now (someone signed up with it): said to the one who proved they hold the address.
    if (updated === 'taken') throw conflict(EMAIL_TEXT.taken);
    if (!updated) throw invalid(OTP_INVALID_MESSAGE);
    this.mailLater(emailChangedMail(row.email, updated.email, publicUrl));
    return toPublicUser(updated);
  }
}
