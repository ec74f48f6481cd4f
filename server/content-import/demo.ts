/**
 * The demo community (`npm run demo`, issue 18): members, posts, comments, replies and likes across several SDGs, so
 * a newcomer's first look at /discussion is a conversation, not an empty page. Demo members are marked as such
 * ("(demo)" after their name, an address at demo.sustainlearn.invalid, no password: nobody can sign in as one).
 * Loading is idempotent: every row has an id derived from its key, and a row that is there already stays as it is.
 * It refuses to run when NODE_ENV is production.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { SDG_CONSTANTS } from '../../src/domain/sdg-topics';
import type { Db } from '../data/client';
import { commentLikes, comments, discussionLikes, discussions, users } from '../data/schema';
import { sanitizeRichHtml } from '../render/sanitize';
import { ContentError } from './module';
import { reindexCommunity } from './search-index';

export const DEMO_EMAIL_DOMAIN = 'demo.sustainlearn.invalid';
export const DEMO_NAME_MARK = '(demo)';

const key = z.string().regex(/^[a-z0-9-]+$/, 'a key is lowercase letters, digits and dashes');
const demoSchema = z.object({
  members: z.array(z.object({ key, firstName: z.string().min(1), lastName: z.string().min(1), role: z.string().min(1) })).min(2),
  posts: z.array(z.object({
    key, author: key, category: z.string(), subcategory: z.string(), title: z.string().min(1).max(200), content: z.string().min(1),
    daysAgo: z.number().int().min(0).max(365),
  })).min(1),
  comments: z.array(z.object({
    key, post: key, parent: key.nullable(), author: key, content: z.string().min(1).max(5000), hoursAfterPost: z.number().min(0),
  })),
  likes: z.array(z.union([z.object({ member: key, post: key }).strict(), z.object({ member: key, comment: key }).strict()])),
}).superRefine((d, ctx) => {
  const members = new Set(d.members.map((m) => m.key));
  const posts = new Map(d.posts.map((p) => [p.key, p]));
  const commentsByKey = new Map(d.comments.map((c) => [c.key, c]));
  const problem = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  d.posts.forEach((p, i) => {
    if (!members.has(p.author)) problem(['posts', i, 'author'], `no member "${p.author}"`);
    if (!SDG_CONSTANTS.subcategories[p.category]?.some((s) => s.value === p.subcategory)) problem(['posts', i, 'subcategory'], `not a topic of ${p.category}`);
  });
  d.comments.forEach((c, i) => {
    if (!members.has(c.author)) problem(['comments', i, 'author'], `no member "${c.author}"`);
    if (!posts.has(c.post)) problem(['comments', i, 'post'], `no post "${c.post}"`);
    const parent = c.parent === null ? null : commentsByKey.get(c.parent);
    if (c.parent !== null && (!parent || parent.post !== c.post)) problem(['comments', i, 'parent'], `no comment "${c.parent}" on the same post`);
  });
  d.likes.forEach((l, i) => {
    if (!members.has(l.member)) problem(['likes', i, 'member'], `no member "${l.member}"`);
    if ('post' in l && !posts.has(l.post)) problem(['likes', i, 'post'], `no post "${l.post}"`);
    if ('comment' in l && !commentsByKey.has(l.comment)) problem(['likes', i, 'comment'], `no comment "${l.comment}"`);
  });
});
export type DemoCommunity = z.infer<typeof demoSchema>;

/** A stable UUID (version 5 layout) for a demo row, so loading twice finds the same rows. */
export function demoId(kind: string, name: string): string {
  const hex = createHash('sha1').update(`sustainlearn-demo:${kind}:${name}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export async function readDemoCommunity(contentDir: string): Promise<DemoCommunity> {
  const file = join(contentDir, 'demo', 'community.json');
  const result = demoSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ContentError(`demo/community.json: field "${issue.path.join('.')}": ${issue.message}`);
  }
  return result.data;
}

const plainTitle = (title: string) => title.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();

/**
 * Loads the demo community; rows already there are left alone. Dates are relative to the first load (`now`).
 * Answers how many rows of each kind were new.
 */
export async function loadDemoCommunity(db: Db, contentDir: string, now = new Date(), env: NodeJS.ProcessEnv = process.env) {
  if (env.NODE_ENV === 'production') throw new ContentError('The demo community is not loaded when NODE_ENV is production.');
  const demo = await readDemoCommunity(contentDir);
  const memberIds = new Map(demo.members.map((m) => [m.key, demoId('member', m.key)]));
  const postIds = new Map(demo.posts.map((p) => [p.key, demoId('post', p.key)]));
  const commentIds = new Map(demo.comments.map((c) => [c.key, demoId('comment', c.key)]));
  const postedAt = new Map(demo.posts.map((p) => [p.key, now.getTime() - p.daysAgo * 86_400_000]));
  const at = (ms: number) => new Date(Math.min(ms, now.getTime()));

  return db.transaction(async (tx) => {
    const newMembers = await tx
      .insert(users)
      .values(demo.members.map((m) => ({
        id: memberIds.get(m.key)!,
        email: `${m.key}@${DEMO_EMAIL_DOMAIN}`,
        firstName: m.firstName,
        lastName: `${m.lastName} ${DEMO_NAME_MARK}`,
        address: m.role,
        tokensValidAfter: new Date(0),
      })))
      .onConflictDoNothing()
      .returning({ id: users.id });
    // A member whose email was taken by another id (an earlier, different demo file) would break the references.
    const present = await tx.select({ id: users.id }).from(users).where(inArray(users.id, [...memberIds.values()]));
    if (present.length !== memberIds.size) throw new ContentError('Some demo members exist under other ids; remove them and load again.');

    const newPosts = await tx
      .insert(discussions)
      .values(demo.posts.map((p) => ({
        id: postIds.get(p.key)!,
        title: plainTitle(p.title),
        content: sanitizeRichHtml(p.content),
        category: p.category,
        subcategory: p.subcategory,
        createdBy: memberIds.get(p.author)!,
        createdAt: at(postedAt.get(p.key)!),
        updatedAt: at(postedAt.get(p.key)!),
      })))
      .onConflictDoNothing()
      .returning({ id: discussions.id });

    // Parents before replies: a reply points at a row that exists already.
    const ordered = [...demo.comments].sort((a, b) => a.hoursAfterPost - b.hoursAfterPost);
    let newComments = 0;
    if (ordered.length > 0) {
      const made = await tx
        .insert(comments)
        .values(ordered.map((c) => ({
          id: commentIds.get(c.key)!,
          discussionId: postIds.get(c.post)!,
          parentCommentId: c.parent === null ? null : commentIds.get(c.parent)!,
          content: sanitizeRichHtml(c.content),
          createdBy: memberIds.get(c.author)!,
          createdAt: at(postedAt.get(c.post)! + c.hoursAfterPost * 3_600_000),
        })))
        .onConflictDoNothing()
        .returning({ id: comments.id });
      newComments = made.length;
    }

    const postLikes = demo.likes.flatMap((l) => ('post' in l ? [{ discussionId: postIds.get(l.post)!, userId: memberIds.get(l.member)! }] : []));
    const commentLikeRows = demo.likes.flatMap((l) => ('comment' in l ? [{ commentId: commentIds.get(l.comment)!, userId: memberIds.get(l.member)! }] : []));
    const newPostLikes = postLikes.length ? await tx.insert(discussionLikes).values(postLikes).onConflictDoNothing().returning({ id: discussionLikes.userId }) : [];
    const newCommentLikes = commentLikeRows.length
      ? await tx.insert(commentLikes).values(commentLikeRows).onConflictDoNothing().returning({ id: commentLikes.userId })
      : [];
    // The demo's posts and comments are found by search like any other.
    await reindexCommunity(tx);
    return { members: newMembers.length, posts: newPosts.length, comments: newComments, likes: newPostLikes.length + newCommentLikes.length };
  });
}
