/**
 * Credit lines (issue 39 items 1, 7 and 8), over HTTP on each database: the content import writes each course's and
 * workshop series' credit lines and pass mark; every course in the list and the detail carries `credits` (empty when
 * none); no seeded line claims an approval (no course number) or AIA HSW credit without one; a workshop answers its
 * series' lines; a certificate freezes its course's lines at issue and shows them on its page and in its PDF.
 */
import { spawnSync } from 'node:child_process';
import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { courseQuestions, courses, workshops, workshopSeries } from '../../server/data/schema';
import { getCourse, listCourses } from '../../src/contract/content';
import * as learning from '../../src/contract/learning';
import { getWorkshop } from '../../src/contract/workshops';
import type { CreditLine } from '../../src/domain/cpd.schema';
import { creditLinesSchema } from '../../src/domain/credit-lines.schema';
import type { AssessmentAttempt } from '../../src/domain/learning';
import { send } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { type Member, member } from './members';

const SEEDED = 'embodied-carbon-fundamentals';
const PASSED = 'material-passports-and-digital-product-data';

function pdfText(bytes: Buffer): string {
  const result = spawnSync('pdftotext', ['-layout', '-', '-'], { input: bytes });
  expect(result.status).toBe(0);
  return result.stdout.toString('utf8');
}

async function pass(ctx: TestContext, m: Member, slug: string) {
  const course = (await send(ctx, getCourse, { params: { id: slug }, token: m.token })).json().course as { _id: string; sections: { content: { _id: string }[] }[] };
  for (const lesson of course.sections.flatMap((s) => s.content)) {
    await send(ctx, learning.completeLesson, { params: { id: course._id, lessonId: lesson._id }, token: m.token });
  }
  const key = await ctx.database.db.select({ correct: courseQuestions.correctIndex }).from(courseQuestions)
    .where(eq(courseQuestions.courseId, course._id)).orderBy(asc(courseQuestions.position));
  const attempt = (await send(ctx, learning.startAssessment, { params: { id: course._id }, token: m.token })).json().attempt as AssessmentAttempt;
  for (const [questionIndex, { correct }] of key.entries()) {
    await send(ctx, learning.answerAssessment, { params: { id: attempt._id }, body: { questionIndex, selectedOption: correct }, token: m.token });
  }
  expect((await send(ctx, learning.completeAssessment, { params: { id: attempt._id }, token: m.token })).statusCode).toBe(200);
  const claimed = await send(ctx, learning.issueCertificate, { params: { id: course._id }, body: { name: `${m.email.split('@')[0]} Learner` }, token: m.token });
  expect(claimed.statusCode).toBe(200);
  return claimed.json().certificate as { _id: string; credits: CreditLine[] };
}

describeWithApp('credit lines on what members learn', { seed: true }, (ctx) => {
  it('serves every course with its credit lines, the seeded ones honest: no course number, no AIA HSW', async () => {
    const list = await send(ctx(), listCourses, { query: { status: 1 } });
    expect(list.statusCode).toBe(200);
    const all = list.json().courses as { _id: string; title: string; credits: CreditLine[] }[];
    for (const course of all) {
      expect(Array.isArray(course.credits)).toBe(true);
      expect(creditLinesSchema.safeParse(course.credits).success).toBe(true);
      for (const line of course.credits) {
        expect(line.courseNumber, `${course.title}: no body has approved a SustainLearn course`).toBeNull();
        expect(line.type, `${course.title}: AIA HSW cannot be self-reported, so no line without approval may offer it`).not.toBe('LU/HSW');
      }
    }
    expect(all.filter((c) => c.credits.length > 0).length).toBeGreaterThanOrEqual(3);
    expect(all.some((c) => c.credits.length === 0)).toBe(true);

    const reader = await member(ctx(), 'credit-reader@example.com', 'Ren', 'Ito');
    const one = (await send(ctx(), getCourse, { params: { id: SEEDED }, token: reader.token })).json().course;
    expect(one.credits).toEqual([
      { body: 'aia', amount: 1, type: 'LU', courseNumber: null },
      { body: 'gbci', amount: 1, type: 'general', courseNumber: null },
      { body: 'riba', amount: 1, type: 'core', topic: 'Sustainable architecture', courseNumber: null },
    ]);
    const [row] = await ctx().database.db.select({ passPercent: courses.passPercent }).from(courses).where(eq(courses.slug, SEEDED));
    expect(row!.passPercent).toBe(70);
    expect((await send(ctx(), getCourse, { params: { id: PASSED }, token: reader.token })).json().course.credits).toEqual([]);
  });

  it("answers a workshop session with its series' credit lines", async () => {
    const c = ctx();
    const viewer = await member(c, 'credit-workshop@example.com', 'Wren', 'Okoye');
    const [series] = await c.database.db.select().from(workshopSeries).where(eq(workshopSeries.slug, 'embodied-carbon-clinic'));
    expect(series!.credits.map((l) => l.body)).toEqual(['aia', 'riba']);
    const [session] = await c.database.db.select({ id: workshops.id }).from(workshops).where(eq(workshops.seriesId, series!.id)).limit(1);
    const res = await send(c, getWorkshop, { params: { id: session!.id }, token: viewer.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().workshop.credits).toEqual(series!.credits);
  });

  it('freezes the course credit on the certificate at issue, and shows it on the page and in the PDF', async () => {
    const c = ctx();
    const lines: CreditLine[] = [
      { body: 'aia', amount: 0.5, type: 'LU', courseNumber: 'SL-TEST-001' },
      { body: 'riba', amount: 0.5, type: 'core', topic: 'Design, construction and technology', courseNumber: null },
    ];
    await c.database.db.update(courses).set({ credits: lines }).where(eq(courses.slug, PASSED));
    const learner = await member(c, 'credit-cert@example.com', 'Ife', 'Adeyemi');
    const certificate = await pass(c, learner, PASSED);
    expect(certificate.credits).toEqual(lines);

    // A later change to the course does not change what the certificate says.
    await c.database.db.update(courses).set({ credits: [] }).where(eq(courses.slug, PASSED));
    const verified = (await send(c, learning.verifyCertificate, { params: { id: certificate._id } })).json().certificate;
    expect(verified).toMatchObject({ valid: true, credits: lines });

    const pdf = await send(c, learning.certificatePdf, { params: { id: certificate._id }, token: learner.token });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Continuing-education credit');
    expect(text).toContain('AIA CES · 0.5 LU · course number SL-TEST-001');
    expect(text).toContain('RIBA CPD · 0.5 hours, core curriculum: Design, construction and technology · not approved by this body');
    expect(text).not.toContain('credit-cert@example.com');
    // Still one page.
    expect(pdf.rawPayload.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length).toBe(1);
  });
});
