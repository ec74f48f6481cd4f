/**
 * Issue 36, first part: roles checked on every staff call (the matrix is generated from src/contract/staff.ts), the
 * command line that makes the first admin, the contact form stored and mailed to STAFF_EMAIL through a real SMTP
 * receiver, the inbox, and the append-only audit log.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStaffCommand } from '../../scripts/staff';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/data/client';
import { auditLog, contactMessages, users } from '../../server/data/schema';
import { SmtpMailer } from '../../server/mail/smtp-mailer';
import { sendContactMessage } from '../../src/contract/contact';
import type { Call } from '../../src/contract/define';
import { submitFeedback } from '../../src/contract/feedback';
import * as staffCalls from '../../src/contract/staff';
import { roleMatrix, staffCallsOf, staffPeople } from './staff-matrix';
import { readMails, startMailbox } from '../e2e/support/mailbox';
import { createPostgresDatabase } from '../support/postgres';
import { send } from './api';
import { dataDirCopy, describeWithApp, openTestDatabase } from './fixture';
import { type Member, member } from './members';

const STAFF_CALLS = staffCallsOf(staffCalls);

describeWithApp('staff roles, inbox and audit', {}, (ctx) => {
  const people = staffPeople(ctx, 'staff');
  let target: Member;
  let feedbackId: string;

  beforeAll(async () => {
    const c = ctx();
    target = await member(c, 'target@example.com', 'Grace', 'Hopper');
    expect((await send(c, submitFeedback, { body: { name: 'Rosa', email: 'rosa@example.com', mobile: '0207', feedback: 'More on timber' } })).statusCode).toBe(200);
    const inbox = await send(c, staffCalls.inbox, { token: people.admin.token });
    feedbackId = inbox.json().items[0].id;
  }, 120_000);

  /** A request each staff call accepts when the caller may make it. */
  const requestFor = (c: Call): { params?: Record<string, string>; body?: unknown } => {
    if (c === staffCalls.markHandled) return { params: { kind: 'feedback', id: feedbackId } };
    if (c === staffCalls.setRoles) return { params: { id: target.id }, body: { roles: [] } };
    return {};
  };

  it('lists the staff calls it checks', () => {
    expect(STAFF_CALLS.map((c) => c.name).sort()).toEqual(['staff.audit', 'staff.home', 'staff.inbox', 'staff.listStaff', 'staff.markHandled', 'staff.setRoles']);
  });

  roleMatrix(ctx, STAFF_CALLS, people, requestFor);

  it('tells any member their own roles, and nobody else', async () => {
    expect((await send(ctx(), staffCalls.myRoles, { token: people.member.token })).json().roles).toEqual([]);
    expect((await send(ctx(), staffCalls.myRoles, { token: people.editor.token })).json().roles).toEqual(['editor']);
    expect((await send(ctx(), staffCalls.myRoles)).statusCode).toBe(401);
  });

  it('lets an admin grant and revoke roles, and writes each change to the audit log once', async () => {
    const admin = people.admin;
    const granted = await send(ctx(), staffCalls.setRoles, { params: { id: target.id }, body: { roles: ['editor', 'moderator'] }, token: admin.token });
    expect(granted.json().member).toMatchObject({ id: target.id, name: 'Grace Hopper', roles: ['editor', 'moderator'] });
    // The same roles again change nothing and log nothing.
    await send(ctx(), staffCalls.setRoles, { params: { id: target.id }, body: { roles: ['moderator', 'editor'] }, token: admin.token });
    expect((await send(ctx(), staffCalls.inbox, { token: target.token })).statusCode).toBe(200);
    await send(ctx(), staffCalls.setRoles, { params: { id: target.id }, body: { roles: ['moderator'] }, token: admin.token });
    expect((await send(ctx(), staffCalls.listStaff, { token: target.token })).statusCode).toBe(403);

    const audit = await send(ctx(), staffCalls.auditLog, { query: { actor: admin.id }, token: admin.token });
    const changes = (audit.json().entries as { action: string; target: string; detail: { role?: string }; actor: { name: string } }[])
      .filter((e) => e.target === `member:${target.id}`)
      .map((e) => `${e.action} ${e.detail.role} by ${e.actor.name}`);
    expect(changes.sort()).toEqual(['role.granted editor by Staff admin', 'role.granted moderator by Staff admin', 'role.revoked editor by Staff admin']);
  });

  it('refuses an admin removing their own admin role', async () => {
    const res = await send(ctx(), staffCalls.setRoles, { params: { id: people.admin.id }, body: { roles: [] }, token: people.admin.token });
    expect(res.statusCode).toBe(400);
  });

  it('finds members by name or email to grant a first role, and lists only staff without a query', async () => {
    const found = await send(ctx(), staffCalls.listStaff, { query: { q: 'grace' }, token: people.admin.token });
    expect(found.json().members.map((m: { email: string }) => m.email)).toEqual(['target@example.com']);
    const listed = await send(ctx(), staffCalls.listStaff, { token: people.admin.token });
    expect(listed.json().members.map((m: { email: string }) => m.email)).not.toContain('staff-plain@example.com');
  });

  it('keeps feedback and contact messages in one inbox, newest first, marked handled once with who did it', async () => {
    const c = ctx();
    c.clock.advance(60_000);
    expect((await send(c, sendContactMessage, { body: { name: 'Omar', email: 'omar@example.com', phone: '0161', message: 'Do you run in-house CPD?' } })).statusCode).toBe(200);
    const inbox = await send(c, staffCalls.inbox, { query: { status: 'all' }, token: people.moderator.token });
    const items = inbox.json().items as { kind: string; name: string; id: string; handledBy: { name: string } | null }[];
    expect(items.map((i) => `${i.kind} ${i.name}`)).toEqual(['contact Omar', 'feedback Rosa']);
    const contact = items[0]!;
    const handled = await send(c, staffCalls.markHandled, { params: { kind: 'contact', id: contact.id }, token: people.editor.token });
    expect(handled.json().item).toMatchObject({ handledBy: { name: 'Staff editor' } });
    // A second press keeps the first handler.
    const again = await send(c, staffCalls.markHandled, { params: { kind: 'contact', id: contact.id }, token: people.admin.token });
    expect(again.json().item.handledBy.name).toBe('Staff editor');
    const open = await send(c, staffCalls.inbox, { token: people.moderator.token });
    expect(open.json().items.map((i: { id: string }) => i.id)).not.toContain(contact.id);
    const entries = await send(c, staffCalls.auditLog, { query: { action: 'message.handled' }, token: people.admin.token });
    expect(entries.json().entries.filter((e: { target: string }) => e.target === `contact:${contact.id}`)).toHaveLength(1);
    const missing = await send(c, staffCalls.markHandled, { params: { kind: 'contact', id: '00000000-0000-4000-8000-000000000000' }, token: people.admin.token });
    expect(missing.statusCode).toBe(404);
  });

  it('shows new messages and upcoming sessions on the console home', async () => {
    const home = await send(ctx(), staffCalls.staffHome, { token: people.editor.token });
    expect(home.json()).toMatchObject({ success: true, newMessages: expect.any(Number), upcomingWorkshops: expect.any(Array) });
  });

  it('refuses to change or delete an audit entry, even from inside the database', async () => {
    const { db } = ctx().database;
    await expect(db.execute(sql`update ${auditLog} set action = 'forged'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ${auditLog}`)).rejects.toThrow();
    const forged = await db.select({ id: auditLog.id }).from(auditLog).where(sql`${auditLog.action} = 'forged'`);
    expect(forged).toEqual([]);
    expect((await db.select({ id: auditLog.id }).from(auditLog)).length).toBeGreaterThan(0);
  });
});

describe('the contact form, mailed to STAFF_EMAIL through SMTP', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sl-contact-'));
  const file = join(dir, 'mails.jsonl');
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  beforeAll(async () => {
    mailbox = await startMailbox(file);
  });
  afterAll(async () => {
    await mailbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores the message, mails it with Reply-To set to the writer, and answers the spec text', async () => {
    // An empty migrated database, copied from the run's template (test/support/database-templates.ts), not made anew.
    const { database } = await openTestDatabase('pglite');
    const config = loadConfig({
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789', STATIC_DIR: '/nonexistent', RATE_LIMIT: 'off',
      STAFF_EMAIL: 'team@sustainlearn.example', LOG_LEVEL: 'silent',
    });
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${mailbox.port}`, config.mailFrom);
    const app = await buildApp({ config, database, mailer, logger: false });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Omar Haddad', email: 'omar@example.com', phone: '0161 496 0000', message: 'Do you run in-house CPD for practices?' } });
      expect(res.json()).toEqual({ success: true, message: 'Message sent successfully!' });
      await expect.poll(() => readMails(file).length, { timeout: 5000 }).toBe(1);
      const [mail] = readMails(file);
      expect(mail!.to).toEqual(['team@sustainlearn.example']);
      expect(mail!.raw).toMatch(/^Reply-To: omar@example\.com/m);
      expect(mail!.raw).toContain('Do you run in-house CPD for practices?');
      const rows = await database.db.select({ name: contactMessages.name, message: contactMessages.message }).from(contactMessages);
      expect(rows).toEqual([{ name: 'Omar Haddad', message: 'Do you run in-house CPD for practices?' }]);
    } finally {
      await app.close();
      await mailer.close?.();
      await database.close();
    }
  });
});

describe('npm run staff', () => {
  const lines: string[] = [];
  const errors: string[] = [];
  const run = (env: NodeJS.ProcessEnv, ...args: string[]) => runStaffCommand(args, (l) => lines.push(l), (l) => errors.push(l), env);

  async function grantsAndRefuses(env: NodeJS.ProcessEnv) {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? null });
    await database.db.insert(users).values({ email: 'first.admin@example.com', firstName: 'First', lastName: 'Admin' });
    await database.close();
    errors.length = 0;
    expect(await run(env, 'grant', 'nobody@example.com', 'admin')).toBe(1);
    expect(errors.join('\n')).toContain('No member has the email nobody@example.com.');
    expect(await run(env, 'grant', 'First.Admin@example.com', 'admin')).toBe(0);
    expect(await run(env, 'grant', 'first.admin@example.com', 'root')).toBe(2);
    lines.length = 0;
    expect(await run(env, 'list')).toBe(0);
    expect(lines).toEqual(['first.admin@example.com\tFirst Admin\tadmin']);
    expect(await run(env, 'revoke', 'first.admin@example.com', 'admin')).toBe(0);
    const check = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? null });
    try {
      const entries = await check.db.select({ action: auditLog.action, actorId: auditLog.actorId }).from(auditLog);
      expect(entries).toEqual([{ action: 'role.granted', actorId: null }, { action: 'role.revoked', actorId: null }]);
    } finally {
      await check.close();
    }
  }

  it('makes the first admin on PGlite and refuses an unknown email', async () => {
    const dataDir = dataDirCopy({ seed: false });
    try {
      await grantsAndRefuses({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it.skipIf(!process.env.DATABASE_URL)('does the same on PostgreSQL', async () => {
    const created = await createPostgresDatabase(process.env.DATABASE_URL!);
    try {
      await grantsAndRefuses({ DATABASE_URL: created.url, JWT_SECRET: 'x'.repeat(40) });
    } finally {
      await created.drop();
    }
  }, 120_000);
});
