/**
 * Issue 39, the member's half, over HTTP on each database: memberships checked by format; a passed assessment writes
 * one ledger entry per credit line, once (16 parallel completes count once), at the course's own pass mark; a marked
 * attendance writes one (unmarking takes it back); a self-reported HSW is refused, an activity with a PDF is kept and its
 * evidence served to its owner only; the transcript PDF (pdftotext) has the number, course number, credits and total and
 * no email, and keeps its code while nothing changes; another member's ledger cannot be read.
 */
import { spawnSync } from 'node:child_process';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { courseQuestions, courses, cpdEntries, cpdTranscripts, workshopRegistrations, workshops, workshopSeries } from '../../server/data/schema';
import * as cpd from '../../src/contract/cpd';
import { getCourse } from '../../src/contract/content';
import * as learning from '../../src/contract/learning';
import { markAttended } from '../../src/contract/staff-workshops';
import type { CreditLine } from '../../src/domain/cpd.schema';
import type { AssessmentAttempt } from '../../src/domain/learning';
import { getUrl, send, urlOf } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { type Member, member } from './members';
import { staffPeople } from './staff-matrix';

const COURSE = 'material-passports-and-digital-product-data';
const LINES: CreditLine[] = [
  { body: 'aia', amount: 1.5, type: 'LU/HSW', courseNumber: 'SL-MP-101' },
  { body: 'gbci', amount: 1.5, type: 'general', courseNumber: null },
];

function pdfText(bytes: Buffer): string {
  const result = spawnSync('pdftotext', ['-layout', '-', '-'], { input: bytes });
  expect(result.status).toBe(0);
  return result.stdout.toString('utf8');
}

/** A multipart/form-data body of text fields and an optional `evidence` file, as a browser's FormData sends it. */
function form(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) {
  const boundary = `----cpd${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="evidence"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const postActivity = (ctx: TestContext, m: Member, fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) => {
  const body = form(fields, file);
  return ctx.app.inject({ method: 'POST', url: urlOf(cpd.addActivity), payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${m.token}` } });
};

const aiaLedger = async (ctx: TestContext, m: Member) => {
  const res = await send(ctx, cpd.ledger, { query: { body: 'aia' }, token: m.token });
  expect(res.statusCode).toBe(200);
  return res.json().bodies[0] as cpd.BodyLedger;
};

async function join(ctx: TestContext, m: Member, memberships: { body: cpd.BodyLedger['body']; number: string; credentials?: string[]; since?: string }[]) {
  const res = await send(ctx, cpd.saveMemberships, { body: { memberships }, token: m.token });
  expect(res.statusCode).toBe(200);
}

/** Every lesson done and every question answered right in a new attempt, which then waits to be completed. */
async function answeredRight(ctx: TestContext, m: Member) {
  const course = (await send(ctx, getCourse, { params: { id: COURSE }, token: m.token })).json().course as { _id: string; sections: { content: { _id: string }[] }[] };
  for (const lesson of course.sections.flatMap((s) => s.content)) {
    await send(ctx, learning.completeLesson, { params: { id: course._id, lessonId: lesson._id }, token: m.token });
  }
  const key = await ctx.database.db.select({ correct: courseQuestions.correctIndex }).from(courseQuestions).where(eq(courseQuestions.courseId, course._id)).orderBy(asc(courseQuestions.position));
  const attempt = (await send(ctx, learning.startAssessment, { params: { id: course._id }, token: m.token })).json().attempt as AssessmentAttempt;
  for (const [questionIndex, { correct }] of key.entries()) {
    await send(ctx, learning.answerAssessment, { params: { id: attempt._id }, body: { questionIndex, selectedOption: correct }, token: m.token });
  }
  return { courseId: course._id, attemptId: attempt._id };
}

describeWithApp('continuing-education credit: the member', { seed: true }, (ctx) => {
  let ada: Member;
  let ben: Member;
  let courseId: string;
  const people = staffPeople(ctx, 'cpd');

  beforeAll(async () => {
    const c = ctx();
    const [row] = await c.database.db.update(courses).set({ credits: LINES, passPercent: 80 }).where(eq(courses.slug, COURSE)).returning({ id: courses.id });
    courseId = row!.id;
    ada = await member(c, 'cpd-ada@example.com', 'Ada', 'Okafor');
    ben = await member(c, 'cpd-ben@example.com', 'Ben', 'Hale');
  }, 120_000);

  it('keeps memberships checked by format where the body publishes one', async () => {
    const bad = await send(ctx(), cpd.saveMemberships, { body: { memberships: [{ body: 'aia', number: 'AIA-12' }] }, token: ada.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/AIA member number/);
    const twice = await send(ctx(), cpd.saveMemberships, { body: { memberships: [{ body: 'aia', number: '38012345' }, { body: 'aia', number: '38012346' }] }, token: ada.token });
    expect(twice.statusCode).toBe(400);
    await join(ctx(), ada, [{ body: 'aia', number: '38012345' }, { body: 'gbci', number: '0010123456', credentials: ['LEED AP BD+C'], since: '2025-03-14' }]);
    const listed = (await send(ctx(), cpd.memberships, { token: ada.token })).json().memberships;
    expect(listed).toEqual([
      { body: 'aia', number: '38012345' },
      { body: 'gbci', number: '0010123456', credentials: ['LEED AP BD+C'], since: '2025-03-14' },
    ]);
    const ledger = await aiaLedger(ctx(), ada);
    expect(ledger.requirement).toEqual([
      { key: 'total', label: 'Total', required: 18, earned: 0, unit: 'LU' },
      { key: 'hsw', label: 'HSW', required: 12, earned: 0, unit: 'LU' },
    ]);
    expect(ledger.missing[0]).toMatch(/^12 LU\/HSW more by 31 December \d{4}$/);
  });

  it('writes one entry per credit line when the assessment is passed, once for 16 parallel completes', async () => {
    const { attemptId } = await answeredRight(ctx(), ada);
    const done = await Promise.all(Array.from({ length: 16 }, () => send(ctx(), learning.completeAssessment, { params: { id: attemptId }, token: ada.token })));
    for (const res of done) expect(res.statusCode).toBe(200);
    const rows = await ctx().database.db.select().from(cpdEntries).where(and(eq(cpdEntries.userId, ada.id), eq(cpdEntries.sourceRef, courseId)));
    expect(rows.map((r) => [r.body, r.type, r.amount, r.courseNumber, r.source]).sort()).toEqual([
      ['aia', 'LU/HSW', 1.5, 'SL-MP-101', 'course'],
      ['gbci', 'general', 1.5, null, 'course'],
    ]);
    const ledger = await aiaLedger(ctx(), ada);
    expect(ledger.entries).toHaveLength(1);
    expect(ledger.entries[0]).toMatchObject({ source: 'course', courseNumber: 'SL-MP-101', amount: 1.5, type: 'LU/HSW', selfReported: false, provider: 'SustainLearn' });
    expect(ledger.requirement.map((p) => p.earned)).toEqual([1.5, 1.5]);
    // A retake that passes again adds nothing.
    const again = await send(ctx(), learning.startAssessment, { params: { id: courseId }, token: ada.token });
    expect(again.statusCode).toBe(200);
  });

  it('writes nothing for a pass under the course\'s own pass mark', async () => {
    const low = await member(ctx(), 'cpd-low@example.com', 'Lou', 'Wren');
    const { attemptId } = await answeredRight(ctx(), low);
    // A mark no score reaches: the pass earns the certificate (70%) but not the credit.
    await ctx().database.db.update(courses).set({ passPercent: 101 }).where(eq(courses.id, courseId));
    await send(ctx(), learning.completeAssessment, { params: { id: attemptId }, token: low.token });
    await ctx().database.db.update(courses).set({ passPercent: 80 }).where(eq(courses.id, courseId));
    expect(await ctx().database.db.select().from(cpdEntries).where(eq(cpdEntries.userId, low.id))).toEqual([]);
  });

  it('writes one entry when staff mark a member attended, and takes it back when unmarked', async () => {
    const c = ctx();
    const [series] = await c.database.db.select().from(workshopSeries).limit(1);
    await c.database.db.update(workshopSeries).set({ credits: [{ body: 'aia', amount: 1, type: 'LU', courseNumber: null }] }).where(eq(workshopSeries.id, series!.id));
    const [session] = await c.database.db.insert(workshops).values({
      slug: `cpd-${Math.random().toString(36).slice(2, 10)}`, title: 'Retrofit clinic', imageUrl: series!.imageUrl,
      startsAt: new Date(Math.floor((c.clock.now - 30 * 60_000) / 60_000) * 60_000), duration: 60, seriesId: series!.id, capacity: 10,
    }).returning({ id: workshops.id });
    await c.database.db.insert(workshopRegistrations).values({ workshopId: session!.id, userId: ada.id, status: 'registered', seatedAt: new Date(c.clock.now) });
    const { editor } = people;
    const mark = (attended: boolean) => send(c, markAttended, { params: { sessionId: session!.id, userId: ada.id }, body: { attended }, token: editor.token });
    const marks = await Promise.all([1, 2, 3, 4].map(() => mark(true)));
    for (const res of marks) expect(res.statusCode).toBe(200);
    const written = () => c.database.db.select().from(cpdEntries).where(and(eq(cpdEntries.userId, ada.id), eq(cpdEntries.sourceRef, session!.id)));
    expect((await written()).map((r) => [r.source, r.body, r.type, r.amount])).toEqual([['workshop', 'aia', 'LU', 1]]);
    expect((await aiaLedger(c, ada)).entries.map((e) => e.source).sort()).toEqual(['course', 'workshop']);
    expect((await mark(false)).statusCode).toBe(200);
    expect(await written()).toEqual([]);
    expect((await mark(true)).statusCode).toBe(200);
    expect(await written()).toHaveLength(1);
  });

  it('refuses a self-reported HSW and keeps an activity with its evidence for its owner only', async () => {
    const today = new Date(ctx().clock.now).toISOString().slice(0, 10);
    const fields = { title: 'Mass timber fire safety seminar', provider: 'Timber Council', date: today, amount: '2', body: 'aia', type: 'LU/HSW' };
    const hsw = await postActivity(ctx(), ada, fields);
    expect(hsw.statusCode).toBe(400);
    expect(hsw.json().message).toMatch(/HSW credit cannot be self-reported/);
    const notPdf = await postActivity(ctx(), ada, { ...fields, type: 'LU' }, { bytes: Buffer.from('<html>'), name: 'a.pdf', type: 'application/pdf' });
    expect(notPdf.statusCode).toBe(400);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const ok = await postActivity(ctx(), ada, { ...fields, type: 'LU', courseNumber: 'TC-22' }, { bytes: pdf, name: 'certificate.pdf', type: 'application/pdf' });
    expect(ok.statusCode).toBe(200);
    const entry = ok.json().entry as cpd.LedgerEntry;
    expect(entry).toMatchObject({ source: 'self', selfReported: true, provider: 'Timber Council', amount: 2, type: 'LU', courseNumber: 'TC-22' });
    expect(entry.evidenceUrl).toBe(`/api/cpd/evidence/${entry.id}`);
    const own = await getUrl(ctx(), entry.evidenceUrl!, { token: ada.token });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.equals(pdf)).toBe(true);
    expect((await getUrl(ctx(), entry.evidenceUrl!, { token: ben.token })).statusCode).toBe(404);
    expect((await getUrl(ctx(), entry.evidenceUrl!)).statusCode).toBe(401);
    // Not reachable through the public files route either.
    expect((await getUrl(ctx(), `/files/cpd-evidence/${ada.id}/${entry.id}.pdf`, { token: ada.token })).statusCode).toBe(404);
  });

  it('draws the transcript PDF with the number, course number, credits and total and no email, under one code while nothing changes', async () => {
    const first = await send(ctx(), cpd.transcriptPdf, { query: { body: 'aia' }, token: ada.token });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    const text = pdfText(first.rawPayload);
    expect(text).toContain('38012345');
    expect(text).toContain('SL-MP-101');
    expect(text).toContain('1.5 LU/HSW');
    expect(text).toContain('2 LU');
    expect(text).toMatch(/Total: 4\.5 LU/);
    expect(text).toContain('Ada Okafor');
    expect(text).toContain('SustainLearn');
    expect(text).toContain('Provider number: none');
    expect(text).toMatch(/\/transcripts\/[A-Za-z0-9_-]{16}/);
    expect(text).not.toContain('@');
    const codes = async () => (await ctx().database.db.select().from(cpdTranscripts).where(eq(cpdTranscripts.userId, ada.id))).map((r) => r.code);
    expect(await codes()).toHaveLength(1);
    const csv = await send(ctx(), cpd.transcriptCsv, { query: { body: 'aia' }, token: ada.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('"SL-MP-101"');
    expect(csv.body).not.toContain('@');
    expect(await codes()).toHaveLength(1);
    const [snapshot] = await ctx().database.db.select().from(cpdTranscripts).where(eq(cpdTranscripts.userId, ada.id));
    expect(JSON.stringify(snapshot!.snapshot)).not.toContain('@');
    expect(snapshot!.snapshot).toMatchObject({ memberName: 'Ada Okafor', number: '38012345', total: 4.5, unit: 'LU' });
  });

  it('never shows another member\'s ledger', async () => {
    await join(ctx(), ben, [{ body: 'aia', number: '38099999' }]);
    const ledger = await aiaLedger(ctx(), ben);
    expect(ledger.number).toBe('38099999');
    expect(ledger.entries).toEqual([]);
    const gbci = await send(ctx(), cpd.ledger, { query: { body: 'gbci' }, token: ben.token });
    expect(gbci.statusCode).toBe(404);
    expect((await send(ctx(), cpd.transcriptPdf, { query: { body: 'gbci' }, token: ben.token })).statusCode).toBe(404);
    expect((await send(ctx(), cpd.ledger, {})).statusCode).toBe(401);
    const all = (await send(ctx(), cpd.ledger, { token: ada.token })).json().bodies as cpd.BodyLedger[];
    expect(all.map((b) => b.body)).toEqual(['aia', 'gbci']);
    expect(all[1]!.period.start).toMatch(/-03-14$/);
  });

  it('makes a short AIA year up with the next year\'s January-to-September credit, counted there and not again (ADR 166)', async () => {
    const c = ctx();
    const cora = await member(c, 'cpd-cora@example.com', 'Cora', 'Lind');
    await join(c, cora, [{ body: 'aia', number: '38055555' }]);
    const year = new Date(c.clock.now).getUTCFullYear();
    const last = year - 1;
    const row = (earnedOn: string, amount: number, type: 'LU' | 'LU/HSW', title: string) => ({
      userId: cora.id, body: 'aia', source: 'course', sourceRef: `grace-${title}`, title, provider: 'SustainLearn', courseNumber: 'SL-G-1', earnedOn, amount, type,
    });
    // Last year: 10 LU, 6 HSW (8 LU and 6 HSW short). This year, 15 January: 8 HSW; 2 elective.
    await c.database.db.insert(cpdEntries).values([
      row(`${last}-03-01`, 6, 'LU/HSW', 'Fire safety'), row(`${last}-04-01`, 4, 'LU', 'Practice'),
      row(`${year}-01-15`, 8, 'LU/HSW', 'Accessible design'), row(`${year}-01-16`, 2, 'LU', 'Daylight'),
    ]);
    const before = (await send(c, cpd.ledger, { query: { body: 'aia', period: String(last) }, token: cora.token })).json().bodies[0] as cpd.BodyLedger;
    expect(before.requirement.map((p) => p.earned)).toEqual([18, 12]);
    expect(before.missing).toEqual([]);
    expect(before.grace?.madeUp).toEqual({ total: 8, hsw: 6 });
    const now = await aiaLedger(c, cora);
    expect(now.requirement.map((p) => p.earned)).toEqual([2, 2]);
    expect(now.grace).toEqual({ madeUp: { total: 0, hsw: 0 }, toPrevious: { total: 8, hsw: 6 }, previous: { label: String(last), shortfall: { total: 0, hsw: 0 }, graceEnd: `${year}-09-30` } });
    const gbciLike = (await send(c, cpd.ledger, { query: { body: 'aia' }, token: ada.token })).json().bodies[0] as cpd.BodyLedger;
    expect(gbciLike.grace?.toPrevious).toEqual({ total: 0, hsw: 0 });

    const text = pdfText((await send(c, cpd.transcriptPdf, { query: { body: 'aia', period: String(last) }, token: cora.token })).rawPayload);
    expect(text).toContain(`Made up in the grace period (earned 1 January to 30 September ${year}): 8 LU (6 of them HSW)`);
    expect(text).toContain('Counted toward 18 LU with 12 HSW (at most 12 LU a day): 18 LU (12 of them HSW)');
    const csv = (await send(c, cpd.transcriptCsv, { query: { body: 'aia' }, token: cora.token })).body;
    expect(csv).toContain(`"Counted for ${last}'s shortfall in its grace period: minus 8 LU (6 of them HSW)"`);
  });
});
