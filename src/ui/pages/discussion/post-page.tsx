/**
 * A post's own page (issue 37), `/discussion/{id}`: the post and its whole thread, drawn by the server for members
 * (visitors are sent to sign in and see none of it). The author edits it in place; anyone signed in sees 'edited'
 * and its history; members save, follow and report it and its comments; a hidden post shows its placeholder. Arriving at `#comment-{id}` brings that comment into view and
 * focus, even when it is in a part of a long thread that is still being added.
 */
import { useId, useRef, useState } from 'react';
import { Link, Redirect, useLocation, useParams } from 'wouter';
import { ApiError } from '../../../application/api-error';
import { type Discussion, isAuthor } from '../../../domain/discussion';
import { formatUsDate } from '../../../domain/text';
import type { User } from '../../../domain/user';
import { getDiscussion, savedInDiscussion } from '../../calls';
import { Byline } from '../../components/byline';
import { SafeHtml } from '../../components/safe-html';
import { ErrorState, Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePageActor } from '../../hooks/use-page-actor';
import { useQuery } from '../../hooks/use-query';
import { loginWithReturn, paths } from '../../routes';
import { useServices, useSession } from '../../services-context';
import { BookmarkButton, SavedContext } from './bookmark-button';
import { CommentThread } from './comment-thread';
import { EditedMark } from './edit-history';
import { FollowButton, FollowsProvider } from './follow-button';
import { HiddenPlaceholder, ReportButton, ReportProvider } from './report-dialog';
import { NameGateProvider } from './name-gate';
import { AFTER_DELETE_STATE } from './discussion-card';
import { PostActions } from './post-actions';
import { PostEditForm } from './post-edit';
import { useCommentTarget } from './comment-target';
import { useEditInPlace } from './use-edit-in-place';
import '../../components/dialog.css';
import './discussion.css';

function PostArticle({ post, userId, saved, onChanged, onDeleted }: {
  post: Discussion;
  userId: string;
  saved: boolean | null;
  /** The author saved an edit: the post as the server now has it. */
  onChanged: (post: Discussion) => void;
  onDeleted: () => void;
}) {
  const { editing, editButton, open: openEdit, close: closeEdit } = useEditInPlace();
  const titleId = useId();
  if (editing) {
    return (
      <div className="card post-page__post">
        <div className="card__body">
          <PostEditForm post={post} onCancel={closeEdit} onSaved={(changed) => {
            onChanged(changed);
            closeEdit();
          }} />
        </div>
      </div>
    );
  }
  const hidden = post.moderation === 'hidden';
  const subject = hidden ? 'post hidden by a moderator' : `post: ${post.title}`;
  return (
    <article className="card post-page__post" aria-labelledby={titleId}>
      <div className="card__body">
        <h1 id={titleId} className="post-page__title">
          {hidden ? 'Hidden post' : post.title}
        </h1>
        <p className="card__meta">
          <Byline author={post.createdBy} className="discussion-card__author" />
          {' · '}
          <time dateTime={post.createdAt}>{formatUsDate(post.createdAt)}</time>
          <EditedMark kind="discussion" id={post._id} editedAt={post.editedAt} subject={subject} />
        </p>
        {hidden ? <HiddenPlaceholder /> : <SafeHtml html={post.content} className="rich-text discussion-card__content" />}
        <div className="discussion-card__actions">
          <PostActions post={post} userId={userId} subject={subject} onDeleted={onDeleted} />
          <FollowButton target={{ targetType: 'discussion', targetId: post._id }} subject={subject} />
          {!hidden && !isAuthor(userId, post) && <ReportButton target={{ type: 'discussion', id: post._id }} subject={subject} />}
          {saved !== null && <BookmarkButton targetType="discussion" targetId={post._id} initiallySaved={saved} subject={subject} />}
          {isAuthor(userId, post) && (
            <button ref={editButton} type="button" className="chip-button" onClick={openEdit}>
              Edit<span className="visually-hidden"> {subject}</span>
            </button>
          )}
        </div>
      </div>
    </article>
  );
}

function PostView({ id, user }: { id: string; user: User }) {
  const { machines } = useServices();
  const [, navigate] = useLocation();
  const answer = useQuery(getDiscussion, { params: { id } });
  const saved = useQuery(savedInDiscussion, { params: { id } });
  // What was read last stays on screen while the post is read again (a comment changed its count), and an edit's
  // answer shows at once: nothing unmounts, so the focus stays where it was.
  const kept = useRef<Discussion | undefined>(undefined);
  const [edited, setEdited] = useState<Discussion | null>(null);
  if (answer.data) kept.current = answer.data.discussion;
  const loaded = kept.current;
  const post = edited && (!loaded || edited.updatedAt >= loaded.updatedAt) ? edited : loaded;
  useDocumentTitle(post ? post.title : 'Discussion');
  const [threadMachine] = useState(machines.commentThread);
  const { actor: thread, restored } = usePageActor(`comment-thread ${id}`, threadMachine, { input: { discussionId: id } }, {
    settled: (state) => !state.matches('loading'),
  });
  const threadId = useId();
  useCommentTarget(threadId, () => thread.send({ type: 'thread.reload' }));

  if (!post && answer.status === 'loading') return <Spinner label="Loading discussion..." />;
  if (!post) {
    const missing = answer.error instanceof ApiError && answer.error.status === 404;
    return (
      <>
        <h1>Discussion not found</h1>
        {missing ? <p>This discussion may have been deleted.</p> : <ErrorState error={answer.error!} />}
        <p>
          <Link href={paths.discussion}>Back to all discussions</Link>
        </p>
      </>
    );
  }
  return (
    <SavedContext.Provider value={saved.data ?? null}>
      <nav aria-label="Breadcrumb" className="post-page__crumbs">
        <Link href={paths.discussionTopic(post)}>Back to the discussions</Link>
      </nav>
      <PostArticle post={post} userId={user._id} saved={saved.data ? saved.data.discussion : null} onChanged={setEdited}
        onDeleted={() => navigate(paths.discussionTopic(post), { replace: true, state: AFTER_DELETE_STATE })} />
      <CommentThread id={threadId} thread={thread} subject={post.title} userId={user._id} onChanged={answer.reload} whole={restored} />
    </SavedContext.Provider>
  );
}

export default function PostPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { user, loading, signedIn } = useSession();
  if (loading) return <Spinner label="Checking your session..." />;
  if (!signedIn || !user) return <Redirect to={loginWithReturn(paths.discussionPost(id))} replace />;
  return (
    <div className="container page post-page">
      <NameGateProvider>
        <ReportProvider>
          <FollowsProvider>
            <PostView id={id} user={user} />
          </FollowsProvider>
        </ReportProvider>
      </NameGateProvider>
    </div>
  );
}
