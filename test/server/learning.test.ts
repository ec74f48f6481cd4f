/**
 * Taking a course over HTTP (issue 13), on PGlite and PostgreSQL: enrolment, progress per lesson and the resume
 * point, 16 parallel completes, the assessment (locked until every lesson is done, leaking nothing, the 70% pass
 * mark, retakes), one certificate, its public verification, the credential checked against the published JWKS alone,
 * and another member refused everywhere.
 */
import { createLocalJWKSet, jwtVerify } from 'jose';
import { expect, it } from 'vitest';
import * as auth from '../../src/contract/auth';
import { getCourse } from '../../src/contract/content';
import * as learning from '../../src/contract/learning';
import type { AssessmentAttempt, CourseProgress } from '../../src/domain/learning';
import { courseQuestions } from '../../server/data/schema';
import { asc, eq } from 'drizzle-orm';
import { breakWrites } from '../support/break-writes';
import { getUrl, send } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { type Member, member } from './members';

const COURSE = 'material-passports-and-digital-product-data';

async function courseOf(ctx: TestContext, member: Member) {
  const res = await send(ctx, getCourse, { params: { id: COURSE }, token: member.token });
  expect(res.statusCode).toBe(200);
  const course = res.json().course as { _id: string; title: string; sections: { content: { _id: string; duration: number }[] }[] };
  return { ...course, lessons: course.sections.flatMap((s) => s.content) };
}

async function answerKey(ctx: TestContext, courseId: string): Promise<number[]> {
  const rows = await ctx.database.db.select({ correct: courseQuestions.correctIndex }).from(courseQuestions)
    .where(eq(courseQuestions.courseId, courseId)).orderBy(asc(courseQuestions.position));
  return rows.map((r) => r.correct);
}

/** Confirms the name on the certificate a pass earned (ADR 131): the certificate is issued then. */
const claim = (ctx: TestContext, m: Member, courseId: string, name: string) =>
  send(ctx, learning.issueCertificate, { params: { id: courseId }, body: { name }, token: m.token });

const complete = (ctx: TestContext, m: Member, courseId: string, lessonId: string) =>
  send(ctx, learning.completeLesson, { params: { id: courseId, lessonId }, token: m.token });

/** Every lesson done and every question of a new attempt answered right: the attempt waits only to be completed. */
async function answeredRight(ctx: TestContext, m: Member) {
  const course = await courseOf(ctx, m);
  for (const lesson of course.lessons) await complete(ctx, m, course._id, lesson._id);
  const key = await answerKey(ctx, course._id);
  const attempt = (await send(ctx, learning.startAssessment, { params: { id: course._id }, token: m.token })).json().attempt as AssessmentAttempt;
  for (const [questionIndex, selectedOption] of key.entries()) {
    await send(ctx, learning.answerAssessment, { params: { id: attempt._id }, body: { questionIndex, selectedOption }, token: m.token });
  }
  return { course, attempt };
}

describeWithApp('taking a course', { seed: true }, (ctx) => {
  it('enrols idempotently, keeps progress per lesson and resumes at the first unfinished lesson', async () => {
    const ada = await member(ctx(), 'ada-course@example.com');
    const course = await courseOf(ctx(), ada);
    const first = await send(ctx(), learning.courseProgress, { params: { id: course._id }, token: ada.token });
    expect(first.json().progress).toMatchObject({ enrolled: false, completedLessons: 0, percent: 0, nextLessonId: course.lessons[0]!._id });

    const enrolled = await Promise.all([1, 2, 3].map(() => send(ctx(), learning.enrol, { params: { id: COURSE }, token: ada.token })));
    for (const res of enrolled) expect(res.statusCode).toBe(200);
    const enrolledAt = enrolled.map((r) => (r.json().progress as CourseProgress).enrolledAt);
    expect(new Set(enrolledAt).size).toBe(1);

    // Lessons 1 and 3 done: the resume point is lesson 2.
    await complete(ctx(), ada, course._id, course.lessons[0]!._id);
    const after = await complete(ctx(), ada, course._id, course.lessons[2]!._id);
    const progress = after.json().progress as CourseProgress;
    expect(progress).toMatchObject({
      enrolled: true, completedLessons: 2, totalLessons: course.lessons.length,
      percent: Math.floor((2 * 100) / course.lessons.length), nextLessonId: course.lessons[1]!._id,
    });
    expect(progress.completedLessonIds.sort()).toEqual([course.lessons[0]!._id, course.lessons[2]!._id].sort());

    // A lesson reads with its body, its place and its neighbours.
    const lesson = await send(ctx(), learning.getLesson, { params: { id: course._id, lessonId: course.lessons[1]!._id }, token: ada.token });
    expect(lesson.json().lesson).toMatchObject({
      _id: course.lessons[1]!._id, number: 2, totalLessons: course.lessons.length, previousLessonId: course.lessons[0]!._id,
      nextLessonId: course.lessons[2]!._id, minutes: course.lessons[1]!.duration,
    });
    expect(lesson.json().lesson.html).toMatch(/<h2>Key takeaways<\/h2>/);
    expect((await send(ctx(), learning.getLesson, { params: { id: course._id, lessonId: '00000000-0000-4000-8000-000000000000' }, token: ada.token })).statusCode).toBe(404);
  });

  it('counts 16 parallel completes of one lesson once', async () => {
    const grace = await member(ctx(), 'grace-course@example.com', 'Grace', 'Hopper');
    const course = await courseOf(ctx(), grace);
    const answers = await Promise.all(Array.from({ length: 16 }, () => complete(ctx(), grace, course._id, course.lessons[0]!._id)));
    for (const res of answers) expect(res.statusCode).toBe(200);
    const progress = (await send(ctx(), learning.courseProgress, { params: { id: course._id }, token: grace.token })).json().progress;
    expect(progress.completedLessons).toBe(1);
    expect(progress.completedLessonIds).toEqual([course.lessons[0]!._id]);
  });

  it('keeps the assessment locked until every lesson is done, and leaks no answer before it is given', async () => {
    const lin = await member(ctx(), 'lin-course@example.com', 'Lin', 'Wei');
    const course = await courseOf(ctx(), lin);
    for (const lesson of course.lessons.slice(0, -1)) await complete(ctx(), lin, course._id, lesson._id);
    const locked = await send(ctx(), learning.startAssessment, { params: { id: course._id }, token: lin.token });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe('Complete every lesson to unlock the assessment');
    // Its questions to read (kept offline with the course, ADR 174) are refused as starting is.
    const unread = await send(ctx(), learning.assessmentQuestions, { params: { id: course._id }, token: lin.token });
    expect(unread.statusCode).toBe(403);
    await complete(ctx(), lin, course._id, course.lessons.at(-1)!._id);
    const started = await send(ctx(), learning.startAssessment, { params: { id: course._id }, token: lin.token });
    expect(started.statusCode).toBe(200);
    const attempt = started.json().attempt as AssessmentAttempt;
    const text = JSON.stringify(attempt);
    expect(text).not.toMatch(/correct|explanation/i);
    expect(attempt.questions.length).toBe(attempt.totalQuestions);
    expect(attempt.totalQuestions).toBeGreaterThanOrEqual(6);
    // Once unlocked, the same questions and options to read, without a right option or an explanation.
    const read = await send(ctx(), learning.assessmentQuestions, { params: { id: course._id }, token: lin.token });
    expect(read.statusCode).toBe(200);
    expect(read.json().questions).toEqual(attempt.questions);
    expect(read.body).not.toMatch(/correct|explanation/i);
    // Starting again resumes the same attempt.
    const again = await send(ctx(), learning.startAssessment, { params: { id: course._id }, token: lin.token });
    expect(again.json().attempt._id).toBe(attempt._id);
  });

  it('passes at 70% and not below; a retake keeps the best score; one certificate only', async () => {
    const kim = await member(ctx(), 'kim-course@example.com', 'Kim', 'Lee');
    const course = await courseOf(ctx(), kim);
    for (const lesson of course.lessons) await complete(ctx(), kim, course._id, lesson._id);
    const key = await answerKey(ctx(), course._id);
    const total = key.length;
    const passMark = Math.ceil(total * 0.7);
    const take = async (right: number) => {
      const attempt = (await send(ctx(), learning.startAssessment, { params: { id: course._id }, token: kim.token })).json().attempt as AssessmentAttempt;
      for (let i = 0; i < total; i++) {
        const selectedOption = i < right ? key[i]! : (key[i]! + 1) % 4;
        const res = await send(ctx(), learning.answerAssessment, { params: { id: attempt._id }, body: { questionIndex: i, selectedOption }, token: kim.token });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ isCorrect: i < right, correctOption: key[i], score: Math.min(i + 1, right) });
        expect(res.json().explanation.length).toBeGreaterThan(10);
      }
      const done = await send(ctx(), learning.completeAssessment, { params: { id: attempt._id }, token: kim.token });
      expect(done.statusCode).toBe(200);
      return done.json() as { attempt: AssessmentAttempt; certificate: { _id: string; learnerName: string; courseTitle: string } | null };
    };

    const failed = await take(passMark - 1);
    expect(failed.attempt).toMatchObject({ status: 'completed', score: passMark - 1, passed: false });
    expect(failed.certificate).toBeNull();

    const earned = await take(passMark);
    expect(earned.attempt).toMatchObject({ score: passMark, passed: true });
    // The pass waits for the member to confirm the name on the certificate, offered from the profile.
    expect(earned).toMatchObject({ certificate: null, nameOnCertificate: 'Kim Lee' });
    const passed = (await claim(ctx(), kim, course._id, 'Kim Lee')).json() as { certificate: { _id: string } };
    expect(passed.certificate).toMatchObject({ learnerName: 'Kim Lee', courseTitle: course.title, score: passMark });

    const best = await take(total);
    expect(best.certificate!._id).toBe(passed.certificate!._id);
    const progress = (await send(ctx(), learning.courseProgress, { params: { id: course._id }, token: kim.token })).json().progress as CourseProgress;
    expect(progress.assessment).toMatchObject({ attempts: 3, bestScore: total, bestPercent: 100, passed: true, unlocked: true });
    expect(progress.certificateId).toBe(passed.certificate!._id);

    // A rename after issue changes nothing the certificate says.
    await send(ctx(), auth.updateProfile, { body: { firstName: 'Kimberly', lastName: 'Lee', address: '' }, token: kim.token });
    const verified = await send(ctx(), learning.verifyCertificate, { params: { id: passed.certificate!._id } });
    expect(verified.statusCode).toBe(200);
    const minutes = course.lessons.reduce((sum, l) => sum + l.duration, 0);
    expect(verified.json().certificate).toEqual({
      _id: passed.certificate!._id, learnerName: 'Kim Lee', courseTitle: course.title, hours: Math.max(0.1, Math.round(minutes / 6) / 10),
      issuedAt: expect.any(String), verificationUrl: `http://localhost:3000/certificates/${passed.certificate!._id}`, credits: [], valid: true,
    });
    // My learning lists it as completed.
    const mine = (await send(ctx(), learning.myLearning, { token: kim.token })).json();
    expect(mine.completed.map((c: { courseId: string }) => c.courseId)).toEqual([course._id]);
    expect(mine.inProgress).toEqual([]);
  });

  it('keeps the confirmed name and issues the certificate in one transaction (ADR 128, ADR 131)', async () => {
    const ola = await member(ctx(), 'ola-course@example.com', 'Ola', 'Ode');
    const { course, attempt } = await answeredRight(ctx(), ola);
    const done = await send(ctx(), learning.completeAssessment, { params: { id: attempt._id }, token: ola.token });
    expect(done.json()).toMatchObject({ attempt: { status: 'completed', passed: true }, certificate: null, nameOnCertificate: 'Ola Ode' });
    const broken = await breakWrites(ctx().database.db, 'certificates');
    try {
      expect((await claim(ctx(), ola, course._id, 'Olamide Ode')).statusCode).toBe(500);
    } finally {
      await broken.heal();
    }
    // No certificate, and the name not kept either: the dialog still offers the profile's name.
    const answer = (await send(ctx(), learning.courseProgress, { params: { id: course._id }, token: ola.token })).json();
    expect(answer).toMatchObject({ progress: { certificateId: null, assessment: { passed: true } }, nameOnCertificate: 'Ola Ode' });
    expect((await claim(ctx(), ola, course._id, 'Olamide Ode')).json()).toMatchObject({ certificate: { learnerName: 'Olamide Ode' } });
  });

  it('verifies the Open Badges credential with the published JWKS alone, and refuses a tampered one', async () => {
    const sam = await member(ctx(), 'sam-course@example.com', 'Sam', 'Cert');
    const { course, attempt } = await answeredRight(ctx(), sam);
    await send(ctx(), learning.completeAssessment, { params: { id: attempt._id }, token: sam.token });
    const { certificate } = (await claim(ctx(), sam, course._id, 'Sam Cert')).json();

    const jwksAnswer = await getUrl(ctx(), '/.well-known/jwks.json');
    expect(jwksAnswer.statusCode).toBe(200);
    const jwks = jwksAnswer.json();
    expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', kid: expect.any(String) })]);
    expect(jwks.keys[0]).not.toHaveProperty('d');

    const answer = await send(ctx(), learning.certificateCredential, { params: { id: certificate._id }, token: sam.token });
    expect(answer.statusCode).toBe(200);
    const { credential } = answer.json();
    // The app's clock runs ahead of the real one in these tests: check as of the app's "now".
    const currentDate = new Date(ctx().clock.now + 1000);
    const { payload, protectedHeader } = await jwtVerify(credential, createLocalJWKSet(jwks), { algorithms: ['EdDSA'], currentDate });
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', kid: jwks.keys[0].kid });
    // The payload is the credential itself (a VC 2.0 credential, ADR 162), not a `vc` claim.
    expect(payload).not.toHaveProperty('vc');
    const vc = payload as unknown as { type: string[]; credentialSubject: { name: string; achievement: { name: string } }; issuer: { name: string } };
    expect(vc.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(vc.credentialSubject).toMatchObject({ name: 'Sam Cert', achievement: { name: course.title } });
    expect(vc.issuer.name).toBe('SustainLearn');

    // The same payload with another name, signature kept: refused.
    const [header, body, signature] = credential.split('.');
    const forged = { ...vc, credentialSubject: { ...vc.credentialSubject, name: 'Mallory' } };
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    expect(body).not.toBe(tampered.split('.')[1]);
    await expect(jwtVerify(tampered, createLocalJWKSet(jwks), { algorithms: ['EdDSA'], currentDate })).rejects.toThrow(/signature/i);

    // The PDF is a real PDF.
    const pdf = await send(ctx(), learning.certificatePdf, { params: { id: certificate._id }, token: sam.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("refuses another member's attempts, certificates and files, and answers 'not found' for an unknown certificate", async () => {
    const owner = await member(ctx(), 'owner-course@example.com', 'Olu', 'Owner');
    const other = await member(ctx(), 'other-course@example.com', 'Ola', 'Other');
    const course = await courseOf(ctx(), owner);
    for (const lesson of course.lessons) await complete(ctx(), owner, course._id, lesson._id);
    const key = await answerKey(ctx(), course._id);
    const attempt = (await send(ctx(), learning.startAssessment, { params: { id: course._id }, token: owner.token })).json().attempt;
    const foreign = await send(ctx(), learning.answerAssessment, { params: { id: attempt._id }, body: { questionIndex: 0, selectedOption: key[0]! }, token: other.token });
    expect(foreign.statusCode).toBe(403);
    for (const [i, correct] of key.entries()) {
      await send(ctx(), learning.answerAssessment, { params: { id: attempt._id }, body: { questionIndex: i, selectedOption: correct }, token: owner.token });
    }
    expect((await send(ctx(), learning.completeAssessment, { params: { id: attempt._id }, token: other.token })).statusCode).toBe(403);
    await send(ctx(), learning.completeAssessment, { params: { id: attempt._id }, token: owner.token });
    // Another member who has not passed gets no certificate for the course.
    expect((await claim(ctx(), other, course._id, 'Ola Other')).statusCode).toBe(403);
    const { certificate } = (await claim(ctx(), owner, course._id, 'Olu Owner')).json();
    expect((await send(ctx(), learning.certificatePdf, { params: { id: certificate._id }, token: other.token })).statusCode).toBe(404);
    expect((await send(ctx(), learning.certificateCredential, { params: { id: certificate._id }, token: other.token })).statusCode).toBe(404);
    // The other member's own progress is untouched by the owner's.
    expect((await send(ctx(), learning.courseProgress, { params: { id: course._id }, token: other.token })).json().progress.completedLessons).toBe(0);
    const unknown = await send(ctx(), learning.verifyCertificate, { params: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Certificate not found');
    // Signed out, only the verification is open.
    expect((await send(ctx(), learning.verifyCertificate, { params: { id: certificate._id } })).statusCode).toBe(200);
    expect((await send(ctx(), learning.certificatePdf, { params: { id: certificate._id } })).statusCode).toBe(401);
    expect((await send(ctx(), learning.courseProgress, { params: { id: course._id } })).statusCode).toBe(401);
  });
});
