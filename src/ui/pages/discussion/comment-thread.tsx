/**
 * The comments of one post as a tree: a form for a new comment, and under each comment a Like, a Reply that toggles
 * its own form, and Delete for the author (with the spec's confirmation). Replies are indented REPLY_INDENT_REM per
 * level up to REPLY_VISUAL_DEPTH_CAP levels; deeper replies stay at that indent and say whom they answer.
 */
import { type CSSProperties, type FormEvent, memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Label, TextArea, TextField } from 'react-aria-components';
import { createComment, deleteComment, likeComment, listComments } from '../../../contract/comments';
import {
  buildCommentTree, type CommentNode, DELETED_COMMENT_LABEL, isAuthor, isBlank, plainTextToHtml, REPLY_INDENT_REM,
  REPLY_VISUAL_DEPTH_CAP,
} from '../../../domain/discussion';
import { formatUsDate } from '../../../domain/text';
import { SafeHtml } from '../../components/safe-html';
import { Spinner } from '../../components/states';
import { useServices, useSession } from '../../services-context';
import { ConfirmDelete } from './confirm-delete';
import { LikeButton } from './like-button';

export const COMMENT_DELETE_QUESTION = 'Are you sure you want to delete this comment?';

function CommentForm({ label, onSubmit, onCancel, autoFocus = false }: {
  label: string;
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Blank or whitespace-only text is never sent (spec section 5).
    if (isBlank(text) || sending) return;
    setSending(true);
    const ok = await onSubmit(text);
    setSending(false);
    if (ok) setText('');
  };

  return (
    <form className="comment-form" onSubmit={submit}>
      <TextField className="field" value={text} onChange={setText} isDisabled={sending}>
        <Label className="field__label">{label}</Label>
        <TextArea
          className="field__input comment-form__input"
          rows={3}
          autoFocus={autoFocus}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && onCancel) onCancel();
          }}
        />
      </TextField>
      <div className="comment-form__actions">
        <button type="submit" className="button button--primary button--small" disabled={isBlank(text) || sending}>
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
  userId: string | undefined;
  reply: (text: string, parentCommentId: string) => Promise<boolean>;
  remove: (id: string) => void;
  like: (id: string) => Promise<{ liked: boolean; likeCount: number }>;
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

  return (
    <li className="comment">
      <article className="comment__body" aria-labelledby={authorId}>
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
            <LikeButton liked={actions.userId ? node.likes.includes(actions.userId) : false} count={node.likeCount}
              toggle={() => actions.like(node._id)} subject={`comment by ${node.createdBy.name}`} />
            <button ref={replyButton} type="button" className="chip-button" aria-expanded={replying}
              onClick={() => (replying ? closeReply() : setReplying(true))}>
              Reply<span className="visually-hidden"> to {node.createdBy.name}</span>
            </button>
            {isAuthor(actions.userId, node) && (
              <ConfirmDelete question={COMMENT_DELETE_QUESTION} subject={`comment by ${node.createdBy.name}`} onConfirm={() => actions.remove(node._id)} />
            )}
          </div>
        )}
        {replying && (
          <CommentForm
            label={`Reply to ${node.createdBy.name}`}
            autoFocus
            onCancel={closeReply}
            onSubmit={async (text) => {
              const ok = await actions.reply(text, node._id);
              if (ok) closeReply();
              return ok;
            }}
          />
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

export function CommentThread({ id, discussionId, subject, onChanged }: {
  id: string;
  discussionId: string;
  subject: string;
  /** A comment was added or deleted: the post's comment count changed. */
  onChanged: () => void;
}) {
  const { api, log } = useServices();
  const { user } = useSession();
  const [tree, setTree] = useState<CommentNode[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let live = true;
    api.call(listComments, { params: { id: discussionId } }, generation > 0 ? { fresh: true } : {}).then(
      (answer) => {
        if (!live) return;
        // Rendered at once, not as a transition: the member asked for this thread and waits for it, and slicing the
        // render only made it arrive later (590 ms against 458 ms under the benchmark's 4x throttling).
        setTree(buildCommentTree(answer.comments));
        setFailed(false);
      },
      (error: unknown) => {
        log('loading comments failed', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [api, log, discussionId, generation]);

  // Lists are read again after each change (spec section 4).
  const refresh = useCallback(() => setGeneration((g) => g + 1), []);
  // The post's handler is a new function on each of its renders; read through a ref so `actions` stays the same.
  const changed = useRef(onChanged);
  changed.current = onChanged;

  const post = useCallback(
    async (text: string, parentCommentId: string | null) => {
      try {
        await api.call(createComment, { body: { discussionId, content: plainTextToHtml(text), parentCommentId } });
        refresh();
        changed.current();
        return true;
      } catch (error) {
        log('posting a comment failed', error);
        return false;
      }
    },
    [api, log, discussionId, refresh],
  );

  const userId = user?._id;
  const actions = useMemo<ThreadActions>(
    () => ({
      userId,
      reply: (text, parentCommentId) => post(text, parentCommentId),
      remove: (commentId) => {
        api.call(deleteComment, { params: { id: commentId } }).then(
          () => {
            refresh();
            changed.current();
          },
          (error: unknown) => log('deleting a comment failed', error),
        );
      },
      like: async (commentId) => {
        const answer = await api.call(likeComment, { params: { id: commentId } });
        refresh();
        return answer;
      },
    }),
    [userId, post, api, log, refresh],
  );

  const style = { '--reply-indent-base': `${REPLY_INDENT_REM}rem` } as CSSProperties;

  return (
    <section id={id} className="comment-thread" aria-label={`Comments on ${subject}`} style={style}>
      <CommentForm label="Add a comment" onSubmit={(text) => post(text, null)} />
      {tree === null && !failed && <Spinner label="Loading comments..." />}
      {failed && <p className="comment-thread__note">Comments could not be loaded.</p>}
      {tree && tree.length === 0 && <p className="comment-thread__note">No comments yet.</p>}
      {tree && tree.length > 0 && (
        <ol className="comment-list">
          {tree.map((node) => (
            <CommentItem key={node._id} node={node} parentName={null} actions={actions} />
          ))}
        </ol>
      )}
    </section>
  );
}
