/**
 * What a comment thread needs to render many comments cheaply: the reply tree shared with the last one where nothing
 * changed (so memoised comments skip their render after a like or a reload), the comments' order for rendering a long
 * thread in slices, and the HTML of a comment at a fraction of the sanitiser's general cost.
 */
import { buildCommentTree, type Comment, type CommentNode } from '../../../domain/discussion';
import { sanitizeHtml } from '../../components/safe-html';

/** Deep equality for the plain JSON of a comment (strings, numbers, booleans, arrays, the author object). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** A comment's own fields, its depth and its replies (by identity) are what its rendering reads. */
function sameNode(old: CommentNode, next: CommentNode, replies: CommentNode[]): boolean {
  if (old.depth !== next.depth || old.replies.length !== replies.length || !old.replies.every((r, i) => r === replies[i])) return false;
  for (const key of Object.keys(next) as (keyof CommentNode)[]) {
    if (key !== 'replies' && key !== 'depth' && !same(old[key], next[key])) return false;
  }
  return Object.keys(old).length === Object.keys(next).length;
}

export interface ThreadTree {
  roots: CommentNode[];
  /** Every node by id, for sharing with the next tree. */
  byId: Map<string, CommentNode>;
  /** Each comment's place in reading order (a comment, then its replies), by id. */
  order: Map<string, number>;
  /** Each comment's place plus the number of comments in its subtree: its replies all come before this. */
  end: Map<string, number>;
  total: number;
}

/**
 * The reply tree of `comments` (buildCommentTree's), where every node whose comment, depth and replies are unchanged
 * since `previous` is the previous node itself.
 */
export function threadTree(comments: readonly Comment[], previous: ThreadTree | null): ThreadTree {
  const byId = new Map<string, CommentNode>();
  const order = new Map<string, number>();
  const end = new Map<string, number>();
  let next = 0;
  const visit = (node: CommentNode): CommentNode => {
    order.set(node._id, next++);
    const replies = node.replies.map(visit);
    end.set(node._id, next);
    const old = previous?.byId.get(node._id);
    const shared = old && sameNode(old, node, replies) ? old : { ...node, replies };
    byId.set(node._id, shared);
    return shared;
  };
  const roots = buildCommentTree(comments).map(visit);
  const kept = previous && roots.length === previous.roots.length && roots.every((r, i) => r === previous.roots[i]);
  return { roots: kept ? previous.roots : roots, byId, order, end, total: next };
}

/**
 * Any `<` that does not open or close one of the rich tags without attributes (links excluded: the sanitiser rewrites
 * their attributes). Markup with none is only those bare tags and text, which parses to nothing the sanitiser would
 * change, and is used as it is; anything else goes through DOMPurify (`sanitizeHtml`).
 */
const NOT_BARE_RICH_TAG = /<(?!\/?(?:p|br|h2|h3|h4|strong|b|em|i|u|ul|ol|li|blockquote|code|pre)>)/;

export function commentHtml(html: string): string {
  return NOT_BARE_RICH_TAG.test(html) ? sanitizeHtml(html, 'rich') : html;
}
