import { z } from 'zod';
import { COMMENT_CONTENT_MAX, isBlank } from '../domain/discussion';
import { commentSchema, revisionHistorySchema } from '../domain/discussion.schema';
import { call, idParams, okMessageSchema } from './define';

const ok = z.literal(true);
const content = z
  .string()
  .max(COMMENT_CONTENT_MAX, `Comment must be at most ${COMMENT_CONTENT_MAX} characters`)
  .refine((v) => !isBlank(v), 'Comment is required');

export const createComment = call({
  name: 'comments.create', method: 'POST', path: '/comments', auth: 'required',
  body: z.object({ discussionId: z.string().min(1).max(64), content, parentCommentId: z.string().max(64).nullable().optional() }),
  response: z.object({ success: ok, comment: commentSchema }),
  invalidates: ['/comments', '/discussions'],
});
export const listComments = call({
  name: 'comments.list', method: 'GET', path: '/comments/:id/list', auth: 'required', params: idParams,
  query: z.object({ parentCommentId: z.string().max(64).optional() }),
  response: z.object({ success: ok, comments: z.array(commentSchema) }),
});
export const updateComment = call({
  name: 'comments.update', method: 'PUT', path: '/comments/:id', auth: 'required', params: idParams,
  body: z.object({ content }),
  response: z.object({ success: ok, comment: commentSchema }),
  invalidates: ['/comments'],
});
export const deleteComment = call({
  name: 'comments.delete', method: 'DELETE', path: '/comments/:id', auth: 'required', params: idParams,
  response: okMessageSchema,
  invalidates: ['/comments', '/discussions'],
});
export const likeComment = call({
  name: 'comments.like', method: 'POST', path: '/comments/:id/like', auth: 'required', params: idParams,
  response: z.object({ success: ok, liked: z.boolean(), likeCount: z.number() }),
  invalidates: ['/comments'],
});
/** A comment's history (issue 37): its current text, then each earlier one, newest first. Any member may read it. */
export const commentRevisions = call({
  name: 'comments.revisions', method: 'GET', path: '/comments/:id/revisions', auth: 'required', params: idParams,
  response: revisionHistorySchema.extend({ success: ok }),
});
