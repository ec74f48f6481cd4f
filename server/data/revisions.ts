/**
 * The edit history of posts and comments (issue 37): each text an edit replaces is kept in `revisions`, in the
 * transaction of the edit, with when it had been written. The item's row is held (FOR UPDATE) while its text is
 * compared and replaced, so two edits at once each keep the text the other replaced and none is lost.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Revision } from '../../src/domain/discussion';
import type { Db, Tx } from './client';
import { comments, discussions, revisions } from './schema';

export type RevisionTarget = 'discussion' | 'comment';

/** A post's current text, held to the end of the transaction; null when there is no such post. */
export async function heldPostText(tx: Tx, id: string) {
  const [row] = await tx
    .select({ title: discussions.title, content: discussions.content, createdAt: discussions.createdAt, editedAt: discussions.editedAt })
    .from(discussions)
    .where(eq(discussions.id, id))
    .for('update');
  return row ?? null;
}

/** A comment's current text, held to the end of the transaction; null when it is gone. */
export async function heldCommentText(tx: Tx, id: string) {
  const [row] = await tx
    .select({ content: comments.content, createdAt: comments.createdAt, editedAt: comments.editedAt, deletedAt: comments.deletedAt })
    .from(comments)
    .where(eq(comments.id, id))
    .for('update');
  return row ?? null;
}

/** Keeps a text an edit replaces; `writtenAt` is when that text was written (the creation or the edit before). */
export async function keepRevision(
  tx: Tx,
  revision: { targetType: RevisionTarget; targetId: string; title: string | null; content: string; writtenAt: Date },
): Promise<void> {
  await tx.insert(revisions).values(revision);
}

/** The earlier texts of an item, newest first. */
export async function listRevisions(db: Db, targetType: RevisionTarget, targetId: string): Promise<Revision[]> {
  const rows = await db
    .select({ title: revisions.title, content: revisions.content, writtenAt: revisions.writtenAt })
    .from(revisions)
    .where(and(eq(revisions.targetType, targetType), eq(revisions.targetId, targetId)))
    .orderBy(desc(revisions.writtenAt), desc(revisions.createdAt));
  return rows.map((row) => ({ ...(row.title === null ? {} : { title: row.title }), content: row.content, writtenAt: row.writtenAt.toISOString() }));
}

/** A deleted comment's history goes with its text. */
export async function dropRevisions(tx: Tx, targetType: RevisionTarget, ids: string[]): Promise<void> {
  if (ids.length > 0) await tx.delete(revisions).where(and(eq(revisions.targetType, targetType), inArray(revisions.targetId, ids)));
}

/** A deleted post's history and its comments' go with it (call before the post's row goes: its comments name it). */
export async function dropPostRevisions(tx: Tx, discussionId: string): Promise<void> {
  await tx.delete(revisions).where(sql`(${revisions.targetType} = 'discussion' and ${revisions.targetId} = ${discussionId}::uuid)
    or (${revisions.targetType} = 'comment' and ${revisions.targetId} in (select id from comments where discussion_id = ${discussionId}::uuid))`);
}
