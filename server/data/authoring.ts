/**
 * Authoring (issue 38, ADR 157): content items with their state and version, and their revisions. A save names the
 * version it started from and the UPDATE checks it in its WHERE, so two editors can never both win.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { contentItems, contentRevisions, staffRoles, users } from './schema';

type Runner = Db | Tx;
export type ContentItemRow = typeof contentItems.$inferSelect;
export type RevisionRow = typeof contentRevisions.$inferSelect;
export type ItemChange = Partial<Pick<ContentItemRow,
  'status' | 'fields' | 'liveId' | 'updatedBy' | 'publishedAt' | 'scheduledAt' | 'editedAt' | 'importedAt' | 'importedHash' | 'key'>>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listItems(db: Db, kind: string, filter: { q?: string | undefined; status?: string | undefined }, limit = 200) {
  const where: (SQL | undefined)[] = [eq(contentItems.kind, kind)];
  if (filter.status) where.push(eq(contentItems.status, filter.status));
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
    where.push(or(ilike(sql`${contentItems.fields}->>'title'`, like), ilike(sql`${contentItems.fields}->>'text'`, like), ilike(contentItems.key, like)));
  }
  return db.select().from(contentItems).where(and(...where)).orderBy(desc(contentItems.updatedAt), asc(contentItems.id)).limit(limit);
}

export async function findItem(db: Runner, kind: string, id: string): Promise<ContentItemRow | undefined> {
  const [row] = await db.select().from(contentItems).where(and(eq(contentItems.kind, kind), eq(contentItems.id, id))).limit(1);
  return row;
}

export async function findItemByKey(db: Runner, kind: string, key: string): Promise<ContentItemRow | undefined> {
  const [row] = await db.select().from(contentItems).where(and(eq(contentItems.kind, kind), eq(contentItems.key, key))).limit(1);
  return row;
}

export async function itemsOfKind(db: Runner, kind: string): Promise<ContentItemRow[]> {
  return db.select().from(contentItems).where(eq(contentItems.kind, kind));
}

export async function insertItem(db: Runner, values: { kind: string; key: string; fields: Record<string, unknown>; by: string | null; at: Date }) {
  const [row] = await db.insert(contentItems).values({
    kind: values.kind, key: values.key, fields: values.fields, createdBy: values.by, updatedBy: values.by, createdAt: values.at, updatedAt: values.at,
    editedAt: values.at,
  }).onConflictDoNothing().returning();
  return row;
}

/**
 * Raises the item's version from `version` with `change`; undefined when the item is no longer at `version` (someone
 * saved first): the version is checked in the UPDATE itself, so of two saves over one version exactly one wins.
 */
export async function updateAtVersion(db: Runner, id: string, version: number, change: ItemChange, at: Date): Promise<ContentItemRow | undefined> {
  const [row] = await db.update(contentItems)
    .set({ ...change, version: sql`${contentItems.version} + 1`, updatedAt: at })
    .where(and(eq(contentItems.id, id), eq(contentItems.version, version)))
    .returning();
  return row;
}

/** The scheduled publish of `at` is taken (cleared) by exactly one runner: undefined when it was taken or moved. */
export async function takeSchedule(db: Runner, id: string, at: Date): Promise<ContentItemRow | undefined> {
  const [row] = await db.update(contentItems)
    .set({ scheduledAt: null })
    .where(and(eq(contentItems.id, id), eq(contentItems.scheduledAt, at)))
    .returning();
  return row;
}

export async function upsertImported(db: Runner, values: {
  kind: string; key: string; fields: Record<string, unknown>; liveId: string; at: Date; hash: string; publishedAt: Date;
}) {
  const [row] = await db.insert(contentItems).values({
    kind: values.kind, key: values.key, fields: values.fields, status: 'published', liveId: values.liveId, publishedAt: values.publishedAt,
    importedAt: values.at, importedHash: values.hash, updatedAt: values.at, createdAt: values.at,
  }).onConflictDoUpdate({
    target: [contentItems.kind, contentItems.key],
    set: {
      fields: values.fields, status: 'published', liveId: values.liveId, importedAt: values.at, importedHash: values.hash, updatedAt: values.at,
      scheduledAt: null, editedAt: null, updatedBy: null, publishedAt: values.publishedAt, version: sql`case when ${contentItems.importedHash} is distinct from ${values.hash} then ${contentItems.version} + 1 else ${contentItems.version} end`,
    },
  }).returning();
  return row!;
}

/**
 * An item the import leaves alone unless forced (issue 38 item 8): made in the browser (never imported; a new item is
 * stamped edited when made), or changed there since the last import.
 */
export function heldByBrowser(item: ContentItemRow | undefined): item is ContentItemRow {
  return !!item?.editedAt && (!item.importedAt || item.editedAt > item.importedAt);
}

/** What an import wrote, as a fingerprint kept on the item: a file that changed raises the item's version. */
export const importHash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** Imported items of `kind` whose key is not in `keys` go (their files were removed). */
export async function removeItemsNotIn(db: Runner, kind: string, keys: string[]) {
  const all = await db.select({ id: contentItems.id, key: contentItems.key }).from(contentItems).where(eq(contentItems.kind, kind));
  const gone = all.filter((r) => !keys.includes(r.key)).map((r) => r.id);
  if (gone.length) await db.delete(contentItems).where(inArray(contentItems.id, gone));
}

export async function insertRevision(db: Runner, values: {
  itemId: string; version: number; fields: Record<string, unknown>; changes: { field: string; before: unknown; after: unknown }[]; by: string | null; at: Date;
}) {
  await db.insert(contentRevisions).values({
    itemId: values.itemId, version: values.version, fields: values.fields, changes: values.changes, byId: values.by, createdAt: values.at,
  }).onConflictDoNothing();
}

export async function revisionsOf(db: Runner, itemId: string) {
  return db.select({ revision: contentRevisions, firstName: users.firstName, lastName: users.lastName })
    .from(contentRevisions)
    .leftJoin(users, eq(users.id, contentRevisions.byId))
    .where(eq(contentRevisions.itemId, itemId))
    .orderBy(desc(contentRevisions.version));
}

export async function latestRevision(db: Runner, itemId: string): Promise<RevisionRow | undefined> {
  const [row] = await db.select().from(contentRevisions).where(eq(contentRevisions.itemId, itemId)).orderBy(desc(contentRevisions.version)).limit(1);
  return row;
}

export async function findRevision(db: Runner, itemId: string, id: string): Promise<RevisionRow | undefined> {
  const [row] = await db.select().from(contentRevisions).where(and(eq(contentRevisions.itemId, itemId), eq(contentRevisions.id, id))).limit(1);
  return row;
}

export async function namesOf(db: Runner, ids: string[]): Promise<Map<string, { firstName: string; lastName: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Members who may sign content: those with the editor or admin role. */
export async function authorsWhoMaySign(db: Runner) {
  return db.selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(staffRoles)
    .innerJoin(users, eq(users.id, staffRoles.userId))
    .where(and(inArray(staffRoles.role, ['editor', 'admin']), isNull(users.deletedAt)))
    .orderBy(asc(users.firstName), asc(users.lastName));
}
