/** Members as others see them (issue 35): the profile row, recent posts and comments, and the kept avatar pictures. */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { isUuid } from '../../src/domain/ids';
import type { Db } from './client';
import { comments, discussions, memberAvatars, users } from './schema';

export interface ProfileRow {
  id: string;
  firstName: string;
  lastName: string;
  profilePicture: string;
  headline: string;
  profession: string;
  organisation: string;
  bio: string;
  createdAt: Date;
}

/** A member who has not deleted their account; never their email (it is not selected). */
export async function findProfile(db: Db, id: string): Promise<ProfileRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: users.id, firstName: users.firstName, lastName: users.lastName, profilePicture: users.profilePicture,
      headline: users.headline, profession: users.profession, organisation: users.organisation, bio: users.bio, createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function recentPosts(db: Db, userId: string, limit: number) {
  return db
    .select({ id: discussions.id, title: discussions.title, category: discussions.category, subcategory: discussions.subcategory, createdAt: discussions.createdAt })
    .from(discussions)
    .where(eq(discussions.createdBy, userId))
    .orderBy(desc(discussions.createdAt), desc(discussions.id))
    .limit(limit);
}

/** Comments not deleted, each with the title and topic of its post. */
export async function recentComments(db: Db, userId: string, limit: number) {
  return db
    .select({
      id: comments.id, content: comments.content, createdAt: comments.createdAt,
      title: discussions.title, category: discussions.category, subcategory: discussions.subcategory,
    })
    .from(comments)
    .innerJoin(discussions, eq(discussions.id, comments.discussionId))
    .where(and(eq(comments.createdBy, userId), isNull(comments.deletedAt)))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(limit);
}

/** The new pictures and the URL that names them, in one transaction: the profile never points at a missing picture. */
export async function keepAvatar(db: Db, userId: string, avatar: { large: Uint8Array; small: Uint8Array; version: string }, url: string): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .insert(memberAvatars)
      .values({ userId, ...avatar, updatedAt: now })
      .onConflictDoUpdate({ target: memberAvatars.userId, set: { ...avatar, updatedAt: now } });
    await tx.update(users).set({ profilePicture: url }).where(eq(users.id, userId));
  });
}

export async function dropAvatar(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(memberAvatars).where(eq(memberAvatars.userId, userId));
    await tx.update(users).set({ profilePicture: '' }).where(eq(users.id, userId));
  });
}

/** One kept picture, when the member and version match (an old version's URL answers 404, not the new picture). */
export async function findAvatar(db: Db, userId: string, version: string, size: 'large' | 'small'): Promise<Uint8Array | null> {
  if (!isUuid(userId)) return null;
  const [row] = await db
    .select({ picture: size === 'large' ? memberAvatars.large : memberAvatars.small })
    .from(memberAvatars)
    .innerJoin(users, eq(users.id, memberAvatars.userId))
    .where(and(eq(memberAvatars.userId, userId), eq(memberAvatars.version, version), isNull(users.deletedAt)))
    .limit(1);
  return row?.picture ?? null;
}

/**
 * Members whose name has a word starting with `query` (a first name, a last name, or the whole name), for mentions:
 * never deleted or suspended members, never unnamed ones, never an email (it is not selected).
 */
export async function suggestMembers(db: Db, query: string, limit: number) {
  const pattern = `% ${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const words = sql`(' ' || ${users.firstName} || ' ' || ${users.lastName})`;
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, profilePicture: users.profilePicture })
    .from(users)
    .where(and(
      isNull(users.deletedAt), isNull(users.suspendedAt),
      sql`btrim(${users.firstName} || ${users.lastName}) <> ''`,
      sql`${words} ilike ${pattern}`,
    ))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(limit);
}
