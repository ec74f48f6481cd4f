/**
 * The comments of one post as a tree: a form for a new comment, and under each comment a Like, a Reply that toggles
 * its own form, and Delete for the author (with the spec's confirmation). Replies are indented REPLY_INDENT_REM per
 * level up to REPLY_VISUAL_DEPTH_CAP levels; deeper replies stay at that indent and say whom they answer.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { type CSSProperties, type FormEvent, memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Label, TextArea, TextField } from 'react-aria-components';
import type { ActorRefFrom } from 'xstate';
import type { CommentThreadMachine } from '../../../application/comment-thread.machine';
import {
  buildCommentTree, type CommentNode, DELETED_COMMENT_LABEL, isAuthor, isBlankText, REPLY_INDENT_REM, REPLY_VISUAL_DEPTH_CAP,
} from '../../../domain/discussion';
import { formatUsDate } from '../../../domain/text';
import { SafeHtml } from '../../components/safe-html';
import { Spinner } from '../../components/states';
import { useServices } from '../../services-context';
import { ConfirmDelete } from './confirm-delete';
import { LikeButton } from './like-button';

export const COMMENT_DELETE_QUESTION = 'Are you sure you want to delete this comment?';

type ThreadRef = ActorRefFrom<CommentThreadMachine>;

/**
 * A comment form: the new-comment form (`parentCommentId` null) or a reply form. It keeps its text until the machine
 * says this form's comment was posted; a refusal (too many too fast) is shown under it and the text stays.
 */
function CommentForm({ thread, parentCommentId, label, onPosted, onCancel, autoFocus = false }: {
  thread: ThreadRef;
  parentCommentId: string | null;
  label: string;
  onPosted?: () => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState('');
  const errorId = useId();
  const form = useSelector(thread, (s) => ({
    sending: s.context.sendingFrom === parentCommentId,
    postedCount: s.context.posted.from === parentCommentId ? s.context.posted.count : -1,
    refusal: s.context.refusal?.from === parentCommentId ? s.context.refusal.message : null,
  }), (a, b) => a.sending === b.sending && a.postedCount === b.postedCount && a.refusal === b.refusal);

  // This form's comment went through: it clears (and a reply form closes).
  const seen = useRef(form.postedCount);
  useEffect(() => {
    if (form.postedCount !== seen.current && form.postedCount >= 0) {
      setText('');
      onPosted?.();
    }
    seen.current = form.postedCount;
  }, [form.postedCount, onPosted]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Blank or whitespace-only text is never sent (spec section 5).
    if (isBlankText(text) || form.sending) return;
    thread.send({ type: 'comment.post', text, parentCommentId });
  };

  return (
    <form className="comment-form" onSubmit={submit}>
      <TextField className="field" value={text} onChange={setText} isDisabled={form.sending}>
        <Label className="field__label">{label}</Label>
        <TextArea
          className="field__input comment-form__input"
          rows={3}
          autoFocus={autoFocus}
          aria-describedby={form.refusal ? errorId : undefined}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && onCancel) onCancel();
          }}
        />
      </TextField>
      {form.refusal && (
        <p id={errorId} className="form__error" role="alert">
          {form.refusal}
        </p>
      )}
      <div className="comment-form__actions">
        <button type="submit" className="button button--primary button--small" disabled={isBlankText(text) || form.sending}>
          Post Comment
        </button>
        {onCancel && (
          <button type="button" className="button button--small" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

interface ThreadActions {
  userId: string;
  thread: ThreadRef;
  /** A comment is about to be deleted: the thread remembers where the focus should go once it is gone. */
  deleting: (id: string) => void;
}

/** Memoised: when the post around it re-renders (a like, a count), the comments of an open thread do not. */
const CommentItem = memo(function CommentItem({ node, parentName, actions }: { node: CommentNode; parentName: string | null; actions: ThreadActions }) {
  const [replying, setReplying] = useState(false);
  const replyButton = useRef<HTMLButtonElement>(null);
  const authorId = useId();
  const closeReply = () => {
    setReplying(false);
    replyButton.current?.focus();
  };
  const beyondCap = node.depth > REPLY_VISUAL_DEPTH_CAP;
  const childrenIndented = node.depth + 1 <= REPLY_VISUAL_DEPTH_CAP;
  const name = node.deleted ? DELETED_COMMENT_LABEL : node.createdBy.name;
  const { thread, userId } = actions;

  return (
    <li className="comment">
      <article className="comment__body" aria-labelledby={authorId} data-comment-id={node._id} tabIndex={-1}>
        <p className="comment__meta">
          <span id={authorId} className="comment__author">
            {name}
          </span>
          {' · '}
          <time dateTime={node.createdAt}>{formatUsDate(node.createdAt)}</time>
          {beyondCap && parentName && <span className="comment__reply-to"> · replying to {parentName}</span>}
        </p>
        {node.deleted ? (
          <p className="comment__deleted">{DELETED_COMMENT_LABEL}</p>
        ) : (
          <SafeHtml html={node.content} className="rich-text comment__text" />
        )}
        {!node.deleted && (
          <div className="comment__actions">
            <LikeButton liked={node.likes.includes(userId)} count={node.likeCount} announce={false}
              onToggle={() => thread.send({ type: 'comment.like', id: node._id, userId })} subject={`comment by ${node.createdBy.name}`} />
            <button ref={replyButton} type="button" className="chip-button" aria-expanded={replying}
              onClick={() => (replying ? closeReply() : setReplying(true))}>
              Reply<span className="visually-hidden"> to {node.createdBy.name}</span>
            </button>
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
      {node.replies.length > 0 && (
        <ol className={childrenIndented ? 'comment-list comment-list--nested' : 'comment-list comment-list--flat'}>
          {node.replies.map((child) => (
            <CommentItem key={child._id} node={child} parentName={name} actions={actions} />
          ))}
        </ol>
      )}
    </li>
  );
});

export function CommentThread({ id, discussionId, subject, userId, onChanged }: {
  id: string;
  discussionId: string;
  subject: string;
  userId: string;
  /** A comment was added or deleted: the post's comment count changed. */
  onChanged: () => void;
}) {
  const { machines } = useServices();
  const [machine] = useState(machines.commentThread);
  const thread = useActorRef(machine, { input: { discussionId } });
  const view = useSelector(thread, (s) => ({
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    comments: s.context.comments,
    announcement: s.context.announcement,
  }), (a, b) => a.loading === b.loading && a.failed === b.failed && a.comments === b.comments && a.announcement === b.announcement);

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

  const tree = useMemo(() => buildCommentTree(view.comments), [view.comments]);
  const actions = useMemo<ThreadActions>(() => ({ userId, thread, deleting }), [userId, thread, deleting]);
  const style = { '--reply-indent-base': `${REPLY_INDENT_REM}rem` } as CSSProperties;
  const firstLoad = view.loading && view.comments.length === 0;

  return (
    <section ref={section} id={id} className="comment-thread" aria-label={`Comments on ${subject}`} style={style}>
      <CommentForm thread={thread} parentCommentId={null} label="Add a comment" />
      <p className="visually-hidden" role="status">
        {view.announcement}
      </p>
      {firstLoad && <Spinner label="Loading comments..." />}
      {view.failed && <p className="comment-thread__note">Comments could not be loaded.</p>}
      {!firstLoad && !view.failed && tree.length === 0 && <p className="comment-thread__note">No comments yet.</p>}
      {tree.length > 0 && (
        <ol className="comment-list">
          {tree.map((node) => (
            <CommentItem key={node._id} node={node} parentName={null} actions={actions} />
          ))}
        </ol>
      )}
    </section>
  );
}
