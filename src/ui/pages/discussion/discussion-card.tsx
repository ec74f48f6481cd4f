/** One post in the list: title, author, US date, topic, the HTML content, like and comment counts, Delete for its author. */
import { useId } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { DiscussionFeedMachine } from '../../../application/discussion-feed.machine';
import { type Discussion, isAuthor } from '../../../domain/discussion';
import { formatUsDate } from '../../../domain/text';
import { Byline } from '../../components/byline';
import { SafeHtml } from '../../components/safe-html';
import { CommentThread, useCommentThreadToggle } from './comment-thread';
import { paths } from '../../routes';
import { ConfirmDelete } from './confirm-delete';
import { FollowButton } from './follow-button';
import { EditedMark } from './edit-history';
import { LikeButton } from './like-button';
import { PinButton, ReportButton } from './report-dialog';
import { HIDDEN_TEXT } from '../../../domain/moderation';

export const DISCUSSION_DELETE_QUESTION = 'Are you sure you want to delete this discussion?';
/** The history state a post's page leaves when it deleted its post: the list it goes back to focuses its heading (ADR 164). */
export const AFTER_DELETE_STATE = { focus: 'discussion-list-heading' } as const;

/** Whether this page was reached from a post's page that deleted its post. */
export function cameAfterDelete(): boolean {
  if (typeof window === 'undefined') return false;
  return (window.history.state as { focus?: unknown } | null)?.focus === AFTER_DELETE_STATE.focus;
}

export function DiscussionCard({ discussion, userId, topicLabel, feed }: {
  discussion: Discussion;
  userId: string;
  topicLabel: string;
  feed: ActorRefFrom<DiscussionFeedMachine>;
}) {
  const { _id: id } = discussion;
  // A hidden post shows the placeholder in its place, to everyone (ADR 149).
  const hidden = discussion.moderation === 'hidden';
  const title = hidden ? HIDDEN_TEXT : discussion.title;
  const { thread, toggle, readAhead, dropReadAhead } = useCommentThreadToggle(id);
  const showComments = thread !== null;
  const titleId = useId();
  const threadId = useId();

  return (
    <article className="card discussion-card" aria-labelledby={titleId}>
      <div className="card__body">
        <h3 id={titleId} className="card__title">
          <Link href={paths.discussionPost(id)} className="discussion-card__link">
            {title}
          </Link>
        </h3>
        <p className="card__meta">
          <Byline author={discussion.createdBy} className="discussion-card__author" />
          {' · '}
          <time dateTime={discussion.createdAt}>{formatUsDate(discussion.createdAt)}</time>
          {topicLabel && <span className="discussion-card__topic"> · {topicLabel}</span>}
          {discussion.pinned && <span className="discussion-card__pinned"> · Pinned</span>}
          <EditedMark kind="discussion" id={id} editedAt={discussion.editedAt} subject={`post: ${title}`} />
        </p>
        {!hidden && <SafeHtml html={discussion.content} className="rich-text discussion-card__content" />}
        <div className="discussion-card__actions">
          {!hidden && <LikeButton
            liked={discussion.likes.includes(userId)}
            count={discussion.likeCount}
            onToggle={() => feed.send({ type: 'post.like', id, userId })}
            subject={`post: ${title}`}
          />}
          <button type="button" className="chip-button" aria-expanded={showComments} aria-controls={showComments ? threadId : undefined}
            onClick={toggle} onPointerEnter={readAhead} onFocus={readAhead} onPointerLeave={dropReadAhead} onBlur={dropReadAhead}>
            Comments<span className="visually-hidden"> on {title}</span>
            <span className="chip-button__count" data-testid="comment-count">
              {discussion.commentCount}
            </span>
          </button>
          <FollowButton target={{ targetType: 'discussion', targetId: id }} subject={`post: ${title}`} />
          {!hidden && !isAuthor(userId, discussion) && <ReportButton target={{ type: 'discussion', id }} subject={`post: ${title}`} />}
          <PinButton id={id} pinned={discussion.pinned === true} subject={title} onChanged={() => feed.send({ type: 'feed.reload' })} />
          {isAuthor(userId, discussion) && (
            <ConfirmDelete question={DISCUSSION_DELETE_QUESTION} subject={`post: ${title}`} onConfirm={() => feed.send({ type: 'post.delete', id })} />
          )}
        </div>
        {thread && (
          <CommentThread id={threadId} thread={thread} subject={title} userId={userId} onChanged={() => feed.send({ type: 'post.refresh', id })} />
        )}
      </div>
    </article>
  );
}
