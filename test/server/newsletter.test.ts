/**
 * The newsletter (issue 36 item 4): double opt-in through a real SMTP receiver, confirmation and unsubscribe only by a
 * POST (a GET of the links changes nothing), the RFC 8058 one-click unsubscribe, a send to 500 subscribers through
 * the job queue in batches (each mailed once; an unsubscribed and a pending address never), the sent issue published
 * as a members' page and a PDF, the CSV export, the role matrix of the console's calls, and the audit log.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../server/app';
import { importContent } from '../../server/content-import/import';
import { auditLog, newsletterSubscribers } from '../../server/data/schema';
import { SmtpMailer } from '../../server/mail/smtp-mailer';
import { listNewsletters } from '../../src/contract/content';
import type { Call } from '../../src/contract/define';
import * as calls from '../../src/contract/newsletter';
import { NEWSLETTER_TEXT } from '../../src/domain/newsletter';
import { readMails, startMailbox } from '../e2e/support/mailbox';
import { getUrl, send } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { roleMatrix, staffCallsOf, staffPeople } from './staff-matrix';

const STAFF_CALLS = staffCallsOf(calls);
const dir = mkdtempSync(join(tmpdir(), 'sl-newsletter-'));
let mailbox: Awaited<ReturnType<typeof startMailbox>> | undefined;
const mailFile = join(dir, 'mails.jsonl');
beforeAll(async () => {
  mailbox = await startMailbox(mailFile);
});
afterAll(async () => {
  await mailbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

const relayMail = () => new SmtpMailer(`smtp://127.0.0.1:${mailbox!.port}/?pool=true`, 'SustainLearn <newsletter@example.com>');
const mailsTo = (email: string) => readMails(mailFile).filter((m) => m.to.includes(email));
/** A header of a raw mail, unfolded. */
const header = (raw: string, name: string) => new RegExp(`^${name}:[ \\t]*([^\\r\\n]*(?:\\r?\\n[ \\t][^\\r\\n]*)*)`, 'mi').exec(raw)?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim();
/** The raw mail's body with quoted-printable soft breaks undone, so links read whole. */
const bodyOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
const status = async (ctx: TestContext, email: string) =>
  (await ctx.database.db.select({ status: newsletterSubscribers.status }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]?.status;
const auditCount = async (ctx: TestContext, action: string, target: string) =>
  (await ctx.database.db.select({ id: auditLog.id }).from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.target, target)))).length;

async function runJobsUntil(ctx: TestContext, done: () => Promise<boolean>, most = 30) {
  for (let i = 0; i < most && !(await done()); i++) await ctx.app.jobs.tick();
  expect(await done()).toBe(true);
}

describeWithApp('the newsletter: subscribe, confirm, unsubscribe, send', { relayMail, env: { JOB_POLL_SECONDS: '0' } }, (ctx) => {
  const people = staffPeople(ctx, 'newsletter');
  // Each database kind reads its own mails.
  beforeAll(() => writeFileSync(mailFile, ''));

  it('subscribes with double opt-in: a mail with a link to a page; only its button (a POST) confirms', async () => {
    const email = 'reader@example.com';
    const res = await send(ctx(), calls.subscribe, { body: { email: 'Reader@Example.com' } });
    expect(res.json()).toEqual({ success: true, message: NEWSLETTER_TEXT.subscribed });
    await expect.poll(() => mailsTo(email).length, { timeout: 5000 }).toBe(1);
    const mail = mailsTo(email)[0]!;
    expect(header(mail.raw, 'Subject')).toBe('Confirm your SustainLearn newsletter subscription');
    const link = /https?:\/\/[^\s"<]+\/newsletter\/confirm\/([A-Za-z0-9_-]+)/.exec(bodyOf(mail.raw));
    expect(link).not.toBeNull();
    // A link scanner's GET of the page changes nothing.
    await getUrl(ctx(), new URL(link![0]).pathname);
    expect(await status(ctx(), email)).toBe('pending');
    const confirmed = await send(ctx(), calls.confirmSubscription, { body: { token: link![1]! } });
    expect(confirmed.json()).toEqual({ success: true, message: NEWSLETTER_TEXT.confirmed });
    expect(await status(ctx(), email)).toBe('confirmed');
    // Asking again answers the same words, mails nothing and keeps the subscription.
    const again = await send(ctx(), calls.subscribe, { body: { email } });
    expect(again.json()).toEqual(res.json());
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(email)).toHaveLength(1);
    expect(await status(ctx(), email)).toBe('confirmed');
    const bad = await send(ctx(), calls.confirmSubscription, { body: { token: 'x'.repeat(32) } });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().message).toBe(NEWSLETTER_TEXT.badLink);
  });

  const draft = { subject: 'November: timber, heat pumps and a retrofit checklist', bodyMarkdown: '# Timber\n\nMass timber **stores** carbon.\n\n- One\n- Two\n\n<script>alert(1)</script>' };

  it('previews the Markdown as sanitised HTML', async () => {
    const res = await send(ctx(), calls.previewIssue, { body: draft, token: people.editor.token });
    const html = res.json().html as string;
    expect(html).toContain('<h2>Timber</h2>');
    expect(html).toContain('<strong>stores</strong>');
    expect(html).not.toContain('<script');
  });

  it('sends to 500 confirmed subscribers in batches: each gets one mail with one-click unsubscribe, the unsubscribed and pending none', async () => {
    const c = ctx();
    const at = new Date(c.clock.now - 60_000);
    const emails = Array.from({ length: 500 }, (_, i) => `sub-${String(i).padStart(3, '0')}@example.com`);
    await c.database.db.insert(newsletterSubscribers).values(emails.map((email, i) => ({ email, status: 'confirmed', token: `token-${i}-${'a'.repeat(20)}`, confirmedAt: at })));
    await c.database.db.insert(newsletterSubscribers).values([
      { email: 'gone@example.com', status: 'unsubscribed', token: `gone-${'b'.repeat(20)}`, confirmedAt: at, unsubscribedAt: at },
      { email: 'waiting@example.com', status: 'pending', token: `waiting-${'c'.repeat(20)}` },
    ]);
    // The reader of the first test is confirmed too: 501 recipients.
    const created = await send(c, calls.createIssue, { body: draft, token: people.editor.token });
    expect(created.statusCode).toBe(200);
    const id = created.json().issue.id as string;

    const test = await send(c, calls.sendTestIssue, { params: { id }, token: people.editor.token });
    expect(test.json()).toEqual({ success: true, message: NEWSLETTER_TEXT.testSent });
    // The editor's sign-up code may reach the receiver after the file was emptied: only the test issue counts here.
    const testMails = () => mailsTo(people.editor.email).filter((m) => header(m.raw, 'Subject') === `[Test] ${draft.subject}`);
    await expect.poll(() => testMails().length, { timeout: 5000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(testMails()).toHaveLength(1);
    expect(mailsTo('sub-000@example.com')).toHaveLength(0);

    const started = await send(c, calls.sendIssue, { params: { id }, token: people.editor.token });
    expect(started.json().issue).toMatchObject({ status: 'sending', recipients: 501, delivered: 0 });
    // Sent once: a second press is refused, and the draft no longer changes.
    expect((await send(c, calls.sendIssue, { params: { id }, token: people.editor.token })).statusCode).toBe(409);
    expect((await send(c, calls.updateIssue, { params: { id }, body: draft, token: people.editor.token })).statusCode).toBe(409);

    await c.app.jobs.tick();
    const partway = (await send(c, calls.getIssue, { params: { id }, token: people.editor.token })).json().issue;
    expect(partway).toMatchObject({ status: 'sending', delivered: 100 });
    // The same batch enqueued again (a retry, a second process) mails nobody a second time.
    const { enqueueJob } = await import('../../server/data/jobs');
    await enqueueJob(c.database.db, { key: `newsletter-batch:${id}:again`, kind: 'newsletter-batch', payload: { issueId: id, batch: '0' }, runAt: new Date(c.clock.now) });
    await runJobsUntil(c, async () => (await send(c, calls.getIssue, { params: { id }, token: people.editor.token })).json().issue.status === 'sent');

    const issue = (await send(c, calls.getIssue, { params: { id }, token: people.editor.token })).json().issue;
    expect(issue).toMatchObject({ status: 'sent', recipients: 501, delivered: 501 });
    await expect.poll(() => readMails(mailFile).filter((m) => m.to[0]!.startsWith('sub-')).length, { timeout: 10_000 }).toBe(500);
    const perAddress = new Map<string, number>();
    for (const m of readMails(mailFile)) for (const to of m.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    expect(emails.filter((e) => perAddress.get(e) !== 1)).toEqual([]);
    expect(perAddress.get('reader@example.com')).toBe(2);
    expect(perAddress.get('gone@example.com')).toBeUndefined();
    expect(perAddress.get('waiting@example.com')).toBeUndefined();

    // RFC 8058 headers, and the one-click POST unsubscribes; a GET of the same address only leads to the page.
    const mail = mailsTo('sub-007@example.com')[0]!;
    expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(https?:\/\/[^>]+)>$/.exec(header(mail.raw, 'List-Unsubscribe') ?? '')?.[1];
    expect(oneClick).toBeDefined();
    const path = new URL(oneClick!).pathname;
    const scanned = await getUrl(c, path);
    expect(scanned.statusCode).toBe(303);
    expect(scanned.headers.location).toMatch(/\/newsletter\/unsubscribe\/token-7-a+$/);
    expect(await status(c, 'sub-007@example.com')).toBe('confirmed');
    const refused = await c.app.inject({ method: 'POST', url: path, payload: 'something=else', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(refused.statusCode).toBe(400);
    const clicked = await c.app.inject({ method: 'POST', url: path, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(clicked.statusCode).toBe(200);
    expect(await status(c, 'sub-007@example.com')).toBe('unsubscribed');
    // The page's button unsubscribes too, and a second time is no error.
    expect((await send(c, calls.unsubscribe, { body: { token: `token-8-${'a'.repeat(20)}` } })).statusCode).toBe(200);
    expect(await status(c, 'sub-008@example.com')).toBe('unsubscribed');
    expect((await send(c, calls.unsubscribe, { body: { token: `token-8-${'a'.repeat(20)}` } })).statusCode).toBe(200);

    // Published: in the members' list of newsletters, as a page and a PDF.
    expect(issue.pageUrl).toMatch(/^\/newsletters\/november-timber-heat-pumps-and-a-retrofit-checklist-\d{4}-\d{2}-\d{2}$/);
    const listed = await send(c, listNewsletters, { token: people.member.token });
    const entries = listed.json().newsletters as { title: string; fileUrl: string; pageUrl?: string }[];
    expect(entries.find((n) => n.title === draft.subject)).toMatchObject({ fileUrl: issue.fileUrl, pageUrl: issue.pageUrl });
    // A newsletter of the content folder is a PDF only.
    expect(entries.filter((n) => n.title !== draft.subject).every((n) => n.pageUrl === undefined)).toBe(true);
    const slug = issue.pageUrl.split('/').pop();
    expect((await send(c, calls.publishedIssue, { params: { slug } })).statusCode).toBe(401);
    const page = await send(c, calls.publishedIssue, { params: { slug }, token: people.member.token });
    expect(page.json().newsletter).toMatchObject({ title: draft.subject, fileUrl: issue.fileUrl });
    expect(page.json().newsletter.html).toContain('<strong>stores</strong>');
    const pdf = await getUrl(c, issue.fileUrl);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Every staff action once in the audit log.
    expect(await auditCount(c, 'newsletter.test-sent', `newsletter:${id}`)).toBe(1);
    expect(await auditCount(c, 'newsletter.sent', `newsletter:${id}`)).toBe(1);
  }, 120_000);

  it('keeps a sent issue and its PDF through a content import', async () => {
    const c = ctx();
    const issue = (await send(c, calls.listIssues, { token: people.editor.token })).json().issues.find((i: { status: string }) => i.status === 'sent');
    await importContent(c.database.db, CONTENT_DIR);
    const slug = issue.pageUrl.split('/').pop();
    expect((await send(c, calls.publishedIssue, { params: { slug }, token: people.member.token })).statusCode).toBe(200);
    expect((await getUrl(c, issue.fileUrl)).statusCode).toBe(200);
  }, 120_000);

  it('resubscribes an unsubscribed address only after a new confirmation', async () => {
    const email = 'sub-008@example.com';
    await send(ctx(), calls.subscribe, { body: { email } });
    expect(await status(ctx(), email)).toBe('pending');
    // The old link no longer confirms.
    expect((await send(ctx(), calls.confirmSubscription, { body: { token: `token-8-${'a'.repeat(20)}` } })).statusCode).toBe(404);
    await expect.poll(() => mailsTo(email).filter((m) => /Confirm your/.test(m.raw)).length, { timeout: 5000 }).toBe(1);
  });

  it('exports the subscribers as CSV for an admin, once in the audit log per export', async () => {
    const before = await auditCount(ctx(), 'subscribers.exported', 'newsletter:subscribers');
    const res = await send(ctx(), calls.exportSubscribers, { token: people.admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.trim().split('\r\n');
    // UTF-8 with a byte-order mark, as every console export (server/render/csv.ts).
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]!.replace(/^\uFEFF/, '')).toBe('"email","status","subscribed_at","confirmed_at","unsubscribed_at"');
    expect(lines.find((l) => l.startsWith('"gone@example.com"'))).toMatch(/^"gone@example.com","unsubscribed",/);
    expect(lines).toHaveLength(1 + 503);
    expect(await auditCount(ctx(), 'subscribers.exported', 'newsletter:subscribers')).toBe(before + 1);
  });
});

describeWithApp('the newsletter console: roles', { env: { JOB_POLL_SECONDS: '0' } }, (ctx) => {
  const people = staffPeople(ctx, 'newsletter-roles');
  const drafts: string[] = [];
  beforeAll(async () => {
    const c = ctx();
    await c.database.db.insert(newsletterSubscribers).values({ email: 'one@example.com', status: 'confirmed', token: `one-${'d'.repeat(20)}`, confirmedAt: new Date(c.clock.now - 1000) });
    for (let i = 0; i < 12; i++) {
      drafts.push((await send(c, calls.createIssue, { body: { subject: `Draft ${i}`, bodyMarkdown: 'Hello' }, token: people.admin.token })).json().issue.id);
    }
  }, 120_000);

  it('lists the staff calls it checks', () => {
    expect(STAFF_CALLS.map((c) => c.name).sort()).toEqual([
      'newsletter.createIssue', 'newsletter.exportSubscribers', 'newsletter.issue', 'newsletter.issues', 'newsletter.preview',
      'newsletter.send', 'newsletter.testSend', 'newsletter.updateIssue',
    ]);
  });

  /** A request each call accepts; every send takes a draft of its own (a sent issue is not sent again). */
  let next = 0;
  const requestFor = (c: Call) => {
    const body = { subject: 'Roles', bodyMarkdown: 'Hello' };
    if (c === calls.sendIssue) return { params: { id: drafts[next++]! } };
    if (c === calls.getIssue || c === calls.sendTestIssue) return { params: { id: drafts.at(-1)! } };
    if (c === calls.updateIssue) return { params: { id: drafts.at(-1)! }, body };
    if (c === calls.createIssue || c === calls.previewIssue) return { body };
    return {};
  };
  roleMatrix(ctx, STAFF_CALLS, people, requestFor);
});
