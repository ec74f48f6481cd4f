/**
 * A member's data as theirs (issue 35, ADR 134). The export is a ZIP streamed as it is made (yazl): the rows are read
 * first, so a failure is still an error answer, and each PDF is drawn only when the archive reaches it, piped with
 * back-pressure, so no more than one file is ever held. The delete erases the member in one transaction: places at
 * workshops are given back as a cancel gives them (the waitlist moves up and is told by mail), certificates are
 * revoked, posts and comments stay under "Deleted member" unless the member asks for them to go too.
 */
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { quizCategoryTitle } from '../../src/domain/quiz';
import * as data from '../data/account-data';
import type { Db } from '../data/client';
import { findUserById } from '../data/users';
import { deleteCodeMail } from '../mail/account-data-mails';
import type { Mailer } from '../mail/mailer';
import type { CertificateService } from './certificates';
import { invalid, unauthorized } from './errors';
import type { OtpService } from './otp';
import { verifyPassword } from './passwords';
import type { QuizAttempts } from './quizzes';
import { setTitle } from './quizzes';
import type { SessionUser } from './sessions';
import type { WorkshopService } from './workshops';

export const PRODUCT_NAME = 'SustainLearn';
export const ACCOUNT_DATA_TEXT = {
  wrongPassword: 'Current password is incorrect',
  passwordRequired: 'Enter your current password to delete your account',
  codeRequired: 'Enter the code we sent to your email address',
  hasPassword: 'Your account has a password: enter it to delete your account',
  codeSent: 'We sent a code to your email address',
  deleted: 'Your account has been deleted',
} as const;

export interface AccountDataDeps {
  db: Db;
  otp: OtpService;
  mailer: Mailer;
  publicUrl: string;
  now: () => number;
  workshops: WorkshopService;
  certificates: CertificateService;
  attempts: QuizAttempts;
  onError: (error: unknown) => void;
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
const day = (date: Date) => date.toISOString().slice(0, 10);
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function readme(exportedAt: Date, files: string[]): string {
  return [
    `Your ${PRODUCT_NAME} data, exported on ${exportedAt.toISOString()}`,
    '',
    'Files in this archive:',
    ...files.map((f) => `- ${f}`),
    '',
    'Each JSON file holds one kind of data: your profile and signed-in devices, your posts, your comments, what you',
    'liked, your quiz attempts with their answers, your course progress, your course assessment attempts with their',
    'answers, your certificates with their Open Badges 3.0 credentials (signed JSON Web Tokens), your workshop',
    'registrations, messages sent through the contact form from your email address, and the newsletter subscription',
    'of your email address, if there is one. The pdfs folder holds the',
    'results of each quiz you completed and each of your certificates.',
    '',
    'Page views: SustainLearn counts page views as totals per page and per day only. They hold nothing about who',
    'viewed a page, so none of them are yours to export.',
    '',
    'Your password is stored only as a salted hash, which is not included.',
    '',
  ].join('\n');
}

export class AccountDataService {
  constructor(private readonly deps: AccountDataDeps) {}

  /** The member's archive as a stream, and the name to save it under. */
  async exportZip(userId: string): Promise<{ stream: NodeJS.ReadableStream; filename: string }> {
    const { db, certificates, attempts, onError } = this.deps;
    const profile = await data.profileOf(db, userId);
    if (!profile || profile.deletedAt) throw unauthorized();
    const { deletedAt: _deleted, ...member } = profile;
    const certificateRows = await data.certificatesOf(db, userId);
    const credentials = await Promise.all(certificateRows.map((c) => certificates.credential(userId, c.id)));
    const quizzes = await data.quizAttemptsOf(db, userId);
    const files: [string, Buffer][] = [
      ['profile.json', json({ ...member, signedInDevices: await data.sessionsOf(db, userId) })],
      ['posts.json', json(await data.postsOf(db, userId))],
      ['comments.json', json(await data.commentsOf(db, userId))],
      ['likes.json', json(await data.likesOf(db, userId))],
      ['quiz-attempts.json', json(quizzes.map((q) => ({ ...q, topicTitle: quizCategoryTitle(q.category), setTitle: setTitle(q.setId) })))],
      ['course-progress.json', json(await data.courseProgressOf(db, userId))],
      ['assessment-attempts.json', json(await data.assessmentAttemptsOf(db, userId))],
      ['certificates.json', json(certificateRows.map(({ userId: _owner, statusIndex: _index, ...row }, i) => ({
        ...row, verificationUrl: certificates.verificationUrl(row.id), credential: credentials[i]!.credential,
      })))],
      ['workshop-registrations.json', json(await data.registrationsOfMember(db, userId))],
      ['contact-messages.json', json(await data.contactMessagesOf(db, member.email))],
      ['newsletter-subscription.json', json(await data.newsletterSubscriptionOf(db, member.email))],
    ];
    // Drawn one at a time, when the archive reaches them.
    const pdfs: [string, () => Promise<Buffer>][] = [
      ...quizzes.filter((q) => q.status === 'completed').map((q): [string, () => Promise<Buffer>] => [
        `pdfs/quiz-results-${slug(quizCategoryTitle(q.category))}-${slug(setTitle(q.setId))}-${day(q.completedAt ?? q.createdAt)}-${q.id.slice(0, 8)}.pdf`,
        () => attempts.resultsPdf(userId, q.id, PRODUCT_NAME),
      ]),
      ...certificateRows.map((c): [string, () => Promise<Buffer>] => [`pdfs/certificate-${slug(c.courseTitle)}-${c.id}.pdf`, () => certificates.pdf(userId, c.id)]),
    ];
    const avatar = await data.avatarOf(db, userId);
    const exportedAt = new Date(this.deps.now());
    const names = ['README.txt', ...files.map(([name]) => name), ...(avatar ? ['avatar.webp'] : []), ...pdfs.map(([name]) => name)];

    const zip = new ZipFile();
    const mtime = exportedAt;
    zip.addBuffer(Buffer.from(readme(exportedAt, names.slice(1)), 'utf8'), 'README.txt', { mtime });
    for (const [name, body] of files) zip.addBuffer(body, name, { mtime });
    if (avatar) zip.addBuffer(avatar, 'avatar.webp', { mtime, compress: false });
    for (const [name, draw] of pdfs) {
      zip.addReadStreamLazy(name, { mtime, compress: false }, (done) => {
        draw().then((bytes) => done(null, Readable.from([bytes])), (error: unknown) => done(error, Readable.from([])));
      });
    }
    zip.on('error', (error: unknown) => {
      // Past the headers nothing can be answered: the connection ends, and the download fails visibly.
      onError(error);
      (zip.outputStream as Readable).destroy(error instanceof Error ? error : new Error(String(error)));
    });
    zip.end();
    return { stream: zip.outputStream, filename: `sustainlearn-data-${day(exportedAt)}.zip` };
  }

  /** Mails a code to a member without a password; one with a password confirms with it instead. */
  async requestDeleteCode(session: SessionUser): Promise<void> {
    const { db, otp, mailer, publicUrl, onError } = this.deps;
    const row = await findUserById(db, session.id);
    if (!row || row.deletedAt) throw unauthorized();
    if (row.passwordHash) throw invalid(ACCOUNT_DATA_TEXT.hasPassword);
    const code = await otp.issue(row.email, 'delete-account');
    mailer.send(deleteCodeMail(row.email, code, publicUrl)).catch(onError);
  }

  /**
   * Deletes the account once its password (or, without one, its mailed code) is confirmed. Every token of the member
   * dies with it (users.tokens_valid_after); the route tells the other processes (ADR 061).
   */
  async deleteAccount(session: SessionUser, input: { password?: string | undefined; code?: string | undefined; deletePosts: boolean }): Promise<void> {
    const { db, otp, workshops, now } = this.deps;
    const row = await findUserById(db, session.id);
    if (!row || row.deletedAt) throw unauthorized();
    if (row.passwordHash) {
      if (!input.password) throw invalid(ACCOUNT_DATA_TEXT.passwordRequired);
      if (!(await verifyPassword(row.passwordHash, input.password))) throw invalid(ACCOUNT_DATA_TEXT.wrongPassword);
    } else {
      if (!input.code) throw invalid(ACCOUNT_DATA_TEXT.codeRequired);
      await otp.consume(row.email, 'delete-account', input.code);
    }
    const moved = await db.transaction(async (tx) => {
      const member = await data.lockLiveMember(tx, session.id);
      if (!member) throw unauthorized();
      const released = await workshops.releasePlacesOf(tx, member.id);
      // Revoked with the rest, each with its place in the published status list (ADR 131).
      await this.deps.certificates.revokeWithin(tx, member.id);
      await data.eraseMember(tx, member, { deletePosts: input.deletePosts, now: new Date(now()) });
      return released;
    });
    await workshops.tellMovedUp(moved);
  }
}
