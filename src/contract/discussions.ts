import { z } from 'zod';
import { DISCUSSION_CONTENT_MAX, DISCUSSION_PAGE_SIZE, DISCUSSION_TITLE_MAX, isBlank } from '../domain/discussion';
import { discussionSchema, revisionHistorySchema, sdgConstantsSchema } from '../domain/discussion.schema';
import { call, idParams, okMessageSchema } from './define';

const ok = z.literal(true);
const title = z.string().trim().min(1, 'Title is required').max(DISCUSSION_TITLE_MAX, `Title must be at most ${DISCUSSION_TITLE_MAX} characters`);
const content = z
  .string()
  .max(DISCUSSION_CONTENT_MAX, `Content must be at most ${DISCUSSION_CONTENT_MAX} characters`)
  .refine((v) => !isBlank(v), 'Content is required');

/** A goal or its subcategory, chosen from the lists: the composer asks for both before it sends (its own words). */
const topicPart = (most: number) => z.string().min(1, 'Please select both category and subcategory').max(most, 'Please choose a category and subcategory from the lists');

export const sdgConstants = call({
  name: 'discussions.constants', method: 'GET', path: '/discussions/sdg-constants', auth: 'required',
  response: sdgConstantsSchema.extend({ success: ok }),
});
export const createDiscussion = call({
  name: 'discussions.create', method: 'POST', path: '/discussions', auth: 'required',
  body: z.object({ title, category: topicPart(40), subcategory: topicPart(80), content }),
  /** `message`: the post waits for a moderator's approval (issue 37, ADR 149). */
  response: z.object({ success: ok, discussion: discussionSchema, message: z.string().optional() }),
  invalidates: ['/discussions'],
});
export const listDiscussions = call({
  name: 'discussions.list', method: 'GET', path: '/discussions', auth: 'required',
  query: z.object({
    category: z.string().max(40).optional(),
    subcategory: z.string().max(80).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(DISCUSSION_PAGE_SIZE),
  }),
  response: z.object({ success: ok, discussions: z.array(discussionSchema), nextCursor: z.string().nullable() }),
});
export const getDiscussion = call({
  name: 'discussions.get', method: 'GET', path: '/discussions/:id', auth: 'required', params: idParams,
  response: z.object({ success: ok, discussion: discussionSchema }),
});
export const updateDiscussion = call({
  name: 'discussions.update', method: 'PUT', path: '/discussions/:id', auth: 'required', params: idParams,
  body: z.object({ title: title.optional(), content: content.optional() }),
  response: z.object({ success: ok, discussion: discussionSchema }),
  invalidates: ['/discussions'],
});
export const deleteDiscussion = call({
  name: 'discussions.delete', method: 'DELETE', path: '/discussions/:id', auth: 'required', params: idParams,
  response: okMessageSchema,
  invalidates: ['/discussions', '/comments'],
});
export const likeDiscussion = call({
  name: 'discussions.like', method: 'POST', path: '/discussions/:id/like', auth: 'required', params: idParams,
  response: z.object({ success: ok, liked: z.boolean(), likeCount: z.number() }),
  invalidates: ['/discussions'],
});
/** A post's history (issue 37): its current title and text, then each earlier one, newest first. Any member may read it. */
export const discussionRevisions = call({
  name: 'discussions.revisions', method: 'GET', path: '/discussions/:id/revisions', auth: 'required', params: idParams,
  response: revisionHistorySchema.extend({ success: ok }),
});
