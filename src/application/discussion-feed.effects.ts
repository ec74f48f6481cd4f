/** The discussion feed's named effects, against the API port only. */
import type { AnyActorRef } from 'xstate';
import { messageOf } from './api-error';
import { type DiscussionFeedEvent, discussionFeedMachine, type Topic } from './discussion-feed.machine';
import type { ApiClient } from './ports';
import { lazyCalls } from './lazy-calls';

export interface DiscussionFeedPorts {
  api: ApiClient;
  log: (message: string, error: unknown) => void;
}

/** The spec sends category and subcategory only when chosen; without them the feed shows every topic. */
function feedQuery(topic: Topic, cursor?: string) {
  return {
    ...(topic.category ? { category: topic.category } : {}),
    ...(topic.category && topic.subcategory ? { subcategory: topic.subcategory } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** An answer that arrives after the view has gone (the actor stopped) is dropped. */
function reply(self: AnyActorRef, event: DiscussionFeedEvent) {
  if (self.getSnapshot().status === 'active') self.send(event);
}

/** The discussion calls (and zod with them) load with the first call, not with the app shell. */
const discussionCalls = lazyCalls(() => import(/* webpackChunkName: "contract-community" */ '../contract/discussions'));

export function provideDiscussionFeed({ api, log }: DiscussionFeedPorts) {
  return discussionFeedMachine.provide({
    actions: {
      loadFeed: ({ self }, { topic, load, fresh }) => {
        discussionCalls((calls) => api.call(calls.listDiscussions, { query: feedQuery(topic) }, fresh ? { fresh: true } : {}))
          .then(
            (page) => reply(self, { type: 'feed.loaded', load, page }),
            (error: unknown) => reply(self, { type: 'feed.failed', load, message: error instanceof Error ? error.message : messageOf(error, 'Failed to load discussions') }),
          );
      },
      loadMore: ({ self }, { topic, cursor, load }) => {
        discussionCalls((calls) => api.call(calls.listDiscussions, { query: feedQuery(topic, cursor) }))
          .then(
            (page) => reply(self, { type: 'feed.moreLoaded', load, page }),
            (error: unknown) => reply(self, { type: 'feed.moreFailed', load, error }),
          );
      },
      refreshPost: ({ self }, { id }) => {
        discussionCalls((calls) => api.call(calls.getDiscussion, { params: { id } }, { fresh: true }))
          .then(
            (answer) => reply(self, { type: 'post.refreshed', discussion: answer.discussion }),
            (error: unknown) => log('refreshing a discussion failed', error),
          );
      },
      deletePost: ({ self }, { id }) => {
        discussionCalls((calls) => api.call(calls.deleteDiscussion, { params: { id } }))
          .then(
            () => reply(self, { type: 'post.deleted', id }),
            (error: unknown) => reply(self, { type: 'post.deleteFailed', id, error }),
          );
      },
      likePost: ({ self }, { id, userId }) => {
        discussionCalls((calls) => api.call(calls.likeDiscussion, { params: { id } }))
          .then(
            (answer) => reply(self, { type: 'post.likeSettled', id, userId, liked: answer.liked, likeCount: answer.likeCount }),
            (error: unknown) => reply(self, { type: 'post.likeFailed', id, userId, error }),
          );
      },
      logError: (_, { message, error }) => log(message, error),
    },
  });
}
