/** The newsletter's rows (issue 36 item 4): subscribers, issues, who got each issue, and a sent issue's library entry. */
import { and, asc, count, desc, eq, lte, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { files, newsletterDeliveries, newsletterIssues, newsletters, newsletterSubscribers } from './schema';

type Runner = Db | Tx;
export type IssueRow = typeof newsletterIssues.$inferSelect;
export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

/** A new address becomes pending with `token`; an unsubscribed one asks again (pending, new token); others stay as they are. */
export async function upsertPending(db: Runner, email: string, token: string): Promise<SubscriberRow | null> {
  const [row] = await db
    .insert(newsletterSubscribers)
    .values({ email, token, status: 'pending' })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: { status: 'pending', token, unsubscribedAt: null },
      setWhere: eq(newsletterSubscribers.status, 'unsubscribed'),
    })
    .returning();
  if (row) return row;
  const [existing] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return existing ?? null;
}

export async function subscriberByToken(db: Runner, token: string): Promise<SubscriberRow | undefined> {
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.token, token));
  return row;
}

export async function subscriberByEmail(db: Runner, email: string): Promise<SubscriberRow | undefined> {
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email.trim().toLowerCase()));
  return row;
}

/** Pending → confirmed; answers whether the token names a subscription that is now confirmed. */
export async function confirmByToken(db: Runner, token: string, at: Date): Promise<boolean> {
  await db.update(newsletterSubscribers).set({ status: 'confirmed', confirmedAt: at })
    .where(and(eq(newsletterSubscribers.token, token), eq(newsletterSubscribers.status, 'pending')));
  const row = await subscriberByToken(db, token);
  return row?.status === 'confirmed';
}

/** Any status → unsubscribed; answers whether the token names a subscription. */
export async function unsubscribeByToken(db: Runner, token: string, at: Date): Promise<boolean> {
  const rows = await db.update(newsletterSubscribers).set({ status: 'unsubscribed', unsubscribedAt: at })
    .where(and(eq(newsletterSubscribers.token, token), sql`${newsletterSubscribers.status} <> 'unsubscribed'`))
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0 || Boolean(await subscriberByToken(db, token));
}

export async function deleteSubscriberByEmail(db: Runner, email: string): Promise<void> {
  await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email.trim().toLowerCase()));
}

export async function countConfirmed(db: Runner, confirmedBy?: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(newsletterSubscribers).where(and(
    eq(newsletterSubscribers.status, 'confirmed'),
    confirmedBy ? lte(newsletterSubscribers.confirmedAt, confirmedBy) : undefined,
  ));
  return Number(row?.n ?? 0);
}

export async function allSubscribers(db: Runner): Promise<SubscriberRow[]> {
  return db.select().from(newsletterSubscribers).orderBy(asc(newsletterSubscribers.createdAt), asc(newsletterSubscribers.id));
}

export async function issueRows(db: Runner): Promise<(IssueRow & { slug: string | null; filePath: string | null })[]> {
  return db.select({ ...issueColumns, slug: newsletters.slug, filePath: newsletters.filePath }).from(newsletterIssues)
    .leftJoin(newsletters, eq(newsletters.id, newsletterIssues.newsletterId))
    .orderBy(desc(newsletterIssues.createdAt), desc(newsletterIssues.id)).limit(200);
}

const issueColumns = {
  id: newsletterIssues.id, subject: newsletterIssues.subject, bodyMarkdown: newsletterIssues.bodyMarkdown, status: newsletterIssues.status,
  createdBy: newsletterIssues.createdBy, createdAt: newsletterIssues.createdAt, updatedAt: newsletterIssues.updatedAt, sentBy: newsletterIssues.sentBy,
  sendStartedAt: newsletterIssues.sendStartedAt, sentAt: newsletterIssues.sentAt, recipients: newsletterIssues.recipients,
  delivered: newsletterIssues.delivered, newsletterId: newsletterIssues.newsletterId,
};

export async function issueRow(db: Runner, id: string): Promise<(IssueRow & { slug: string | null; filePath: string | null }) | undefined> {
  const [row] = await db.select({ ...issueColumns, slug: newsletters.slug, filePath: newsletters.filePath }).from(newsletterIssues)
    .leftJoin(newsletters, eq(newsletters.id, newsletterIssues.newsletterId))
    .where(eq(newsletterIssues.id, id));
  return row;
}

export async function insertIssue(db: Runner, values: { subject: string; bodyMarkdown: string; createdBy: string }): Promise<IssueRow> {
  const [row] = await db.insert(newsletterIssues).values(values).returning();
  return row!;
}

/** Changes a draft; answers false when the issue is not (or no longer) a draft. */
export async function updateDraft(db: Runner, id: string, values: { subject: string; bodyMarkdown: string }, at: Date): Promise<boolean> {
  const rows = await db.update(newsletterIssues).set({ ...values, updatedAt: at })
    .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, 'draft'))).returning({ id: newsletterIssues.id });
  return rows.length > 0;
}

/** Draft → sending, once: answers false when another request started it first. */
export async function startSending(tx: Tx, id: string, by: string, at: Date, recipients: number): Promise<boolean> {
  const rows = await tx.update(newsletterIssues).set({ status: 'sending', sentBy: by, sendStartedAt: at, recipients, delivered: 0, updatedAt: at })
    .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, 'draft'))).returning({ id: newsletterIssues.id });
  return rows.length > 0;
}

/**
 * The next subscribers of a send: confirmed by the time it started, still confirmed now, not mailed this issue yet.
 * In id order, so two runs of one batch pick the same people.
 */
export async function nextRecipients(db: Runner, issueId: string, startedAt: Date, limit: number): Promise<SubscriberRow[]> {
  return db.select().from(newsletterSubscribers).where(and(
    eq(newsletterSubscribers.status, 'confirmed'),
    lte(newsletterSubscribers.confirmedAt, startedAt),
    notExists(db.select({ one: sql`1` }).from(newsletterDeliveries)
      .where(and(eq(newsletterDeliveries.issueId, issueId), eq(newsletterDeliveries.subscriberId, newsletterSubscribers.id)))),
  )).orderBy(asc(newsletterSubscribers.id)).limit(limit);
}

/** Claims one delivery; false when this subscriber already had (or is being sent) this issue. */
export async function claimDelivery(db: Runner, issueId: string, subscriberId: string): Promise<boolean> {
  const rows = await db.insert(newsletterDeliveries).values({ issueId, subscriberId }).onConflictDoNothing()
    .returning({ id: newsletterDeliveries.subscriberId });
  return rows.length > 0;
}

/** Gives a claimed delivery back (its mail failed), so the retry of the batch sends it. */
export async function releaseDelivery(db: Runner, issueId: string, subscriberId: string): Promise<void> {
  await db.delete(newsletterDeliveries).where(and(eq(newsletterDeliveries.issueId, issueId), eq(newsletterDeliveries.subscriberId, subscriberId)));
}

/** The issue's `delivered` set from its delivery rows. */
export async function countDelivered(db: Runner, issueId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, issueId));
  const n = Number(row?.n ?? 0);
  await db.update(newsletterIssues).set({ delivered: n }).where(eq(newsletterIssues.id, issueId));
  return n;
}

export async function markFailed(db: Runner, issueId: string, at: Date): Promise<void> {
  await db.update(newsletterIssues).set({ status: 'failed', updatedAt: at }).where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.status, 'sending')));
}

/** Sending → sent, with its library entry and PDF stored in the same transaction. */
export async function publishIssue(tx: Tx, issueId: string, entry: { slug: string; title: string; description: string; filePath: string; pdf: Uint8Array }, at: Date) {
  const taken = await tx.select({ id: newsletters.id }).from(newsletters).where(eq(newsletters.slug, entry.slug));
  const slug = taken.length ? `${entry.slug}-${issueId.slice(0, 8)}` : entry.slug;
  const filePath = taken.length ? entry.filePath.replace(/\.pdf$/, `-${issueId.slice(0, 8)}.pdf`) : entry.filePath;
  const body = entry.pdf;
  await tx.insert(files).values({ path: filePath, contentType: 'application/pdf', size: body.byteLength, body, createdAt: at })
    .onConflictDoUpdate({ target: files.path, set: { body, size: body.byteLength, createdAt: at } });
  const [library] = await tx.insert(newsletters).values({ slug, title: entry.title, description: entry.description, filePath, publishedAt: at })
    .returning({ id: newsletters.id });
  await tx.update(newsletterIssues).set({ status: 'sent', sentAt: at, updatedAt: at, newsletterId: library!.id })
    .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.status, 'sending')));
  return slug;
}

/** A sent issue by its library slug, with its Markdown. */
export async function publishedBySlug(db: Runner, slug: string) {
  const [row] = await db.select({
    slug: newsletters.slug, title: newsletters.title, filePath: newsletters.filePath, publishedAt: newsletters.publishedAt,
    bodyMarkdown: newsletterIssues.bodyMarkdown,
  }).from(newsletters).innerJoin(newsletterIssues, eq(newsletterIssues.newsletterId, newsletters.id)).where(eq(newsletters.slug, slug));
  return row;
}
