/** Discussion rules with no dependencies, so machines and views can use them without loading zod. */
import { linkMentions, type MentionRef } from './mentions';

export const DISCUSSION_TITLE_MAX = 200;
export const DISCUSSION_CONTENT_MAX = 50_000;
export const COMMENT_CONTENT_MAX = 5_000;
export const DISCUSSION_PAGE_SIZE = 20;
export const REPLY_INDENT_REM = 2;
export const REPLY_VISUAL_DEPTH_CAP = 6;
/**
 * How long a thread's comments may take before it opens without them, on its 'Loading comments...' spinner (ADR 118).
 * Quicker comments open it once, with them: no spinner flashes, and no form is drawn only to be drawn again.
 */
export const THREAD_WAIT_MS = 200;

/**
 * How long the pointer or the focus rests on a closed thread's Comments button before its comments are read ahead
 * (ADR 120): a pointer passing over the feed, or Tab held down through it, reads nothing.
 */
export const READ_AHEAD_INTENT_MS = 65;

/** A post's or comment's author as the API shows it. */
export interface Author {
  _id: string;
  name: string;
  /** The author's picture (the 256 px URL), '' or absent for none (issue 35). */
  profilePicture?: string;
}

/** The picture part of a byline: absent when the author has none, so a byline without one stays `{ _id, name }`. */
export function pictureOf(profilePicture: string): Pick<Author, 'profilePicture'> {
  return profilePicture ? { profilePicture } : {};
}

/** A discussion post as the API returns it. The zod schemas of this module live in discussion.schema.ts. */
export interface Discussion {
  _id: string;
  title: string;
  content: string;
  category: string;
  subcategory: string;
  likes: string[];
  likeCount: number;
  commentCount: number;
  /** The ids of the post's comments (spec section 3: Discussion.comments[]), oldest first; deleted ones left out. */
  comments: string[];
  createdBy: Author;
  createdAt: string;
  updatedAt: string;
  /** Moderation (issue 37, ADR 149): a hidden post comes without its title and text. Absent means visible. */
  moderation?: 'visible' | 'held' | 'hidden';
  pinned?: boolean;
  /** When its author last changed its title or text; null when never (issue 37: 'edited', with the history). */
  editedAt: string | null;
}

/** A comment's author also carries their email. */
export interface CommentAuthor extends Author {
  email: string;
}

export interface Comment {
  _id: string;
  content: string;
  discussionId: string;
  parentCommentId: string | null;
  likes: string[];
  likeCount: number;
  deleted: boolean;
  createdBy: CommentAuthor;
  createdAt: string;
  /** A hidden comment comes without its text (issue 37, ADR 149). Absent means visible. */
  moderation?: 'visible' | 'hidden';
  /** As on a post: when its author last changed its text, or null. */
  editedAt: string | null;
}

/** One text of an edited post or comment (a comment's has no title): the current one, or an earlier one. */
export interface Revision {
  title?: string;
  content: string;
  /** When this text was written: the item's creation or the edit that wrote it. */
  writtenAt: string;
}

/** The SDG categories and subcategories a post is filed under. */
export interface SdgConstants {
  categories: Record<string, string>;
  categoryLabels: Record<string, string>;
  subcategories: Record<string, { value: string; label: string }[]>;
}

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
export function plainTextToHtml(text: string, mentions: readonly MentionRef[] = []): string {
  const html = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
  // The members chosen from the suggestions (ADR 150): each `@Name` of theirs becomes their mention.
  return linkMentions(html, mentions);
}
