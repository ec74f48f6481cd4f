/**
 * The members' discussion page (spec section 2): the SDG sidebar and selects, 'Create a Post', and the list of posts
 * with their comment threads, newest first, with 'Load more'. Sign-in is required here as well as by the route guard.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Redirect } from 'wouter';
import { toast } from 'sonner';
import { loadPostDraft, postDraftKey, providePostComposer } from '../../../application/post-composer.effects';
import { deleteDiscussion, sdgConstants } from '../../../contract/discussions';
import type { User } from '../../../domain/user';
import { EmptyState, ErrorState, Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useQuery } from '../../hooks/use-query';
import { loginWithReturn, paths } from '../../routes';
import { useServices, useSession } from '../../services-context';
import { DiscussionCard } from './discussion-card';
import { PostComposer } from './post-composer';
import { SdgSidebar, TopicSelects, topicLabel } from './topic-picker';
import { useDiscussionFeed } from './use-discussion-feed';
import './discussion.css';

export const DELETE_FAILED = 'Failed to delete discussion. Please try again.';

function DiscussionBoard({ user }: { user: User }) {
  const { api, drafts, log } = useServices();
  const draftKey = postDraftKey(user._id);
  const machine = useMemo(() => providePostComposer({ api, drafts, draftKey, log }), [api, drafts, draftKey, log]);
  // The stored draft is read once, when the page opens.
  const [draft] = useState(() => loadPostDraft(drafts, draftKey));
  const composer = useActorRef(machine, { input: { draft } });
  const { category, subcategory, lastCreatedId } = useSelector(composer, (s) => s.context, (a, b) =>
    a.category === b.category && a.subcategory === b.subcategory && a.lastCreatedId === b.lastCreatedId);
  const constants = useQuery(sdgConstants);
  const feed = useDiscussionFeed(category, subcategory);
  const { reload } = feed;

  // A new post appears at the top of the list.
  const lastSeen = useRef(lastCreatedId);
  useEffect(() => {
    if (lastCreatedId && lastCreatedId !== lastSeen.current) reload();
    lastSeen.current = lastCreatedId;
  }, [lastCreatedId, reload]);

  const removePost = (id: string) => {
    api.call(deleteDiscussion, { params: { id } }).then(
      () => feed.remove(id),
      (error: unknown) => {
        log('deleting a discussion failed', error);
        toast.error(DELETE_FAILED);
      },
    );
  };

  const picker = constants.data && {
    constants: constants.data,
    category,
    subcategory,
    onCategory: (value: string) => composer.send({ type: 'topic.category', category: value }),
    onSubcategory: (value: string) => composer.send({ type: 'topic.subcategory', subcategory: value }),
  };
  const chosen = topicLabel(constants.data, category, subcategory);

  return (
    <div className="discussion-layout">
      <aside className="discussion-layout__sidebar">
        {constants.status === 'loading' && (
          <div className="sdg-sidebar sdg-sidebar--pending" aria-busy="true">
            <Spinner label="Loading categories..." />
          </div>
        )}
        {constants.status === 'error' && <ErrorState error={constants.error} />}
        {picker && <SdgSidebar {...picker} />}
      </aside>
      <div className="discussion-layout__main">
        {picker ? <TopicSelects {...picker} /> : constants.status === 'loading' && <div className="topic-selects topic-selects--pending" aria-hidden="true" />}
        <PostComposer composer={composer} topic={chosen} />
        <section className="discussion-feed" aria-labelledby="discussion-feed-heading" aria-busy={feed.status === 'loading'}>
          <h2 id="discussion-feed-heading" className="discussion-feed__heading">
            {chosen || 'All discussions'}
          </h2>
          {feed.status === 'loading' && (
            <p className="discussion-feed__loading" role="status">
              Loading discussions...
            </p>
          )}
          {feed.status === 'error' && feed.error && <ErrorState error={feed.error} />}
          {feed.status === 'ready' && feed.discussions.length === 0 && <EmptyState>No discussions found</EmptyState>}
          {feed.discussions.length > 0 && (
            <ol className="discussion-list">
              {feed.discussions.map((discussion) => (
                <li key={discussion._id}>
                  <DiscussionCard
                    discussion={discussion}
                    userId={user._id}
                    topicLabel={topicLabel(constants.data, discussion.category, discussion.subcategory)}
                    onDelete={removePost}
                    onCommentsChanged={feed.refreshOne}
                  />
                </li>
              ))}
            </ol>
          )}
          {feed.nextCursor && (
            <button type="button" className="button discussion-feed__more" onClick={feed.loadMore} disabled={feed.loadingMore}>
              {feed.loadingMore ? 'Loading...' : 'Load more'}
            </button>
          )}
        </section>
      </div>
    </div>
  );
}

export default function DiscussionPage() {
  useDocumentTitle('Discussion');
  const { user, loading, signedIn } = useSession();
  if (loading) return <Spinner label="Checking your session..." />;
  if (!signedIn || !user) return <Redirect to={loginWithReturn(paths.discussion)} replace />;
  return (
    <div className="container page discussion-page">
      <h1>Community Discussions</h1>
      <p className="discussion-page__lead">
        Share questions and projects with architects, planners, consultants and researchers, organised by the UN
        Sustainable Development Goals. Choose a goal and a subcategory to read its posts or start one.
      </p>
      <DiscussionBoard user={user} />
    </div>
  );
}
