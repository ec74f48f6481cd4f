/**
 * The members' discussion page (spec section 2): the SDG sidebar and selects, 'Create a Post', and the list of posts
 * with their comment threads, newest first, with 'Load more'. Sign-in is required here as well as by the route guard.
 * One owner for each piece of state: the URL holds the chosen topic, the feed machine the posts and their writes, the
 * composer machine the draft. This view reads the URL and subscribes to both machines.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import type { Topic } from '../../../application/discussion-feed.machine';
import { postDraftKey } from '../../../application/post-composer.machine';
import { sdgConstants } from '../../calls';
import type { User } from '../../../domain/user';
import { EmptyState, ErrorState, Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useMediaQuery } from '../../hooks/use-media-query';
import { usePageActor } from '../../hooks/use-page-actor';
import { useQuery } from '../../hooks/use-query';
import { discussionTopicOf, loginWithReturn, paths } from '../../routes';
import { useServices, useSession } from '../../services-context';
import { cameAfterDelete, DiscussionCard } from './discussion-card';
import { ReportProvider } from './report-dialog';
import { FollowButton, FollowsProvider } from './follow-button';
import { NameGateProvider } from './name-gate';
import { PostComposer } from './post-composer';
import { SdgSidebar, TopicSelects, topicLabel } from './topic-picker';
import { whenIdle } from '../../when-idle';
import '../../components/dialog.css';
import './discussion.css';

/** Its topic selects collate and list their options with Intl as they render: the ICU data loads first (ADR 115). */
export { loadIntlData as ready } from '../../i18n/intl-data';

/** The width below which the goals leave the side (discussion.css has the same breakpoint). */
const NARROW_LAYOUT = '(max-width: 900px)';

function DiscussionBoard({ user }: { user: User }) {
  const { machines } = useServices();
  const search = useSearch();
  const [, navigate] = useLocation();
  const topic = useMemo<Topic>(() => discussionTopicOf(search), [search]);
  const [feedMachine] = useState(machines.discussionFeed);
  const [composerMachine] = useState(machines.postComposer);
  const { actor: feed } = usePageActor(`discussion-feed ${topic.category}/${topic.subcategory}`, feedMachine, { input: { topic } }, {
    settled: (state) => !state.matches('loading'),
  });
  const composer = useActorRef(composerMachine, { input: { draftKey: postDraftKey(user._id), topic } });
  const constants = useQuery(sdgConstants);
  // On a phone the 17 goals fold behind one control, so 'Create a Post' and the posts come first.
  const narrow = useMediaQuery(NARROW_LAYOUT);

  // The URL changed (a choice, the back button, a shared link): both machines follow it.
  useEffect(() => {
    feed.send({ type: 'topic.changed', topic });
    composer.send({ type: 'topic.changed', topic });
  }, [feed, composer, topic]);

  // A new post appears at the top of the list.
  const lastCreatedId = useSelector(composer, (s) => s.context.lastCreatedId);
  const lastSeen = useRef(lastCreatedId);
  useEffect(() => {
    if (lastCreatedId && lastCreatedId !== lastSeen.current) feed.send({ type: 'feed.reload' });
    lastSeen.current = lastCreatedId;
  }, [lastCreatedId, feed]);

  const view = useSelector(feed, (s) => ({
    status: s.matches('loading') ? 'loading' : s.matches('failed') ? 'error' : 'ready',
    discussions: s.context.discussions,
    nextCursor: s.context.nextCursor,
    loadingMore: s.matches({ ready: 'loadingMore' }),
    error: s.context.error,
    alert: s.context.alert,
    deleted: s.context.deleted,
    announcement: s.context.announcement,
  }), (a, b) => a.status === b.status && a.discussions === b.discussions && a.nextCursor === b.nextCursor
    && a.loadingMore === b.loadingMore && a.error === b.error && a.alert === b.alert && a.deleted === b.deleted && a.announcement === b.announcement);

  // A post deleted from the list takes its Delete button with it: the focus goes to the list's heading, not to <body>
  // (issue 41, ADR 164), and the live region below says the post was deleted.
  const heading = useRef<HTMLHeadingElement>(null);
  const deletedSeen = useRef(view.deleted);
  useEffect(() => {
    if (view.deleted !== deletedSeen.current) heading.current?.focus();
    deletedSeen.current = view.deleted;
  }, [view.deleted]);

  // Once posts are on screen, and the browser is idle, the comment calls are readied: the first Comments press then
  // sends its request at once instead of first building their schemas.
  const hasPosts = view.discussions.length > 0;
  useEffect(() => {
    if (!hasPosts) return;
    return whenIdle(() => machines.prepareCommentThread());
  }, [hasPosts, machines]);

  const picker = constants.data && {
    constants: constants.data,
    ...topic,
    onChoose: (next: Topic) => navigate(paths.discussionTopic(next)),
  };
  const chosen = topicLabel(constants.data, topic.category, topic.subcategory);
  // The same after a post's own page deleted it and came back here (its toast says so), once the list shows under
  // its topic's name.
  const afterDelete = useRef(cameAfterDelete());
  const named = Boolean(chosen) || !topic.category;
  useEffect(() => {
    if (!afterDelete.current || view.status !== 'ready' || !named) return;
    afterDelete.current = false;
    heading.current?.focus();
  }, [view.status, named]);

  return (
    <div className="discussion-layout">
      <aside className="discussion-layout__sidebar">
        {narrow ? (
          <details className="sdg-fold">
            <summary className="sdg-fold__toggle">Browse the 17 goals</summary>
            {constants.status === 'loading' && <Spinner label="Loading categories..." />}
            {constants.status === 'error' && <ErrorState error={constants.error} />}
            {picker && <SdgSidebar {...picker} />}
          </details>
        ) : (
          <>
            {constants.status === 'loading' && (
              <div className="sdg-sidebar sdg-sidebar--pending" aria-busy="true">
                <Spinner label="Loading categories..." />
              </div>
            )}
            {constants.status === 'error' && <ErrorState error={constants.error} />}
            {picker && <SdgSidebar {...picker} />}
          </>
        )}
      </aside>
      <div className="discussion-layout__main">
        {picker ? <TopicSelects {...picker} /> : constants.status === 'loading' && <div className="topic-selects topic-selects--pending" aria-hidden="true" />}
        <PostComposer composer={composer} topic={chosen} />
        <section className="discussion-feed" aria-labelledby="discussion-feed-heading" aria-busy={view.status === 'loading'}>
          <div className="discussion-feed__head">
            <h2 ref={heading} id="discussion-feed-heading" className="discussion-feed__heading" tabIndex={-1}>
              {chosen || 'All discussions'}
            </h2>
            {topic.category && topic.subcategory ? (
              <FollowButton target={{ targetType: 'subcategory', targetId: `${topic.category}/${topic.subcategory}` }} subject={`topic: ${chosen}`} />
            ) : null}
          </div>
          {view.alert && (
            <p className="form__error" role="alert">
              {view.alert}
            </p>
          )}
          <p className="visually-hidden" role="status">
            {view.announcement}
          </p>
          {view.status === 'loading' && (
            <p className="discussion-feed__loading" role="status">
              Loading discussions...
            </p>
          )}
          {view.status === 'error' && <ErrorState error={new Error(view.error ?? '')} />}
          {view.status === 'ready' && view.discussions.length === 0 && <EmptyState>No discussions found</EmptyState>}
          {view.discussions.length > 0 && (
            <ol className="discussion-list">
              {view.discussions.map((discussion) => (
                <li key={discussion._id}>
                  <DiscussionCard
                    discussion={discussion}
                    userId={user._id}
                    topicLabel={topicLabel(constants.data, discussion.category, discussion.subcategory)}
                    feed={feed}
                  />
                </li>
              ))}
            </ol>
          )}
          {view.nextCursor && (
            <button type="button" className="button discussion-feed__more" onClick={() => feed.send({ type: 'feed.more' })} disabled={view.loadingMore}>
              {view.loadingMore ? 'Loading...' : 'Load more'}
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
  const search = useSearch();
  if (loading) return <Spinner label="Checking your session..." />;
  if (!signedIn || !user) return <Redirect to={loginWithReturn(search ? `${paths.discussion}?${search}` : paths.discussion)} replace />;
  return (
    <div className="container page discussion-page">
      <h1>Community Discussions</h1>
      <p className="discussion-page__lead">
        Share questions and projects with architects, planners, consultants and researchers, organised by the UN
        Sustainable Development Goals. Choose a goal and a subcategory to read its posts or start one.
      </p>
      <NameGateProvider>
        <ReportProvider>
          <FollowsProvider>
            <DiscussionBoard user={user} />
          </FollowsProvider>
        </ReportProvider>
      </NameGateProvider>
    </div>
  );
}
