/**
 * A valid request for every write with a budget (fuzz-concurrent.test.ts), from a member of its own, prepared from
 * another address than the burst's so that preparing spends none of the budget under test.
 */
import type { LightMyRequestResponse as Response } from 'fastify';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { courseQuestions } from '../../server/data/schema';
import { WRITE_LIMITS } from '../../server/services/limits';
import * as accountEmail from '../../src/contract/account-email';
import * as accountSessions from '../../src/contract/account-sessions';
import * as auth from '../../src/contract/auth';
import { createComment } from '../../src/contract/comments';
import type { Call } from '../../src/contract/define';
import { createDiscussion } from '../../src/contract/discussions';
import * as learning from '../../src/contract/learning';
import { answerQuestion, startQuiz } from '../../src/contract/quizzes';
import { registerWorkshop } from '../../src/contract/workshops';
import { submitFeedback } from '../../src/contract/feedback';
import { discussions, feedback, newsletterSubscribers, staffRoles, users, workshops } from '../../server/data/schema';
import * as newsletter from '../../src/contract/newsletter';
import * as authoring from '../../src/contract/authoring';
import type { StaffRole } from '../../src/domain/staff';
import { suspendMember } from '../../src/contract/staff-members';
import type { TestContext } from './fixture';
import { codeFrom, mailSent, type Member, PASSWORD } from './members';
import { unsubscribeToken } from './notification-support';
import { saveMemberships as saveCpdMemberships } from '../../src/contract/cpd';


export const AT_ONCE = 30;
/** How many are sent at once for a budget: 30, or enough to overrun the budget by 10. */
export const burstSize = (budget: number) => Math.max(AT_ONCE, budget + 10);

// ---------------------------------------------------------------------------------------------------------------------
// A valid request for every write with a budget, from a member of its own, prepared from another address than the
// burst's so that preparing spends none of the budget under test.

export interface Seeded {
  category: string;
  subcategory: string;
  quizCategory: string;
  quizSet: string;
  course: string;
  lessons: string[];
  workshop: string;
}

export interface Prep {
  ctx: TestContext;
  who: Member;
  seeded: Seeded;
  /** Sends a call from the preparing address, as `who`; fails the test unless it answers 200. */
  ok(c: Call, options?: { params?: Record<string, string>; body?: unknown; signedOut?: boolean }): Promise<Response>;
  fresh(label: string): string;
}

export interface Burst {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Sent with the member's token (every call that needs a member). */
  signedIn: boolean;
  /** Other tokens of the same member, taken in turn instead of the member's own (a logout ends the one it is sent with). */
  tokens?: string[];
  /** A code request: one resend window, so at most one code is issued and mailed to this email. */
  codeFor?: string;
  /** Headers of a body that is not JSON (an avatar upload's multipart). */
  headers?: Record<string, string>;
}

/** A small PNG as a browser's FormData sends it (the avatar upload). */
async function pictureUpload(): Promise<{ body: Buffer; headers: Record<string, string> }> {
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#1f6f4a' } }).png().toBuffer();
  const boundary = '----sustainlearnburst';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`);
  return { body: Buffer.concat([head, png, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const post = (s: Seeded) => ({ title: 'Burst', content: '<p>Burst</p>', category: s.category, subcategory: s.subcategory });
const discussionOf = async (p: Prep) => (await p.ok(createDiscussion, { body: post(p.seeded) })).json().discussion._id as string;
const commentOf = async (p: Prep) =>
  (await p.ok(createComment, { body: { discussionId: await discussionOf(p), content: '<p>Burst comment</p>' } })).json().comment._id as string;
const attemptOf = async (p: Prep, answered = false) => {
  const attempt = (await p.ok(startQuiz, { body: { category: p.seeded.quizCategory, sdgSet: p.seeded.quizSet } })).json().attempt as { _id: string; totalQuestions: number };
  for (let i = 0; answered && i < attempt.totalQuestions; i++) {
    await p.ok(answerQuestion, { params: { id: attempt._id }, body: { questionIndex: i, selectedOption: 0, timeSpent: 1000 } });
  }
  return attempt._id;
};
/** Every lesson of the course done, so its assessment opens. */
const lessonsDone = async (p: Prep) => {
  await p.ok(learning.enrol, { params: { id: p.seeded.course } });
  for (const lessonId of p.seeded.lessons) await p.ok(learning.completeLesson, { params: { id: p.seeded.course, lessonId } });
};
const assessmentOf = async (p: Prep, answered = false) => {
  await lessonsDone(p);
  const attempt = (await p.ok(learning.startAssessment, { params: { id: p.seeded.course } })).json().attempt as { _id: string; totalQuestions: number };
  for (let i = 0; answered && i < attempt.totalQuestions; i++) {
    await p.ok(learning.answerAssessment, { params: { id: attempt._id }, body: { questionIndex: i, selectedOption: 0 } });
  }
  return attempt._id;
};

export const BURSTS: Record<string, (p: Prep) => Promise<Burst>> = {
  'auth.requestSignupOtp': async (p) => {
    const email = p.fresh('signup');
    return { body: { email }, signedIn: false, codeFor: email };
  },
  'auth.forgotPassword': async (p) => ({ body: { email: p.who.email }, signedIn: false, codeFor: p.who.email }),
  'auth.signup': async (p) => {
    const email = p.fresh('code');
    await p.ok(auth.requestSignupOtp, { body: { email }, signedOut: true });
    return { body: { email, otp: '000000' }, signedIn: false };
  },
  'auth.verifyResetOtp': async (p) => {
    await p.ok(auth.forgotPassword, { body: { email: p.who.email }, signedOut: true });
    return { body: { email: p.who.email, otp: '000000' }, signedIn: false };
  },
  'auth.login': async (p) => ({ body: { email: p.who.email, password: PASSWORD }, signedIn: false }),
  'auth.setPassword': async (p) => {
    // The password step of a signup: a code verified, no password yet.
    const email = p.fresh('password');
    await p.ok(auth.requestSignupOtp, { body: { email }, signedOut: true });
    await mailSent();
    const signup = await p.ok(auth.verifySignupOtp, { body: { email, otp: codeFrom(p.ctx, email)! }, signedOut: true });
    return { body: { password: 'a brand new password 1', firstName: 'Burst', lastName: 'Member' }, signedIn: true, tokens: [signup.json().token as string] };
  },
  'auth.updatePassword': async () => ({ body: { currentPassword: PASSWORD, newPassword: 'a brand new password 2' }, signedIn: true }),
  'auth.updateProfile': async () => ({ body: { firstName: 'Burst', lastName: 'Member', address: '' }, signedIn: true }),
  'auth.logout': async (p) => {
    const tokens: string[] = [];
    for (let k = 0; k < burstSize(Math.min(...WRITE_LIMITS['auth.logout']!.map((r) => r.max))); k++) {
      tokens.push((await p.ok(auth.login, { body: { email: p.who.email, password: PASSWORD }, signedOut: true })).json().token as string);
    }
    return { signedIn: true, tokens };
  },
  'account.endSession': async (p) => {
    await p.ok(auth.login, { body: { email: p.who.email, password: PASSWORD }, signedOut: true });
    const sessions = (await p.ok(accountSessions.listSessions)).json().sessions as { id: string; current: boolean }[];
    return { params: { id: sessions.find((s) => !s.current)!.id }, signedIn: true };
  },
  'account.endOtherSessions': async () => ({ signedIn: true }),
  'account.requestEmailChange': async (p) => {
    const email = p.fresh('new-address');
    return { body: { email, currentPassword: PASSWORD }, signedIn: true, codeFor: email };
  },
  'account.confirmEmailChange': async (p) => {
    await p.ok(accountEmail.requestEmailChange, { body: { email: p.fresh('confirm'), currentPassword: PASSWORD } });
    return { body: { otp: '000000' }, signedIn: true };
  },
  'feedback.submit': async (p) => ({ body: { name: 'Burst', email: p.who.email, mobile: '0123', feedback: 'Burst' }, signedIn: false }),
  'analytics.pageView': async () => ({ body: { path: '/articles' }, signedIn: false }),
  'account.uploadAvatar': async () => ({ ...(await pictureUpload()), signedIn: true }),
  'account.removeAvatar': async () => ({ signedIn: true }),
  'contact.send': async (p) => ({ body: { name: 'Burst', email: p.who.email, phone: '0123', message: 'Burst' }, signedIn: false }),
  'staff.markHandled': async (p) => {
    await grant(p, 'moderator');
    await p.ok(submitFeedback, { body: { name: 'Burst', email: p.who.email, mobile: '0123', feedback: `Handled at once ${p.who.id}` }, signedOut: true });
    const [row] = await p.ctx.database.db.select({ id: feedback.id }).from(feedback).where(eq(feedback.feedback, `Handled at once ${p.who.id}`));
    return { params: { kind: 'feedback', id: row!.id }, signedIn: true };
  },
  'staff.setRoles': async (p) => {
    await grant(p, 'admin');
    return { params: { id: p.who.id }, body: { roles: ['admin'] }, signedIn: true };
  },
  // Attendance before the session starts is refused (409): still an answer the budget must bound.
  'staffWorkshops.markAttended': async (p) => {
    await grant(p, 'editor');
    await p.ok(registerWorkshop, { params: { id: p.seeded.workshop } });
    return { params: { sessionId: p.seeded.workshop, userId: p.who.id }, body: { attended: true }, signedIn: true };
  },
  'staffWorkshops.message': async (p) => {
    await grant(p, 'editor');
    return { params: { sessionId: p.seeded.workshop }, body: { subject: 'At once', message: 'Sent at once' }, signedIn: true };
  },
  // Issue 38: a session of its own, moved to one time (the first moves it, the others change nothing) or cancelled once.
  'staffWorkshops.move': async (p) => {
    await grant(p, 'editor');
    const at = new Date(Math.floor((Date.now() + 40 * 86_400_000) / 60_000) * 60_000).toISOString();
    return { params: { sessionId: await sessionFor(p) }, body: { startsAt: at }, signedIn: true };
  },
  'staffWorkshops.cancel': async (p) => {
    await grant(p, 'editor');
    return { params: { sessionId: await sessionFor(p) }, signedIn: true };
  },
  'authoring.upload': async (p) => {
    await grant(p, 'editor');
    return { ...(await pictureUpload()), signedIn: true };
  },
  // An export with nothing ready answers 409 (issue 39): still an answer the budget must bound.
  'staffCpd.export': async (p) => {
    await grant(p, 'editor');
    return { body: { body: 'aia' }, signedIn: true };
  },
  // Authoring (issue 38, ADR 157): one save over a version wins, the others answer 409; a second create of one slug 400.
  'authoring.create': async (p) => {
    await grant(p, 'editor');
    return { params: { kind: 'articles' }, body: { fields: articleFields(p) }, signedIn: true };
  },
  'authoring.save': async (p) => ({ params: { kind: 'articles', id: await articleOf(p) }, body: { version: 1, fields: articleFields(p) }, signedIn: true }),
  'authoring.publish': async (p) => ({ params: { kind: 'articles', id: await articleOf(p) }, body: { version: 1 }, signedIn: true }),
  'authoring.unpublish': async (p) => ({ params: { kind: 'articles', id: await articleOf(p, true) }, body: { version: 2 }, signedIn: true }),
  'authoring.restore': async (p) => {
    const id = await articleOf(p, true);
    const revisions = (await p.ok(authoring.contentRevisions, { params: { kind: 'articles', id } })).json().revisions as { id: string }[];
    return { params: { kind: 'articles', id, revisionId: revisions[0]!.id }, body: { version: 2 }, signedIn: true };
  },
  // A moderator suspends (then lifts) a member made for the burst: the first does it, the others change nothing.
  'staffMembers.suspend': async (p) => {
    await grant(p, 'moderator');
    return { params: { id: await memberFor(p) }, body: { reason: 'Suspended at once' }, signedIn: true };
  },
  'staffMembers.lift': async (p) => {
    await grant(p, 'moderator');
    const id = await memberFor(p);
    await p.ok(suspendMember, { params: { id }, body: { reason: 'To be lifted at once' } });
    return { params: { id }, signedIn: true };
  },
  // Reports and moderation (ADR 149): one report per member and item goes through, the others answer 409.
  'reports.create': async (p) => {
    const [row] = await p.ctx.database.db.insert(discussions).values({ ...post(p.seeded), createdBy: await memberFor(p) }).returning({ id: discussions.id });
    return { body: { targetType: 'discussion', targetId: row!.id, reason: 'off_topic' }, signedIn: true };
  },
  'moderation.act': async (p) => {
    await grant(p, 'moderator');
    return { params: { targetType: 'discussion', targetId: await discussionOf(p) }, body: { action: 'keep' }, signedIn: true };
  },
  'moderation.silence': async (p) => {
    await grant(p, 'moderator');
    return { params: { userId: await memberFor(p) }, body: { days: 1, reason: 'Silenced at once' }, signedIn: true };
  },
  'moderation.pin': async (p) => {
    await grant(p, 'moderator');
    return { params: { id: await discussionOf(p) }, body: { pinned: true }, signedIn: true };
  },
  'discussions.create': async (p) => ({ body: post(p.seeded), signedIn: true }),
  'discussions.update': async (p) => ({ params: { id: await discussionOf(p) }, body: { title: 'Edited at once' }, signedIn: true }),
  'discussions.delete': async (p) => ({ params: { id: await discussionOf(p) }, signedIn: true }),
  'discussions.like': async (p) => ({ params: { id: await discussionOf(p) }, signedIn: true }),
  'comments.create': async (p) => ({ body: { discussionId: await discussionOf(p), content: '<p>At once</p>' }, signedIn: true }),
  'comments.update': async (p) => ({ params: { id: await commentOf(p) }, body: { content: '<p>Edited at once</p>' }, signedIn: true }),
  'comments.delete': async (p) => ({ params: { id: await commentOf(p) }, signedIn: true }),
  'comments.like': async (p) => ({ params: { id: await commentOf(p) }, signedIn: true }),
  // Continuing-education credit (issue 39): a membership to report for, then activities as multipart without a file.
  'cpd.saveMemberships': async () => ({ body: { memberships: [{ body: 'aia', number: '38012345' }] }, signedIn: true }),
  'cpd.addActivity': async (p) => {
    await p.ok(saveCpdMemberships, { body: { memberships: [{ body: 'riba', number: '1234567' }] } });
    const boundary = '----sustainlearnburst';
    const fields = { title: 'Burst', provider: 'Burst', date: new Date().toISOString().slice(0, 10), amount: '0.1', body: 'riba', type: 'general' };
    const body = Buffer.from(`${Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('')}--${boundary}--\r\n`);
    return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, signedIn: true };
  },
  'bookmarks.set': async (p) => ({ body: { targetType: 'discussion', targetId: await discussionOf(p), saved: true }, signedIn: true }),
  'quizzes.start': async (p) => ({ body: { category: p.seeded.quizCategory, sdgSet: p.seeded.quizSet }, signedIn: true }),
  'quizzes.answer': async (p) => ({ params: { id: await attemptOf(p) }, body: { questionIndex: 0, selectedOption: 0, timeSpent: 1000 }, signedIn: true }),
  'quizzes.complete': async (p) => ({ params: { id: await attemptOf(p, true) }, signedIn: true }),
  'learning.enrol': async (p) => ({ params: { id: p.seeded.course }, signedIn: true }),
  'learning.completeLesson': async (p) => ({ params: { id: p.seeded.course, lessonId: p.seeded.lessons[0]! }, signedIn: true }),
  'learning.startAssessment': async (p) => {
    await lessonsDone(p);
    return { params: { id: p.seeded.course }, signedIn: true };
  },
  'learning.answerAssessment': async (p) => ({ params: { id: await assessmentOf(p) }, body: { questionIndex: 0, selectedOption: 0 }, signedIn: true }),
  'learning.completeAssessment': async (p) => ({ params: { id: await assessmentOf(p, true) }, signedIn: true }),
  'learning.issueCertificate': async (p) => {
    // A pass (every answer right), whose certificate waits for the name on it.
    await lessonsDone(p);
    const attempt = (await p.ok(learning.startAssessment, { params: { id: p.seeded.course } })).json().attempt as { _id: string };
    const key = await p.ctx.database.db.select({ correct: courseQuestions.correctIndex }).from(courseQuestions)
      .where(eq(courseQuestions.courseId, p.seeded.course)).orderBy(courseQuestions.position);
    for (const [questionIndex, { correct }] of key.entries()) {
      await p.ok(learning.answerAssessment, { params: { id: attempt._id }, body: { questionIndex, selectedOption: correct } });
    }
    await p.ok(learning.completeAssessment, { params: { id: attempt._id } });
    return { params: { id: p.seeded.course }, body: { name: 'Burst Member' }, signedIn: true };
  },
  // A seeded article's quiz (ADR 176), answered all wrong: marked, and nothing written.
  'content.answerArticleQuiz': async () => ({ params: { id: 'energy--passivhaus-criteria-and-principles' }, body: { answers: [3, 3, 0, 0, 3] }, signedIn: true }),
  'workshops.register': async (p) => ({ params: { id: p.seeded.workshop }, signedIn: true }),
  'workshops.cancel': async (p) => {
    await p.ok(registerWorkshop, { params: { id: p.seeded.workshop } });
    return { params: { id: p.seeded.workshop }, signedIn: true };
  },
  // A member's data (ADR 134): the export is a GET with a budget of its own.
  'account.export': async () => ({ signedIn: true }),
  'account.requestDeleteCode': async (p) => {
    // A member without a password (a signup whose code was verified); the resend window issues one code.
    const email = p.fresh('delete-code');
    await p.ok(auth.requestSignupOtp, { body: { email }, signedOut: true });
    await mailSent();
    const signup = await p.ok(auth.verifySignupOtp, { body: { email, otp: codeFrom(p.ctx, email)! }, signedOut: true });
    return { signedIn: true, tokens: [signup.json().token as string] };
  },
  // The right password, at once: one delete goes through, the others find the account gone (401) or the budget spent.
  'account.delete': async () => ({ body: { password: PASSWORD, deletePosts: false }, signedIn: true }),
  // The newsletter (ADR 139): a visitor's subscribe, confirm and unsubscribe; the editors' console; the admin's CSV.
  'newsletter.subscribe': async (p) => ({ body: { email: p.fresh('newsletter') }, signedIn: false }),
  'newsletter.confirm': async (p) => ({ body: { token: await subscriptionOf(p) }, signedIn: false }),
  'newsletter.unsubscribe': async (p) => ({ body: { token: await subscriptionOf(p) }, signedIn: false }),
  'newsletter.createIssue': async (p) => {
    await grant(p, 'editor');
    return { body: issueDraft, signedIn: true };
  },
  'newsletter.updateIssue': async (p) => ({ params: { id: await issueOf(p) }, body: issueDraft, signedIn: true }),
  'newsletter.preview': async (p) => {
    await grant(p, 'editor');
    return { body: issueDraft, signedIn: true };
  },
  'newsletter.testSend': async (p) => ({ params: { id: await issueOf(p) }, signedIn: true }),
  'newsletter.send': async (p) => {
    await p.ctx.database.db.insert(newsletterSubscribers).values({ email: p.fresh('reader'), status: 'confirmed', token: `burst-${p.who.id}`, confirmedAt: new Date(0) });
    return { params: { id: await issueOf(p) }, signedIn: true };
  },
  'newsletter.exportSubscribers': async (p) => {
    await grant(p, 'admin');
    return { signedIn: true };
  },
  'notifications.read': async () => ({ body: { all: true }, signedIn: true }),
  'notifications.updatePreferences': async () => ({ body: { preferences: { like: 'digest' }, timeZone: 'Europe/Paris' }, signedIn: true }),
  'notifications.unsubscribe': async (p) => ({ query: { token: unsubscribeToken(p.who.id, ['like']) }, signedIn: false }),
  'follows.set': async (p) => ({ body: { ...followTarget(p), following: true }, signedIn: true }),
  'push.subscribe': async (p) => ({ body: { ...pushDevice(p), kinds: ['reply_post'] }, signedIn: true }),
  'push.unsubscribe': async (p) => ({ body: { endpoint: pushDevice(p).endpoint }, signedIn: true }),
};

/** A device of the member at a browser's push service (nothing is sent to it: only saved). */
const pushDevice = (p: Prep) => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/burst-${p.who.id}`,
  keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
});

const followTarget = (p: Prep) => ({ targetType: 'subcategory' as const, targetId: `${p.seeded.category}/${p.seeded.subcategory}` });

const issueDraft = { subject: 'Burst', bodyMarkdown: 'At once' };
/** A draft issue of the member, made an editor. */
const issueOf = async (p: Prep) => {
  await grant(p, 'editor');
  return (await p.ok(newsletter.createIssue, { body: issueDraft })).json().issue.id as string;
};
/** A pending subscription's token (read where the confirmation mail would take it from). */
const subscriptionOf = async (p: Prep) => {
  const email = p.fresh('subscriber');
  await p.ok(newsletter.subscribe, { body: { email }, signedOut: true });
  const [row] = await p.ctx.database.db.select({ token: newsletterSubscribers.token }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return row!.token;
};

const articleFields = (p: Prep) => ({
  slug: `burst-${p.who.id}`, title: 'At once', category: 'carbon', description: 'Written at once.', imageUrl: '/media/articles/carbon.svg', body: 'At once.',
});
/** A draft article of the member, made an editor; published when asked (then at version 2). */
const articleOf = async (p: Prep, published = false) => {
  await grant(p, 'editor');
  const id = (await p.ok(authoring.createContent, { params: { kind: 'articles' }, body: { fields: articleFields(p) } })).json().id as string;
  if (published) await p.ok(authoring.publishContent, { params: { kind: 'articles', id }, body: { version: 1 } });
  return id;
};

/** Staff writes are made by staff: the role is granted as a row, as `npm run staff -- grant` would. */
async function grant(p: Prep, role: StaffRole) {
  await p.ctx.database.db.insert(staffRoles).values({ userId: p.who.id, role });
}

/** A workshop session of its own, a month ahead, with no series (nothing clashes with it). */
async function sessionFor(p: Prep): Promise<string> {
  const [row] = await p.ctx.database.db.insert(workshops).values({
    slug: p.fresh('session'), title: 'Burst session', imageUrl: '/media/workshops/burst.webp', startsAt: new Date(Date.now() + 30 * 86_400_000), duration: 60,
  }).returning({ id: workshops.id });
  return row!.id;
}

/** A member to act on, as a row (the staff console's writes act on another member). */
async function memberFor(p: Prep): Promise<string> {
  const [row] = await p.ctx.database.db.insert(users).values({ email: p.fresh('target'), firstName: 'Burst', lastName: 'Target' }).returning({ id: users.id });
  return row!.id;
}
