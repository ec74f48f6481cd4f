/**
 * The comments of one post as a tree: a form for a new comment, and under each comment a Like, a Reply that toggles
 * its own form, and Delete for the author (with the spec's confirmation). Replies are indented REPLY_INDENT_REM per
 * level up to REPLY_VISUAL_DEPTH_CAP levels; deeper replies stay at that indent and say whom they answer.
 */
import { useSelector } from '@xstate/react';
import { type CSSProperties, memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ActorRefFrom } from 'xstate';
import type { CommentThreadMachine } from '../../../application/comment-thread.machine';
import {
  type CommentNode, DELETED_COMMENT_LABEL, isAuthor, REPLY_INDENT_REM, REPLY_VISUAL_DEPTH_CAP,
} from '../../../domain/discussion';
import { commentAnchor } from '../../../domain/notifications';
import { formatUsDate } from '../../../domain/text';
import { Byline } from '../../components/byline';
import { Spinner } from '../../components/states';
import { commentHtml, type ThreadTree, threadTree } from './comment-render';
import { CommentBookmark } from './bookmark-button';
import { CommentEditForm } from './comment-edit';
import { ConfirmDelete } from './confirm-delete';
import { EditedMark } from './edit-history';
import { LikeButton } from './like-button';
import { CommentForm } from './comment-form';
import { HiddenPlaceholder, ReportButton } from './report-dialog';
import { useEditInPlace } from './use-edit-in-place';

export const COMMENT_DELETE_QUESTION = 'Are you sure you want to delete this comment?';

type ThreadRef = ActorRefFrom<CommentThreadMachine>;

interface ThreadActions {
  userId: string;
  thread: ThreadRef;
  /** A comment is about to be deleted: the thread remembers where the focus should go once it is gone. */
  deleting: (id: string) => void;
}

/**
 * How far a long thread is rendered while it is being rendered in slices: the comments before `limit` in reading
 * order. Given only to a comment whose subtree the limit cuts; the others get none and keep their memoised render.
 */
interface Cut {
  limit: number;
  tree: ThreadTree;
}

/**
 * The comments a long thread renders at once when it opens: as many, in reading order, as fill a screen at the least
 * height each can take with the gap after it (px, at the default font size; a larger text only makes them taller). A
 * "[deleted]" one is its name line and its note, about 88 px; any other adds a line of text and its row of 40 px
 * buttons, 137 px or more. So a screen is full however short they are, and no comment past it is drawn before the
 * first paint. The rest follow in slices.
 */
const SHORTEST_DELETED_PX = 80;
const SHORTEST_COMMENT_PX = 120;
const MOST_AT_ONCE = 32;
export function firstComments(viewportHeight: number, roots: readonly CommentNode[]): number {
  let count = 0;
  let height = 0;
  const visit = (nodes: readonly CommentNode[]) => {
    for (const node of nodes) {
      if (height >= viewportHeight || count >= MOST_AT_ONCE) return;
      count += 1;
      height += node.deleted ? SHORTEST_DELETED_PX : SHORTEST_COMMENT_PX;
      visit(node.replies);
    }
  };
  visit(roots);
  return count;
}
/**
 * A slice's first size, and the time its render, commit and layout should take: each next slice is sized from what the last
 * ones cost here. The first is small, as a slow device's first slice would otherwise be a long task.
 */
const SLICE = 4;
const SLICE_MS = 16;

/** The replies of a comment that the cut leaves in, each with the cut if it cuts that reply's own subtree. */
function shownReplies(node: CommentNode, cut: Cut | undefined): { node: CommentNode; cut: Cut | undefined }[] {
  if (!cut) return node.replies.map((child) => ({ node: child, cut: undefined }));
  const out: { node: CommentNode; cut: Cut | undefined }[] = [];
  for (const child of node.replies) {
    if (cut.tree.order.get(child._id)! >= cut.limit) break;
    out.push({ node: child, cut: cut.tree.end.get(child._id)! > cut.limit ? cut : undefined });
  }
  return out;
}

/**
 * Memoised: when the post around it re-renders (a like, a count), or the thread is read again with this comment and
 * its replies unchanged (the tree keeps their nodes), a comment does not render again.
 */
const CommentItem = memo(function CommentItem({ node, parentName, actions, cut }: {
  node: CommentNode;
  parentName: string | null;
  actions: ThreadActions;
  cut?: Cut;
}) {
  const [replying, setReplying] = useState(false);
  const replyButton = useRef<HTMLButtonElement>(null);
  const { editing, editButton, open: openEdit, close: closeEdit } = useEditInPlace();
  const authorId = useId();
  const closeReply = () => {
    setReplying(false);
    replyButton.current?.focus();
  };
  const beyondCap = node.depth > REPLY_VISUAL_DEPTH_CAP;
  const childrenIndented = node.depth + 1 <= REPLY_VISUAL_DEPTH_CAP;
  const name = node.deleted ? DELETED_COMMENT_LABEL : node.createdBy.name;
  const { thread, userId } = actions;
  const replies = shownReplies(node, cut);

  return (
    <li className="comment">
      <article id={commentAnchor(node._id)} className="comment__body" aria-labelledby={authorId} data-comment-id={node._id} tabIndex={-1}>
        <p className="comment__meta">
          <Byline author={node.deleted ? { _id: '', name } : node.createdBy} nameId={authorId} className="comment__author" />
          {' · '}
          <time dateTime={node.createdAt}>{formatUsDate(node.createdAt)}</time>
          {beyondCap && parentName && <span className="comment__reply-to"> · replying to {parentName}</span>}
          {!node.deleted && <EditedMark kind="comment" id={node._id} editedAt={node.editedAt} subject={`comment by ${node.createdBy.name}`} />}
        </p>
        {editing ? (
          <CommentEditForm id={node._id} html={node.content} onCancel={closeEdit} onSaved={() => {
            closeEdit();
            thread.send({ type: 'comment.edited', id: node._id });
          }} />
        ) : node.deleted ? (
          <p className="comment__deleted">{DELETED_COMMENT_LABEL}</p>
        ) : node.moderation === 'hidden' ? (
          <HiddenPlaceholder />
        ) : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: commentHtml passes only bare rich tags and text, else DOMPurify's answer
          <div className="rich-text comment__text" dangerouslySetInnerHTML={{ __html: commentHtml(node.content) }} />
        )}
        {!node.deleted && !editing && (
          <div className="comment__actions">
            <LikeButton liked={node.likes.includes(userId)} count={node.likeCount} announce={false}
              onToggle={() => thread.send({ type: 'comment.like', id: node._id, userId })} subject={`comment by ${node.createdBy.name}`} />
            <button ref={replyButton} type="button" className="chip-button" aria-expanded={replying}
              onClick={() => (replying ? closeReply() : setReplying(true))}>
              Reply<span className="visually-hidden"> to {node.createdBy.name}</span>
            </button>
            <CommentBookmark id={node._id} subject={`comment by ${node.createdBy.name}`} />
            {node.moderation !== 'hidden' && !isAuthor(userId, node) && (
              <ReportButton target={{ type: 'comment', id: node._id }} subject={`comment by ${node.createdBy.name}`} />
            )}
            {isAuthor(userId, node) && (
              <button ref={editButton} type="button" className="chip-button" onClick={openEdit}>
                Edit<span className="visually-hidden"> your comment</span>
              </button>
            )}
            {isAuthor(userId, node) && (
              <ConfirmDelete question={COMMENT_DELETE_QUESTION} subject={`comment by ${node.createdBy.name}`}
                onConfirm={() => {
                  actions.deleting(node._id);
                  thread.send({ type: 'comment.delete', id: node._id });
                }} />
            )}
          </div>
        )}
        {replying && (
          <CommentForm thread={thread} parentCommentId={node._id} label={`Reply to ${node.createdBy.name}`} autoFocus
            onCancel={closeReply} onPosted={closeReply} />
        )}
      </article>
      {replies.length > 0 && (
        <ol className={childrenIndented ? 'comment-list comment-list--nested' : 'comment-list comment-list--flat'}>
          {replies.map((child) => (
            <CommentItem key={child.node._id} node={child.node} parentName={name} actions={actions} cut={child.cut} />
          ))}
        </ol>
      )}
    </li>
  );
});

/**
 * How many comments, in reading order, a thread of `total` renders: all of a short thread at once; a long one's first
 * screen (`firstComments`) with the list, then a slice more in a task of its own after each paint, each slice sized
 * so that its render, commit and layout take about SLICE_MS on this device (the frame after it paints only that
 * slice), until all are in the page (Infinity from then on, so a comment posted later shows at once). No task is long, so input is
 * answered at once while the thread fills.
 */
function useRenderedCount(tree: ThreadTree, settled: boolean, whole: boolean): number {
  // Unset until the first slice: up to then the first screen is counted from the comments themselves.
  const [sliced, setLimit] = useState<number | null>(null);
  // A thread the server draws (a post's page) is drawn whole there, and so in the browser's first render too.
  const limit = sliced ?? (whole || typeof window === 'undefined' ? Number.POSITIVE_INFINITY : firstComments(window.innerHeight, tree.roots));
  const total = tree.total;
  const slice = useRef(SLICE);
  /** What one comment's render and commit has cost here, averaged over the slices so far (ms). */
  const cost = useRef(0);
  useEffect(() => {
    if (limit === Number.POSITIVE_INFINITY || !settled) return;
    if (total <= limit) {
      setLimit(Number.POSITIVE_INFINITY);
      return;
    }
    // After the next paint: a frame's callback runs just before it, a task queued from there just after.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        const count = slice.current;
        const start = performance.now();
        flushSync(() => setLimit(limit + count >= total ? Number.POSITIVE_INFINITY : limit + count));
        // The slice is laid out here, in the measured task (the frame after only paints it): its layout, which costs
        // as much as its render, counts in the size of the next slice.
        document.documentElement.getBoundingClientRect();
        const each = (performance.now() - start) / count;
        cost.current = cost.current ? (cost.current + each) / 2 : each;
        slice.current = Math.min(48, Math.max(4, Math.floor(SLICE_MS / cost.current)));
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [limit, total, settled]);
  return limit;
}

export { useCommentThreadToggle } from './comment-thread-toggle';

export function CommentThread({ id, thread, subject, userId, onChanged, whole = false }: {
  id: string;
  /** Started by `useCommentThreadToggle`. */
  thread: ThreadRef;
  subject: string;
  userId: string;
  /** A comment was added or deleted: the post's comment count changed. */
  onChanged: () => void;
  /** Render every comment at once: the thread came drawn by the server, which draws it whole. */
  whole?: boolean;
}) {
  const view = useSelector(thread, (s) => ({
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    comments: s.context.comments,
    announcement: s.context.announcement,
    lastPostedId: s.context.lastPostedId,
  }), (a, b) => a.loading === b.loading && a.failed === b.failed && a.comments === b.comments && a.announcement === b.announcement
    && a.lastPostedId === b.lastPostedId);

  // The post's handler is a new function on each of its renders; read through a ref.
  const changed = useRef(onChanged);
  changed.current = onChanged;
  useEffect(() => {
    const subscription = thread.on('thread.changed', () => changed.current());
    return () => subscription.unsubscribe();
  }, [thread]);

  // After a delete the focus goes to a sensible neighbour: the comment itself when it stays as "[deleted]" (it has
  // replies), else the next comment, else the previous one, else the new-comment box.
  const section = useRef<HTMLElement>(null);
  const pendingFocus = useRef<{ id: string; next: string | null; previous: string | null } | null>(null);
  const deleting = useMemo(() => (id: string) => {
    const bodies = [...(section.current?.querySelectorAll<HTMLElement>('article.comment__body') ?? [])].map((el) => el.dataset.commentId!);
    const at = bodies.indexOf(id);
    pendingFocus.current = { id, next: bodies[at + 1] ?? null, previous: at > 0 ? bodies[at - 1]! : null };
  }, []);
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    const gone = view.comments.find((c) => c._id === pending.id);
    if (gone && !gone.deleted) return;
    pendingFocus.current = null;
    const find = (commentId: string | null) => (commentId ? section.current?.querySelector<HTMLElement>(`[data-comment-id="${commentId}"]`) : null);
    const target = (gone ? find(pending.id) : null) ?? find(pending.next) ?? find(pending.previous) ?? section.current?.querySelector<HTMLElement>('textarea');
    target?.focus();
  }, [view.comments]);

  // After posting, the focus goes to the new comment once the thread read again shows it (issue 41, ADR 164): it is
  // read with its author's name, and the live region says it was posted. A reply form has closed on its Reply button
  // by then; this comes after.
  const focusedPost = useRef(view.lastPostedId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the thread read again may show the comment
  useEffect(() => {
    const posted = view.lastPostedId;
    if (!posted || posted === focusedPost.current) return;
    const target = section.current?.querySelector<HTMLElement>(`[data-comment-id="${CSS.escape(posted)}"]`);
    if (!target) return;
    focusedPost.current = posted;
    target.focus();
  }, [view.lastPostedId, view.comments]);

  // The tree keeps the nodes of comments that did not change, so only what changed renders again.
  const previousTree = useRef<ThreadTree | null>(null);
  const tree = useMemo(() => threadTree(view.comments, previousTree.current), [view.comments]);
  useEffect(() => {
    previousTree.current = tree;
  }, [tree]);
  const firstLoad = view.loading && view.comments.length === 0;
  const limit = useRenderedCount(tree, !firstLoad, whole);
  const cut: Cut | undefined = limit < tree.total ? { limit, tree } : undefined;
  const roots = shownReplies({ replies: tree.roots } as CommentNode, cut);
  const actions = useMemo<ThreadActions>(() => ({ userId, thread, deleting }), [userId, thread, deleting]);
  const style = { '--reply-indent-base': `${REPLY_INDENT_REM}rem` } as CSSProperties;

  return (
    <section ref={section} id={id} className="comment-thread" aria-label={`Comments on ${subject}`} style={style}>
      <CommentForm thread={thread} parentCommentId={null} label="Add a comment" />
      <p className="visually-hidden" role="status">
        {view.announcement}
      </p>
      {firstLoad && <Spinner label="Loading comments..." />}
      {view.failed && <p className="comment-thread__note">Comments could not be loaded.</p>}
      {!firstLoad && !view.failed && tree.total === 0 && <p className="comment-thread__note">No comments yet.</p>}
      {roots.length > 0 && (
        // Busy while a long thread's later comments are still being added: screen readers wait for the whole list.
        <ol className="comment-list" aria-busy={cut ? true : undefined}>
          {roots.map((root) => (
            <CommentItem key={root.node._id} node={root.node} parentName={null} actions={actions} cut={root.cut} />
          ))}
        </ol>
      )}
    </section>
  );
}
