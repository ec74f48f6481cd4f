import { z } from 'zod';

export const DISCUSSION_TITLE_MAX = 200;
export const DISCUSSION_CONTENT_MAX = 50_000;
export const COMMENT_CONTENT_MAX = 5_000;
export const DISCUSSION_PAGE_SIZE = 20;
export const REPLY_INDENT_REM = 2;
export const REPLY_VISUAL_DEPTH_CAP = 6;

export const authorSchema = z.object({ _id: z.string(), name: z.string() });

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
});
export type Discussion = z.infer<typeof discussionSchema>;

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
});
export type Comment = z.infer<typeof commentSchema>;

export const sdgConstantsSchema = z.object({
  categories: z.record(z.string(), z.string()),
  categoryLabels: z.record(z.string(), z.string()),
  subcategories: z.record(z.string(), z.array(z.object({ value: z.string(), label: z.string() }))),
});
export type SdgConstants = z.infer<typeof sdgConstantsSchema>;

export interface CommentNode extends Comment {
  replies: CommentNode[];
  depth: number;
}

/** Builds the reply tree from a flat list; orphans (parent missing) are shown at the top level. */
export function buildCommentTree(comments: readonly Comment[]): CommentNode[] {
  const nodes = new Map<string, CommentNode>();
  for (const c of comments) nodes.set(c._id, { ...c, replies: [], depth: 0 });
  const roots: CommentNode[] = [];
  for (const c of comments) {
    const node = nodes.get(c._id)!;
    const parent = c.parentCommentId ? nodes.get(c.parentCommentId) : undefined;
    if (parent) parent.replies.push(node);
    else roots.push(node);
  }
  const setDepth = (list: CommentNode[], depth: number) => {
    for (const n of list) {
      n.depth = depth;
      setDepth(n.replies, depth + 1);
    }
  };
  setDepth(roots, 0);
  return roots;
}

export function isAuthor(userId: string | undefined, item: { createdBy: { _id: string } }): boolean {
  return Boolean(userId) && userId === item.createdBy._id;
}

/**
 * A like toggle applied to a post or comment: without an answer, the member's press as it will probably end (the
 * member's id in or out of `likes`, the count one up or down); with the server's answer, its `liked` and count.
 */
export function applyLike(
  item: { likes: string[]; likeCount: number },
  userId: string,
  liked?: boolean,
  likeCount?: number,
): { likes: string[]; likeCount: number } {
  const had = item.likes.includes(userId);
  const likes = (liked ?? !had) ? (had ? item.likes : [...item.likes, userId]) : item.likes.filter((id) => id !== userId);
  const count = likeCount ?? Math.max(0, item.likeCount + (had === (liked ?? !had) ? 0 : had ? -1 : 1));
  return { likes, likeCount: count };
}

/** Plain text typed by a member (a comment) is blank only when it holds nothing but white space. */
export function isBlankText(text: string): boolean {
  return text.trim() === '';
}

/** Rich HTML (a post) is blank when, without its tags and non-breaking spaces, nothing is left. */
export function isBlank(text: string): boolean {
  const withoutTags = text.replace(/<[^>]*>/g, '');
  // Stryker disable next-line StringLiteral: a non-breaking space removed or made a space is trimmed away alike; only whether anything is left counts
  return withoutTags.replace(/&nbsp;/g, ' ').trim().length === 0;
}

/** What a deleted comment that still has replies shows in place of its text and author (docs/decisions/041). */
export const DELETED_COMMENT_LABEL = '[deleted]';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A comment typed as plain text, as the allowlisted HTML the server stores: blank lines separate paragraphs, single
 * line breaks stay, and whatever looks like markup is shown as typed, never interpreted.
 */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
