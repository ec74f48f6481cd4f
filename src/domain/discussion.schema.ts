/** zod schemas of discussion posts and comments (the rules and types live in discussion.ts). */
import { z } from 'zod';

export const authorSchema = z.object({ _id: z.string(), name: z.string(), profilePicture: z.string().optional() });

export const discussionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  content: z.string(),
  category: z.string(),
  subcategory: z.string(),
  likes: z.array(z.string()),
  likeCount: z.number(),
  commentCount: z.number(),
  /** The ids of the post's comments (spec section 3: Discussion.comments[]), oldest first; deleted ones left out. */
  comments: z.array(z.string()),
  createdBy: authorSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Moderation (issue 37, ADR 149): 'hidden' comes without its title and text; 'held' only in its author's create answer. */
  moderation: z.enum(['visible', 'held', 'hidden']).optional(),
  /** Pinned by a moderator to the top of its subcategory. */
  pinned: z.boolean().optional(),
  editedAt: z.string().nullable(),
});

export const commentSchema = z.object({
  _id: z.string(),
  content: z.string(),
  discussionId: z.string(),
  parentCommentId: z.string().nullable(),
  likes: z.array(z.string()),
  likeCount: z.number(),
  deleted: z.boolean(),
  createdBy: authorSchema.extend({ email: z.string() }),
  createdAt: z.string(),
  /** 'hidden' comes without its text (issue 37, ADR 149). */
  moderation: z.enum(['visible', 'hidden']).optional(),
  editedAt: z.string().nullable(),
});

/** One text of a post or comment; a comment's carries no title. */
export const revisionSchema = z.object({ title: z.string().optional(), content: z.string(), writtenAt: z.string() });

/**
 * An item's history: the text it shows now (`current`) apart from the earlier ones (`revisions`, newest first, empty
 * when it was never edited).
 */
export const revisionHistorySchema = z.object({ current: revisionSchema, revisions: z.array(revisionSchema) });

export const sdgConstantsSchema = z.object({
  categories: z.record(z.string(), z.string()),
  categoryLabels: z.record(z.string(), z.string()),
  subcategories: z.record(z.string(), z.array(z.object({ value: z.string(), label: z.string() }))),
});
