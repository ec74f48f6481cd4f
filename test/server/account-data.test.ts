/**
 * A member's data as theirs (issue 35 items 7 and 8, ADR 134), over HTTP on PGlite and PostgreSQL: the export is a
 * valid ZIP holding the member's own post, comments, certificate with its credential and PDFs, and nothing of another
 * member's; it is rate-limited. The delete is refused without the right password; after it the token answers 401,
 * login fails, kept posts and comments read "Deleted member", a seat goes to the first on the waitlist (who is mailed),
 * the certificate is revoked, and the same email signs up again as a new member. A member without a password deletes
 * with a mailed code. Two app instances on one PostgreSQL refuse the token at once too.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/data/client';
import { certificates, courses, quizAttempts, quizQuestions, users, workshopRegistrations, workshops, workshopSeries } from '../../server/data/schema';
import { ACCOUNT_DATA_TEXT } from '../../server/services/account-data';
import { deleteAccount, exportAccountData, requestDeleteCode } from '../../src/contract/account-data';
import * as auth from '../../src/contract/auth';
import { createComment, listComments } from '../../src/contract/comments';
import { createDiscussion, getDiscussion, likeDiscussion } from '../../src/contract/discussions';
import { getWorkshop, registerWorkshop } from '../../src/contract/workshops';
import { createPostgresDatabase } from '../support/postgres';
import { send } from './api';
import { describeWithApp, MemoryMailer, type TestContext } from './fixture';
import { codeFrom, type Member, mailSent, members, PASSWORD, signUp } from './members';
import { unzip } from './unzip';

const ENV = { RATE_LIMIT: 'on', JOB_POLL_SECONDS: '0' };
const TOPIC = { category: 'climate-action', subcategory: 'embodied-carbon' };
const settle = () => new Promise((r) => setTimeout(r, 20));

async function post(ctx: TestContext, author: Member, title: string): Promise<string> {
  const res = await send(ctx, createDiscussion, { body: { title, content: `<p>${title}, in detail.</p>`, ...TOPIC }, token: author.token });
  expect(res.statusCode).toBe(200);
  return res.json().discussion._id;
}

async function comment(ctx: TestContext, author: Member, discussionId: string, text: string): Promise<string> {
  const res = await send(ctx, createComment, { body: { discussionId, content: `<p>${text}</p>` }, token: author.token });
  expect(res.statusCode).toBe(200);
  return res.json().comment._id;
}

/** A certificate of the member's, as the assessment's pass issues it (learning.test.ts walks that road). */
async function certificateOf(ctx: TestContext, m: Member, learnerName: string): Promise<string> {
  const { db } = ctx.database;
  const [course] = await db.select().from(courses).limit(1);
  const [row] = await db.insert(certificates).values({
    userId: m.id, courseId: course!.id, learnerName, courseTitle: course!.title, minutes: 90, score: 9, totalQuestions: 10, issuedAt: new Date(ctx.clock.now),
  }).returning({ id: certificates.id });
  return row!.id;
}

/** A completed quiz attempt of the member's (quizzes.test.ts walks the answers). */
async function quizDone(ctx: TestContext, m: Member): Promise<void> {
  const { db } = ctx.database;
  const [question] = await db.select().from(quizQuestions).limit(1);
  const total = (await db.select().from(quizQuestions).where(eq(quizQuestions.category, question!.category))).filter((q) => q.setId === question!.setId).length;
  await db.insert(quizAttempts).values({
    userId: m.id, category: question!.category, setId: question!.setId, status: 'completed', score: 1, totalQuestions: total, completedAt: new Date(ctx.clock.now),
  });
}

/** A session of its own, `capacity` seats, three days ahead (workshops.test.ts makes them the same way). */
async function session(ctx: TestContext, capacity: number): Promise<string> {
  const { db } = ctx.database;
  const [series] = await db.select().from(workshopSeries).limit(1);
  const [row] = await db.insert(workshops).values({
    slug: `account-${Math.random().toString(36).slice(2, 10)}`, title: series!.title, description: series!.description, imageUrl: series!.imageUrl,
    startsAt: new Date(Math.floor((ctx.clock.now + 72 * 3_600_000) / 60_000) * 60_000), duration: series!.duration, joinUrl: series!.joinUrl,
    seriesId: series!.id, capacity,
  }).returning({ id: workshops.id });
  return row!.id;
}

async function exported(ctx: TestContext, m: Member) {
  const res = await send(ctx, exportAccountData, { token: m.token });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="sustainlearn-data-\d{4}-\d{2}-\d{2}\.zip"$/);
  return unzip(res.rawPayload);
}

const remove = (ctx: TestContext, m: Member, body: { password?: string; code?: string; deletePosts?: boolean }) =>
  send(ctx, deleteAccount, { body: { deletePosts: false, ...body }, token: m.token });

describeWithApp('account data', { seed: true, env: ENV }, (ctx) => {
  it("exports a valid ZIP of the member's own data, PDFs included, and nothing of another member's", async () => {
    const [ada, bob] = await members(ctx(), 2, 'export');
    const adaPost = await post(ctx(), ada!, 'Ada asks about timber towers');
    const bobPost = await post(ctx(), bob!, 'Bob builds with rammed earth');
    await comment(ctx(), ada!, bobPost, 'Ada answers Bob');
    await comment(ctx(), bob!, adaPost, 'Bob replies under Ada');
    expect((await send(ctx(), likeDiscussion, { params: { id: bobPost }, token: ada!.token })).statusCode).toBe(200);
    const certificate = await certificateOf(ctx(), ada!, 'Export No0');
    await certificateOf(ctx(), bob!, 'Export No1');
    await quizDone(ctx(), ada!);

    const files = await exported(ctx(), ada!);
    expect([...files.keys()]).toEqual(expect.arrayContaining([
      'README.txt', 'profile.json', 'posts.json', 'comments.json', 'likes.json', 'quiz-attempts.json', 'course-progress.json',
      'assessment-attempts.json', 'certificates.json', 'workshop-registrations.json', 'contact-messages.json', 'newsletter-subscription.json',
    ]));
    const text = (name: string) => files.get(name)!.toString('utf8');
    const parsed = (name: string) => JSON.parse(text(name));
    expect(parsed('profile.json')).toMatchObject({ id: ada!.id, email: ada!.email, firstName: 'Export', lastName: 'No0', hasPassword: true });
    expect(parsed('posts.json').map((p: { title: string }) => p.title)).toEqual(['Ada asks about timber towers']);
    expect(parsed('comments.json').map((c: { content: string }) => c.content)).toEqual(['<p>Ada answers Bob</p>']);
    expect(parsed('likes.json').posts.map((l: { postId: string }) => l.postId)).toEqual([bobPost]);
    expect(parsed('quiz-attempts.json')).toHaveLength(1);
    const [cert] = parsed('certificates.json');
    expect(cert).toMatchObject({ id: certificate, learnerName: 'Export No0' });
    expect(cert.credential.split('.')).toHaveLength(3);
    // The README says what is there, and why no page view is.
    expect(text('README.txt')).toMatch(/Page views: .* hold nothing about who\s+viewed a page/);
    const pdfs = [...files.keys()].filter((name) => name.startsWith('pdfs/'));
    expect(pdfs).toHaveLength(2);
    expect(pdfs.some((name) => name.includes(certificate))).toBe(true);
    for (const name of pdfs) expect(files.get(name)!.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Nothing of Bob's: not his post, not his comment, not his email, not his certificate.
    const everything = [...files.values()].map((b) => b.toString('latin1')).join('\n');
    for (const his of ['Bob builds with rammed earth', 'Bob replies under Ada', bob!.email, 'Export No1', bob!.id]) {
      expect(everything).not.toContain(his);
    }
    expect((await send(ctx(), exportAccountData)).statusCode).toBe(401);
  });

  it('limits exports to three an hour per member', async () => {
    const [cleo] = await members(ctx(), 1, 'limited');
    for (let i = 0; i < 3; i++) expect((await send(ctx(), exportAccountData, { token: cleo!.token })).statusCode).toBe(200);
    const refused = await send(ctx(), exportAccountData, { token: cleo!.token });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('refuses the delete without the right password, and changes nothing', async () => {
    const [dan] = await members(ctx(), 1, 'wrong');
    const wrong = await remove(ctx(), dan!, { password: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ACCOUNT_DATA_TEXT.wrongPassword);
    const none = await remove(ctx(), dan!, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(ACCOUNT_DATA_TEXT.passwordRequired);
    // A member with a password confirms with it, not with a code.
    expect((await send(ctx(), requestDeleteCode, { token: dan!.token })).statusCode).toBe(400);
    expect((await send(ctx(), auth.profile, { token: dan!.token })).statusCode).toBe(200);
    const [row] = await ctx().database.db.select().from(users).where(eq(users.id, dan!.id));
    expect(row!.deletedAt).toBeNull();
    expect(row!.email).toBe(dan!.email);
  });

  it('deletes an account: token dead, login refused, posts kept as "Deleted member", seat passed on, certificate revoked, email free', async () => {
    const [erin, fay, gus] = await members(ctx(), 3, 'leaving');
    const { db } = ctx().database;
    const kept = await post(ctx(), erin!, 'Erin on passive ventilation');
    const fayPost = await post(ctx(), fay!, 'Fay on daylight');
    const erinComment = await comment(ctx(), erin!, fayPost, 'Erin says thanks');
    const certificate = await certificateOf(ctx(), erin!, 'Leaving No0');
    // Erin holds the one seat; Fay waits, then Gus.
    const full = await session(ctx(), 1);
    for (const m of [erin!, fay!, gus!]) expect((await send(ctx(), registerWorkshop, { params: { id: full }, token: m.token })).statusCode).toBe(200);
    expect((await send(ctx(), getWorkshop, { params: { id: full }, token: fay!.token })).json().workshop.myStatus).toBe('waitlisted');

    const gone = await remove(ctx(), erin!, { password: PASSWORD });
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ success: true, message: ACCOUNT_DATA_TEXT.deleted });

    // Every token of hers ends at once, for reads and writes.
    expect((await send(ctx(), auth.profile, { token: erin!.token })).statusCode).toBe(401);
    expect((await remove(ctx(), erin!, { password: PASSWORD })).statusCode).toBe(401);
    const login = await send(ctx(), auth.login, { body: { email: erin!.email, password: PASSWORD } });
    expect(login.statusCode).toBe(400);

    // Her post and comment stay, signed "Deleted member", with no id to link to.
    const thread = (await send(ctx(), getDiscussion, { params: { id: kept }, token: fay!.token })).json().discussion;
    expect(thread.createdBy).toEqual({ _id: '', name: 'Deleted member' });
    const replies = (await send(ctx(), listComments, { params: { id: fayPost }, token: fay!.token })).json().comments;
    expect(replies.find((c: { _id: string }) => c._id === erinComment).createdBy).toMatchObject({ _id: '', name: 'Deleted member' });

    // Her seat went to Fay, who was told; Gus is first in line now.
    const fays = (await send(ctx(), getWorkshop, { params: { id: full }, token: fay!.token })).json().workshop;
    expect(fays).toMatchObject({ myStatus: 'registered', seatsLeft: 0, waitlisted: 1 });
    await settle();
    expect(ctx().mailer.sent.some((m) => m.to === fay!.email && /^A seat opened/.test(m.subject))).toBe(true);
    expect(await db.select().from(workshopRegistrations).where(eq(workshopRegistrations.userId, erin!.id))).toEqual([]);

    // The certificate is revoked and no longer names her.
    const [revoked] = await db.select().from(certificates).where(eq(certificates.id, certificate));
    expect(revoked!.revokedAt).not.toBeNull();
    expect(revoked!.learnerName).toBe('Deleted member');

    // The row is an emptied tombstone; the address is free.
    const [row] = await db.select().from(users).where(eq(users.id, erin!.id));
    expect(row).toMatchObject({ email: `deleted:${erin!.id}`, passwordHash: null, firstName: '', lastName: '', bio: '', certificateName: null });
    expect(row!.deletedAt).not.toBeNull();
    const again = await signUp(ctx(), erin!.email, 'a brand new password', { firstName: 'Erin', lastName: 'Again' });
    const profile = (await send(ctx(), auth.profile, { token: again })).json().user;
    expect(profile).toMatchObject({ email: erin!.email, firstName: 'Erin', lastName: 'Again' });
    expect(profile._id).not.toBe(erin!.id);
  });

  it('deletes the posts and comments too when the member asks', async () => {
    const [hal, ivy] = await members(ctx(), 2, 'tidy');
    const gone = await post(ctx(), hal!, 'Hal on green roofs');
    const ivyPost = await post(ctx(), ivy!, 'Ivy on rainwater');
    await comment(ctx(), hal!, ivyPost, 'Hal agrees');
    expect((await remove(ctx(), hal!, { password: PASSWORD, deletePosts: true })).statusCode).toBe(200);
    expect((await send(ctx(), getDiscussion, { params: { id: gone }, token: ivy!.token })).statusCode).toBe(404);
    expect((await send(ctx(), listComments, { params: { id: ivyPost }, token: ivy!.token })).json().comments).toEqual([]);
  });

  it('deletes an account without a password with a code mailed to it', async () => {
    const email = 'no.password.yet@example.com';
    expect((await send(ctx(), auth.requestSignupOtp, { body: { email } })).statusCode).toBe(200);
    await mailSent();
    const verified = await send(ctx(), auth.verifySignupOtp, { body: { email, otp: codeFrom(ctx(), email)! } });
    const token = verified.json().token as string;
    const jay: Member = { id: '', email, token, auth: { authorization: `Bearer ${token}` } };
    const without = await remove(ctx(), jay, {});
    expect(without.json().message).toBe(ACCOUNT_DATA_TEXT.codeRequired);
    expect((await send(ctx(), requestDeleteCode, { token })).statusCode).toBe(200);
    await mailSent();
    const mail = ctx().mailer.lastTo(email)!;
    expect(mail.subject).toBe('Your SustainLearn account deletion code');
    const code = codeFrom(ctx(), email)!;
    expect((await remove(ctx(), jay, { code: code === '000000' ? '111111' : '000000' })).statusCode).toBe(400);
    expect((await remove(ctx(), jay, { code })).statusCode).toBe(200);
    expect((await send(ctx(), auth.profile, { token })).statusCode).toBe(401);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('account delete on two instances of one PostgreSQL', () => {
  it('refuses the token on the other instance at once for a write and within a second for a read', async () => {
    const database = await createPostgresDatabase(process.env.DATABASE_URL!);
    const config = loadConfig({
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789', LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent', RATE_LIMIT: 'off',
      CONTENT_CACHE_SECONDS: '0', JOB_POLL_SECONDS: '0',
    });
    const opened = [await openDatabase({ databaseUrl: database.url, dataDir: null }), await openDatabase({ databaseUrl: database.url, dataDir: null })];
    const clock = { now: Date.now(), advance(ms: number) { this.now += ms; } };
    const contexts: TestContext[] = [];
    try {
      for (const db of opened) {
        const mailer = new MemoryMailer();
        const app = await buildApp({ config, database: db, mailer, logger: false, now: () => clock.now });
        await app.ready();
        contexts.push({ app, database: db, mailer, clock });
      }
      const [a, b] = contexts as [TestContext, TestContext];
      const [kim] = await members(a, 1, 'cluster');
      // Instance B knows the token (a read it keeps for a second at most, ADR 061).
      expect((await send(b, auth.profile, { token: kim!.token })).statusCode).toBe(200);
      expect((await remove(a, kim!, { password: PASSWORD })).statusCode).toBe(200);
      expect((await send(b, createDiscussion, { body: { title: 'Still here?', content: '<p>No.</p>', ...TOPIC }, token: kim!.token })).statusCode).toBe(401);
      const started = Date.now();
      let status = 200;
      while (status !== 401 && Date.now() - started < 1500) {
        status = (await send(b, auth.profile, { token: kim!.token })).statusCode;
        if (status !== 401) await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe(401);
      expect(Date.now() - started).toBeLessThan(1200);
    } finally {
      for (const c of contexts) await c.app.close();
      for (const db of opened) await db.close();
      await database.drop();
    }
  }, 60_000);
});
