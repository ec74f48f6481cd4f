/**
 * Issue 39 item 6: reports to the bodies in the staff console, over HTTP on each database. The role matrix of its
 * calls; unreported completions per body with the business days left of the AIA's 10, those waiting for a member
 * number or for the body's approval with why; 'Export for AIA CES': one row per ready completion in the provider's
 * upload shape, marked reported with its export and audited once; a second export has none (409); 16 exports at once
 * report each completion once. Ledger rows are written here directly (the ledger's own writing is tested in cpd.test.ts).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog, cpdEntries, cpdExports, cpdMemberships } from '../../server/data/schema';
import * as calls from '../../src/contract/cpd';
import type { Call } from '../../src/contract/define';
import { businessDaysLeft, reportingDeadline } from '../../src/domain/business-days';
import { send } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { type Member, member } from './members';
import { roleMatrix, staffCallsOf, staffPeople } from './staff-matrix';

type Entry = typeof cpdEntries.$inferInsert;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function entry(ctx: TestContext, who: Member, over: Partial<Entry>): Promise<string> {
  const [row] = await ctx.database.db.insert(cpdEntries).values({
    userId: who.id, body: 'aia', source: 'course', sourceRef: `ref-${Math.random().toString(36).slice(2, 10)}`, title: 'Embodied Carbon Fundamentals',
    provider: 'SustainLearn', courseNumber: 'SL-AIA-101', earnedOn: dayOf(ctx.clock.now), amount: 1, type: 'LU', ...over,
  }).returning({ id: cpdEntries.id });
  return row!.id;
}

const aiaNumber = (ctx: TestContext, who: Member, number: string) =>
  ctx.database.db.insert(cpdMemberships).values({ userId: who.id, body: 'aia', number });

/** The CSV's rows as arrays of fields (BOM, quotes and CRLF taken off). */
function csvRows(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text.slice(1).trimEnd().split('\r\n').map((line) => line.slice(1, -1).split('","'));
}

describeWithApp('staff: reports to the bodies', { seed: true }, (ctx) => {
  const people = staffPeople(ctx, 'cpd');
  let ready: Member;
  let numberless: Member;

  beforeAll(async () => {
    const c = ctx();
    ready = await member(c, 'cpd-ready@example.com', 'Ama', 'Boateng');
    numberless = await member(c, 'cpd-numberless@example.com', 'Tomás', 'Reyes');
    await aiaNumber(c, ready, '38112456');
  }, 120_000);

  // Nothing is ready while the matrix runs: the roles that pass the check get 409 (nothing to export), not 403.
  const requestFor = (c: Call) => (c === calls.exportCompletions ? { body: { body: 'aia' } } : { query: { body: 'aia' } });
  roleMatrix(ctx, staffCallsOf(calls), people, requestFor, (c) => (c === calls.exportCompletions ? 409 : 200));

  it('lists unreported completions per body, oldest first, with the business days left and why some wait', async () => {
    const c = ctx();
    const today = dayOf(c.clock.now);
    const earlier = dayOf(c.clock.now - 3 * 86_400_000);
    const hsw = await entry(c, ready, { type: 'LU/HSW', earnedOn: earlier, title: 'Healthy Materials and Indoor Environment' });
    const unapproved = await entry(c, ready, { courseNumber: null, title: 'Passive Design for Energy Efficiency' });
    const noNumber = await entry(c, numberless, { title: 'Whole Life Carbon Assessment' });
    await entry(c, ready, { source: 'self', sourceRef: null, selfReported: true, title: 'A conference talk' });
    await entry(c, ready, { reportedAt: new Date(c.clock.now), title: 'Reported before' });
    const riba = await entry(c, ready, { body: 'riba', type: 'core', topic: 'Sustainable architecture', courseNumber: null });

    const res = await send(c, calls.unreportedCompletions, { query: { body: 'aia' }, token: people.editor.token });
    expect(res.statusCode).toBe(200);
    const { provider, completions } = res.json() as { provider: { name: string; number: string | null }; completions: calls.Completion[] };
    expect(provider).toEqual({ name: 'SustainLearn', number: null });
    expect(completions.map((x) => x.id)).toEqual([hsw, unapproved, noNumber]);
    expect(completions[0]).toEqual({
      id: hsw, memberName: 'Ama Boateng', memberNumber: '38112456', title: 'Healthy Materials and Indoor Environment', courseNumber: 'SL-AIA-101',
      completedOn: earlier, amount: 1, type: 'LU/HSW', businessDaysLeft: businessDaysLeft(earlier, today), reportBy: reportingDeadline(earlier), waitsFor: null,
    });
    expect(completions[1]).toMatchObject({ courseNumber: null, waitsFor: 'approval' });
    expect(completions[2]).toMatchObject({ memberName: 'Tomás Reyes', memberNumber: null, waitsFor: 'member-number', businessDaysLeft: 10 });

    const ribaList = (await send(c, calls.unreportedCompletions, { query: { body: 'riba' }, token: people.admin.token })).json().completions;
    expect(ribaList.map((x: calls.Completion) => x.id)).toEqual([riba]);
  });

  it('exports one AIA CES row per ready completion, marks them reported and audits it; a second export has none (409)', async () => {
    const c = ctx();
    const before = (await send(c, calls.unreportedCompletions, { query: { body: 'aia' }, token: people.editor.token })).json().completions as calls.Completion[];
    const readyOnes = before.filter((x) => x.waitsFor === null);
    expect(readyOnes).toHaveLength(1);

    const res = await send(c, calls.exportCompletions, { body: { body: 'aia' }, token: people.editor.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="aia-ces-completions-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = csvRows(res.rawPayload.toString('utf8'));
    const done = readyOnes[0]!;
    const [y, m, d] = done.completedOn.split('-');
    expect(rows).toEqual([
      ['AIA Member Number', 'Course Number', 'Completion Date', 'Credit', 'Credit Type'],
      ['38112456', 'SL-AIA-101', `${m}/${d}/${y}`, '1', 'LU|HSW'],
    ]);
    expect(res.rawPayload.toString('utf8')).not.toContain('@example.com');

    const [marked] = await c.database.db.select().from(cpdEntries).where(eq(cpdEntries.id, done.id));
    expect(marked!.reportedAt).not.toBeNull();
    const exports = await c.database.db.select().from(cpdExports);
    expect(exports).toEqual([expect.objectContaining({ id: marked!.exportId, body: 'aia', rows: 1, madeBy: people.editor.id })]);
    const audit = await c.database.db.select().from(auditLog).where(eq(auditLog.action, 'cpd.exported'));
    expect(audit).toEqual([expect.objectContaining({ actorId: people.editor.id, target: `cpd-export:${marked!.exportId}`, detail: { body: 'aia', rows: 1 } })]);

    const after = (await send(c, calls.unreportedCompletions, { query: { body: 'aia' }, token: people.editor.token })).json().completions as calls.Completion[];
    expect(after.map((x) => x.id)).toEqual(before.filter((x) => x.waitsFor !== null).map((x) => x.id));

    const again = await send(c, calls.exportCompletions, { body: { body: 'aia' }, token: people.editor.token });
    expect(again.statusCode).toBe(409);
    expect((await c.database.db.select().from(cpdExports)).length).toBe(1);
    expect((await c.database.db.select().from(auditLog).where(eq(auditLog.action, 'cpd.exported'))).length).toBe(1);
  });

  it('reports a waiting completion once its member gives a number, once however many exports run at once', async () => {
    const c = ctx();
    await aiaNumber(c, numberless, '40077881');
    await entry(c, numberless, { title: 'Retrofitting Historic Buildings', amount: 1.5 });
    const answers = await Promise.all(Array.from({ length: 16 }, () => send(c, calls.exportCompletions, { body: { body: 'aia' }, token: people.admin.token })));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(15);
    const rows = csvRows(ok[0]!.rawPayload.toString('utf8')).slice(1);
    expect(rows.map((r) => [r[0], r[3], r[4]]).sort()).toEqual([['40077881', '1', 'LU|Elective'], ['40077881', '1.5', 'LU|Elective']]);
    const left = (await send(c, calls.unreportedCompletions, { query: { body: 'aia' }, token: people.admin.token })).json().completions as calls.Completion[];
    expect(left.map((x) => x.waitsFor)).toEqual(['approval']);
    expect((await c.database.db.select().from(cpdExports)).map((e) => e.rows).sort()).toEqual([1, 2]);
  });
});
