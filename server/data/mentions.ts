/**
 * Mentions (issue 37, ADR 150): who is mentioned in which post or comment, one row per member and text, so that a
 * mention is told once however often the text is edited; and the current names of mentioned members.
 */
import { and, inArray, isNull } from 'drizzle-orm';
import { displayName } from '../../src/domain/user';
import type { Db, Tx } from './client';
import { mentions, users } from './schema';

export type MentionTarget = { targetType: 'discussion' | 'comment'; targetId: string };

/**
 * Keeps the mentions of members who can be told (not deleted, not suspended) and answers the ids newly kept: a
 * member already mentioned in this text is not answered again.
 */
export async function keepMentions(tx: Db | Tx, target: MentionTarget, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const reachable = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), isNull(users.deletedAt), isNull(users.suspendedAt)));
  if (reachable.length === 0) return [];
  const rows = await tx
    .insert(mentions)
    .values(reachable.map((member) => ({ ...target, userId: member.id })))
    .onConflictDoNothing()
    .returning({ userId: mentions.userId });
  return rows.map((row) => row.userId);
}

/** The current display names of the members among `ids` who have not deleted their account. */
export async function memberNames(db: Db | Tx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(inArray(users.id, [...ids]), isNull(users.deletedAt)));
  return new Map(rows.map((row) => [row.id, displayName(row.firstName, row.lastName)]));
}
