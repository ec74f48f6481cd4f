/**
 * Posts and comments in server tests: one call as a member or signed out, a post on one topic, a comment or reply, and
 * a post's thread as a reader gets it, each checked to succeed.
 */
import { expect } from 'vitest';
import { createComment, listComments } from '../../src/contract/comments';
import type { BodyOf, Call } from '../../src/contract/define';
import { createDiscussion } from '../../src/contract/discussions';
import type { Comment, Discussion } from '../../src/domain/discussion';
import { type CallOptions, send } from './api';
import type { TestContext } from './fixture';
import type { Member } from './members';

/** One call as a member, or signed out (null). */
export function api<C extends Call>(ctx: TestContext, c: C, who: Member | null, options: CallOptions<C> = {}) {
  return send(ctx, c, { ...options, token: who?.token });
}

export const TOPIC = { category: 'climate-action', subcategory: 'embodied-carbon' };

/** A post by `author` on TOPIC, with a title and a body unless `overrides` gives them. */
export async function post(ctx: TestContext, author: Member, overrides: Partial<BodyOf<typeof createDiscussion>> = {}): Promise<Discussion> {
  const res = await api(ctx, createDiscussion, author, { body: { title: 'Timber or concrete?', content: '<p>Which has less embodied carbon?</p>', ...TOPIC, ...overrides } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().discussion;
}

/** A comment by `author` on a post, or a reply to `parentCommentId`. */
export async function comment(ctx: TestContext, author: Member, discussionId: string, content: string, parentCommentId?: string | null): Promise<Comment> {
  const res = await api(ctx, createComment, author, { body: { discussionId, content, parentCommentId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().comment;
}

/** A post's comments as `reader` gets them, or those below `parentCommentId`. */
export async function thread(ctx: TestContext, reader: Member, discussionId: string, parentCommentId?: string): Promise<Comment[]> {
  const res = await api(ctx, listComments, reader, { params: { id: discussionId }, query: { parentCommentId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().comments;
}
