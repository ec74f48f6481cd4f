/**
 * Reading discussions: one post, or a page of the feed. The feed is keyset-paginated newest first on
 * (created_at desc, id desc), which the discussions_* indexes serve directly, so page 5,000 costs what page 1 costs.
 * Like and comment counts are counted by the database in the same statement.
 */
import { and, desc, eq, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { DISCUSSION_PAGE_SIZE, type Discussion, pictureOf } from '../../src/domain/discussion';
import type { Db, Tx } from './client';
import { comments, discussionLikes, discussions, users } from './schema';
import { isUuid } from '../../src/domain/ids';
import { displayName } from '../../src/domain/user';
import { authorColumns } from './deleted-member';
import { notHeld, pinnedOf } from './moderation';
import { preparedOnce } from './prepared';

const discussionColumns = {
  id: discussions.id,
  title: discussions.title,
  content: discussions.content,
  category: discussions.category,
  subcategory: discussions.subcategory,
  createdAt: discussions.createdAt,
  updatedAt: discussions.updatedAt,
  editedAt: discussions.editedAt,
  ...authorColumns(discussions.createdBy, { deletedAt: users.deletedAt, firstName: users.firstName, lastName: users.lastName, picture: users.profilePicture }),
  // Microsecond precision in UTC: a cursor cut to JavaScript's milliseconds would skip posts created in the same ms.
  cursorAt: sql<string>`to_char(${discussions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  likes: sql<string[]>`coalesce((select json_agg(${discussionLikes.userId} order by ${discussionLikes.createdAt}, ${discussionLikes.userId}) from ${discussionLikes} where ${discussionLikes.discussionId} = ${discussions.id}), '[]'::json)`,
  likeCount: sql<number>`(select count(*)::int from ${discussionLikes} where ${discussionLikes.discussionId} = ${discussions.id})`,
  commentCount: sql<number>`(select count(*)::int from ${comments} where ${comments.discussionId} = ${discussions.id} and ${comments.deletedAt} is null)`,
  commentIds: sql<string[]>`coalesce((select json_agg(${comments.id} order by ${comments.createdAt}, ${comments.id}) from ${comments} where ${comments.discussionId} = ${discussions.id} and ${comments.deletedAt} is null), '[]'::json)`,
  moderation: discussions.moderation,
  pinnedAt: discussions.pinnedAt,
};

type DiscussionRow = {
  id: string;
  title: string;
  content: string;
  category: string;
  subcategory: string;
  createdAt: Date;
  updatedAt: Date;
  editedAt: Date | null;
  authorId: string;
  authorFirstName: string;
  authorLastName: string;
  authorPicture: string;
  cursorAt: string;
  likes: string[] | string;
  likeCount: number;
  commentCount: number;
  commentIds: string[] | string;
  moderation: string;
  pinnedAt: Date | null;
};

/** Some drivers hand json back as text. */
function idList(value: string[] | string): string[] {
  return typeof value === 'string' ? (JSON.parse(value) as string[]) : value;
}

function toDiscussion(row: DiscussionRow): Discussion {
  return moderated(row, {
    _id: row.id,
    title: row.title,
    content: row.content,
    category: row.category,
    subcategory: row.subcategory,
    likes: idList(row.likes),
    likeCount: Number(row.likeCount),
    commentCount: Number(row.commentCount),
    comments: idList(row.commentIds),
    createdBy: { _id: row.authorId, name: displayName(row.authorFirstName, row.authorLastName), ...pictureOf(row.authorPicture) },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editedAt: row.editedAt ? row.editedAt.toISOString() : null,
  });
}

/** Moderation (ADR 149): a hidden post goes out without its title and text; held and pinned are said so. */
function moderated(row: DiscussionRow, post: Discussion): Discussion {
  const pinned = row.pinnedAt ? { pinned: true } : {};
  if (row.moderation === 'hidden') return { ...post, title: '', content: '', moderation: 'hidden', ...pinned };
  if (row.moderation === 'held') return { ...post, moderation: 'held', ...pinned };
  return { ...post, ...pinned };
}

/** The database, or the transaction a write runs in (a write and its derived rows are one transaction, ADR 128). */
type Writer = Db | Tx;

function selectDiscussions(db: Writer) {
  return db.select(discussionColumns).from(discussions).innerJoin(users, eq(users.id, discussions.createdBy));
}

export async function findDiscussion(db: Writer, id: string): Promise<Discussion | null> {
  if (!isUuid(id)) return null;
  const [row] = await selectDiscussions(db).where(eq(discussions.id, id)).limit(1);
  return row ? toDiscussion(row as DiscussionRow) : null;
}

/**
 * What a comment's search document takes from its post, with the post's row held (FOR SHARE) to the end of the
 * transaction: an edit of its title or its delete waits for the comment and its document, and so sees them.
 */
export async function sharePost(tx: Tx, id: string): Promise<{ id: string; title: string; category: string; subcategory: string; authorId: string } | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select({ id: discussions.id, title: discussions.title, category: discussions.category, subcategory: discussions.subcategory, authorId: discussions.createdBy })
    .from(discussions)
    .where(eq(discussions.id, id))
    .for('share');
  return row ?? null;
}

/** The author of a post, for the authorization check before a change; null when there is no such post. */
export async function discussionAuthor(db: Db, id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select({ createdBy: discussions.createdBy }).from(discussions).where(eq(discussions.id, id)).limit(1);
  return row?.createdBy ?? null;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f-]{36})$/i;

export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}_${id}`, 'utf8').toString('base64url');
}

/** The position a cursor names, or null when it is not one this module made. */
export function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || !isUuid(match[2])) return null;
  // JavaScript rolls 31 February over into March; PostgreSQL refuses it. A real cursor names a real instant.
  const at = Date.parse(match[1]!);
  if (Number.isNaN(at) || at < 0 || new Date(at).toISOString().slice(0, 19) !== match[1]!.slice(0, 19)) return null;
  return { createdAt: match[1]!, id: match[2]! };
}

/**
 * The indexes are declared `DESC NULLS LAST` (drizzle's `.desc()`); a plain `ORDER BY … DESC` means NULLS FIRST and
 * would not match them, so PostgreSQL would sort the whole table for every page. Spelled out, the page is an index scan.
 */
const NEWEST_FIRST = [sql`${discussions.createdAt} desc nulls last`, sql`${discussions.id} desc nulls last`];

export interface FeedQuery {
  category?: string | undefined;
  subcategory?: string | undefined;
  after?: { createdAt: string; id: string } | undefined;
  limit: number;
}

/** Which posts a feed shows: values, or placeholders for a prepared first page. */
interface FeedFilter {
  category?: string | Placeholder | undefined;
  subcategory?: string | Placeholder | undefined;
  after?: { createdAt: string; id: string } | undefined;
}

function feedWhere(filter: FeedFilter): SQL | undefined {
  // Held posts wait for a moderator (ADR 149); a subcategory's pinned posts open its first page, and only there.
  const conditions: SQL[] = [notHeld];
  if (filter.subcategory) conditions.push(isNull(discussions.pinnedAt));
  if (filter.category) conditions.push(eq(discussions.category, filter.category));
  if (filter.subcategory) conditions.push(eq(discussions.subcategory, filter.subcategory));
  if (filter.after) {
    const { after } = filter;
    // A row comparison, so the index range starts right after the cursor instead of filtering from the top.
    conditions.push(sql`(${discussions.createdAt}, ${discussions.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  }
  return and(...conditions);
}

/**
 * A feed's first page at the app's page size, opened far more often than any other, is sent as a prepared statement
 * (ADR 197): one per combination of filters, the filters' values as placeholders. The limit is written into it, so
 * PostgreSQL plans the page for the rows it returns (a generic plan guesses a tenth of the table for a limit it cannot
 * see). Other sizes and the pages after a cursor are built each time.
 */
const firstPages = new Map<string, ReturnType<typeof firstPageStatement>>();
function firstPageStatement(category: boolean, subcategory: boolean) {
  return preparedOnce((db) => selectDiscussions(db)
    .where(feedWhere({ category: category ? sql.placeholder('category') : undefined, subcategory: subcategory ? sql.placeholder('subcategory') : undefined }))
    .orderBy(...NEWEST_FIRST)
    .limit(DISCUSSION_PAGE_SIZE + 1)
    .prepare(`feed_first${category ? '_category' : ''}${subcategory ? '_subcategory' : ''}`));
}
/** The kept first-page statement for a feed with (or without) a category and a subcategory. */
function firstPageOf(category: boolean, subcategory: boolean) {
  const key = `${category}/${subcategory}`;
  let statement = firstPages.get(key);
  if (!statement) {
    statement = firstPageStatement(category, subcategory);
    firstPages.set(key, statement);
  }
  return statement;
}
const pinnedPosts = preparedOnce((db) => selectDiscussions(db).where(pinnedOf(sql.placeholder('subcategory'))).orderBy(desc(discussions.pinnedAt)).prepare('feed_pinned'));

export async function listFeed(db: Db, query: FeedQuery): Promise<{ discussions: Discussion[]; nextCursor: string | null }> {
  const { category, subcategory, after } = query;
  const pinned = subcategory && !after ? ((await pinnedPosts(db).execute({ subcategory })) as DiscussionRow[]) : [];
  const rows = (after || query.limit !== DISCUSSION_PAGE_SIZE
    ? await selectDiscussions(db).where(feedWhere(query)).orderBy(...NEWEST_FIRST).limit(query.limit + 1)
    : await firstPageOf(!!category, !!subcategory)(db).execute({ category, subcategory })) as DiscussionRow[];
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    discussions: [...pinned, ...page].map(toDiscussion),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.cursorAt, last.id) : null,
  };
}

export async function insertDiscussion(
  db: Writer,
  post: { title: string; content: string; category: string; subcategory: string; createdBy: string; moderation?: 'held' },
): Promise<string> {
  const [row] = await db.insert(discussions).values(post).returning({ id: discussions.id });
  return row!.id;
}

/** An author's edit: the new text, marked edited (the caller keeps the text it replaces, data/revisions.ts). */
export async function updateDiscussion(db: Writer, id: string, changes: { title?: string; content?: string }): Promise<void> {
  const now = new Date();
  await db.update(discussions).set({ ...changes, updatedAt: now, editedAt: now }).where(eq(discussions.id, id));
}

/** Comments and likes go with the post: the foreign keys cascade in the same statement. */
export async function deleteDiscussion(db: Writer, id: string): Promise<void> {
  await db.delete(discussions).where(eq(discussions.id, id));
}
