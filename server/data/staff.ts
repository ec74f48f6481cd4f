/** Staff roles, the staff inbox (feedback and contact messages) and the audit log (issue 36). */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditAction, InboxKind, StaffRole } from '../../src/domain/staff';
import type { Db, Tx } from './client';
import { auditLog, contactMessages, feedback, staffRoles, users, workshopRegistrations, workshops } from './schema';

type Runner = Db | Tx;

export async function rolesOf(db: Runner, userId: string): Promise<StaffRole[]> {
  const rows = await db.select({ role: staffRoles.role }).from(staffRoles).where(eq(staffRoles.userId, userId)).orderBy(asc(staffRoles.role));
  return rows.map((row) => row.role as StaffRole);
}

/** Makes `roles` the member's roles; answers what was granted and what was revoked. */
export async function replaceRoles(tx: Tx, userId: string, roles: readonly StaffRole[], by: string | null) {
  const held = await rolesOf(tx, userId);
  const granted = roles.filter((role) => !held.includes(role));
  const revoked = held.filter((role) => !roles.includes(role));
  if (revoked.length) await tx.delete(staffRoles).where(and(eq(staffRoles.userId, userId), inArray(staffRoles.role, revoked)));
  if (granted.length) await tx.insert(staffRoles).values(granted.map((role) => ({ userId, role, grantedBy: by }))).onConflictDoNothing();
  return { granted, revoked };
}

const memberColumns = {
  id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, createdAt: users.createdAt,
};

/** Staff members (anyone holding a role), or with `q` any member whose name or email holds it. */
export async function findStaffOrMembers(db: Db, q: string, limit = 50) {
  const holder = sql<string[]>`coalesce((select array_agg(${staffRoles.role} order by ${staffRoles.role}) from ${staffRoles} where ${staffRoles.userId} = ${users.id}), '{}')`;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = q
    ? and(isNull(users.deletedAt), or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern)))
    : sql`exists (select 1 from ${staffRoles} where ${staffRoles.userId} = ${users.id})`;
  return db.select({ ...memberColumns, roles: holder }).from(users).where(where).orderBy(asc(users.firstName), asc(users.email)).limit(limit);
}

export async function memberWithRoles(db: Runner, userId: string) {
  const [row] = await db.select(memberColumns).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row ? { ...row, roles: await rolesOf(db, userId) } : null;
}

export async function memberByEmail(db: Db, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email.trim().toLowerCase()), isNull(users.deletedAt)));
  return row ?? null;
}

export async function appendAudit(db: Runner, entry: { actorId: string | null; action: AuditAction; target: string; detail?: Record<string, unknown> }) {
  await db.insert(auditLog).values({ ...entry, detail: entry.detail ?? {} });
}

const actor = alias(users, 'actor');

export async function auditEntries(db: Db, filter: { actorId?: string | undefined; action?: string | undefined }, page: number, pageSize: number) {
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  return db
    .select({
      id: auditLog.id, at: auditLog.at, action: auditLog.action, target: auditLog.target, detail: auditLog.detail, actorId: auditLog.actorId,
      actorFirstName: actor.firstName, actorLastName: actor.lastName, actorDeleted: actor.deletedAt,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function insertContactMessage(db: Db, message: { name: string; email: string; phone: string; message: string }) {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return row!.id;
}

const handler = alias(users, 'handler');

/** One query over both kinds: feedback's `mobile` and `feedback` read as `phone` and `message`. */
function inboxQuery(db: Db, status: 'new' | 'handled' | 'all') {
  const feedbackWhere = status === 'new' ? isNull(feedback.handledAt) : status === 'handled' ? isNotNull(feedback.handledAt) : undefined;
  const contactWhere = status === 'new' ? isNull(contactMessages.handledAt) : status === 'handled' ? isNotNull(contactMessages.handledAt) : undefined;
  const fromFeedback = db.select({
    kind: sql<InboxKind>`'feedback'`.as('kind'), id: feedback.id, name: feedback.name, email: feedback.email, phone: feedback.mobile,
    message: feedback.feedback, createdAt: feedback.createdAt, handledAt: feedback.handledAt, handledBy: feedback.handledBy,
  }).from(feedback).where(feedbackWhere);
  const fromContact = db.select({
    kind: sql<InboxKind>`'contact'`.as('kind'), id: contactMessages.id, name: contactMessages.name, email: contactMessages.email,
    phone: contactMessages.phone, message: contactMessages.message, createdAt: contactMessages.createdAt,
    handledAt: contactMessages.handledAt, handledBy: contactMessages.handledBy,
  }).from(contactMessages).where(contactWhere);
  return fromFeedback.unionAll(fromContact).as('inbox');
}

function inboxRows(db: Db, status: 'new' | 'handled' | 'all') {
  const all = inboxQuery(db, status);
  return { all, query: db
    .select({
      kind: all.kind, id: all.id, name: all.name, email: all.email, phone: all.phone, message: all.message, createdAt: all.createdAt,
      handledAt: all.handledAt, handledById: all.handledBy, handlerFirstName: handler.firstName, handlerLastName: handler.lastName,
    })
    .from(all)
    .leftJoin(handler, eq(handler.id, all.handledBy)) };
}

export async function inboxPage(db: Db, status: 'new' | 'handled' | 'all', page: number, pageSize: number) {
  const { all, query } = inboxRows(db, status);
  const rows = await query.orderBy(desc(all.createdAt), desc(all.id)).limit(pageSize).offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(inboxQuery(db, status));
  return { rows, total: total?.n ?? 0 };
}

export type InboxRow = Awaited<ReturnType<typeof inboxPage>>['rows'][number];

export async function inboxItem(db: Db, kind: InboxKind, id: string): Promise<InboxRow | null> {
  const { all, query } = inboxRows(db, 'all');
  const [row] = await query.where(and(eq(all.kind, kind), eq(all.id, id)));
  return row ?? null;
}

/** Marks a message handled, once: a second press keeps the first handler and time. Null when there is no such message. */
export async function markMessageHandled(tx: Tx, kind: InboxKind, id: string, by: string, at: Date) {
  const table = kind === 'feedback' ? feedback : contactMessages;
  const [changed] = await tx.update(table).set({ handledAt: at, handledBy: by }).where(and(eq(table.id, id), isNull(table.handledAt))).returning({ id: table.id });
  const [exists] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
  return exists ? { changed: Boolean(changed) } : null;
}

export async function countNewMessages(db: Db): Promise<number> {
  const [a] = await db.select({ n: count() }).from(feedback).where(isNull(feedback.handledAt));
  const [b] = await db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.handledAt));
  return (a?.n ?? 0) + (b?.n ?? 0);
}

/** The next sessions with their seats taken and waitlist, soonest first. */
export async function upcomingWorkshopSeats(db: Db, from: Date, limit = 8) {
  return db
    .select({
      id: workshops.id, title: workshops.title, startsAt: workshops.startsAt, capacity: workshops.capacity,
      registered: sql<number>`count(*) filter (where ${workshopRegistrations.status} = 'registered')`.mapWith(Number),
      waitlisted: sql<number>`count(*) filter (where ${workshopRegistrations.status} = 'waitlisted')`.mapWith(Number),
    })
    .from(workshops)
    .leftJoin(workshopRegistrations, eq(workshopRegistrations.workshopId, workshops.id))
    .where(gte(workshops.startsAt, from))
    .groupBy(workshops.id)
    .orderBy(asc(workshops.startsAt))
    .limit(limit);
}
