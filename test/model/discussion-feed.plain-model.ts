/**
 * The plain model of the discussion feed that discussion-feed.machine.test.ts compares the machine with after every
 * step: where the feed is, the topic and its numbered load, the posts and the cursor, likes in flight with what each
 * post showed before the press, the alert, what was deleted and said, and every effect asked for. Written from the
 * spec, without looking at the machine.
 */
import type { DiscussionFeedEvent, Topic } from '../../src/application/discussion-feed.machine';
import type { Discussion } from '../../src/domain/discussion';
import { DELETE_FAILED, U } from './discussion-feed.fixtures';

export const topicKey = (t: Topic) => `${t.category || '*'}/${t.subcategory || '*'}`;
export const sameTopic = (a: Topic, b: Topic) => a.category === b.category && a.subcategory === b.subcategory;

export type Screen = 'loading' | 'failed' | 'idle' | 'loadingMore';

interface LikeState {
  likes: string[];
  likeCount: number;
}

export interface Model {
  screen: Screen;
  topic: Topic;
  load: number;
  posts: Discussion[];
  nextCursor: string | null;
  error: string | null;
  alert: string | null;
  /** Likes on their way to the server, with what the post showed before the press. */
  inFlight: Map<string, LikeState | null>;
  /** Posts deleted, and what the live region says (ADR 164). */
  deleted: number;
  announcement: string;
  effects: string[];
  logged: unknown[];
}

export const initialModel = (topic: Topic): Model => ({
  screen: 'loading', topic, load: 1, posts: [], nextCursor: null, error: null, alert: null, inFlight: new Map(), deleted: 0, announcement: '',
  effects: [`load ${topicKey(topic)} #1`], logged: [],
});

const withLike = (d: Discussion, liked: boolean, likeCount: number): Discussion => ({
  ...d,
  likes: liked ? (d.likes.includes(U) ? d.likes : [...d.likes, U]) : d.likes.filter((id) => id !== U),
  likeCount,
});

export function step(m: Model, e: DiscussionFeedEvent): Model {
  const next: Model = { ...m, effects: [...m.effects], logged: [...m.logged], inFlight: new Map(m.inFlight) };
  const effect = (text: string) => next.effects.push(text);
  const log = (message: string, error: unknown) => {
    effect(`log ${message}`);
    next.logged.push(error);
  };
  const newLoad = (topic: Topic, fresh: boolean): Model => {
    effect(`load ${topicKey(topic)} #${m.load + 1}${fresh ? ' fresh' : ''}`);
    // Loading shows nothing of the old list, nor the old list's delete alert.
    return { ...next, screen: 'loading', topic, load: m.load + 1, posts: [], nextCursor: null, error: null, alert: null, inFlight: new Map() };
  };
  const ready = m.screen === 'idle' || m.screen === 'loadingMore';
  const mapPost = (id: string, f: (d: Discussion) => Discussion) => next.posts.map((d) => (d._id === id ? f(d) : d));
  switch (e.type) {
    case 'topic.changed':
      return sameTopic(e.topic, m.topic) ? m : newLoad(e.topic, false);
    case 'feed.reload':
      return newLoad(m.topic, true);
    case 'feed.loaded':
      return m.screen === 'loading' && e.load === m.load ? { ...next, screen: 'idle', posts: e.page.discussions, nextCursor: e.page.nextCursor } : m;
    case 'feed.failed':
      return m.screen === 'loading' && e.load === m.load ? { ...next, screen: 'failed', error: e.message } : m;
    case 'feed.more':
      if (m.screen !== 'idle' || m.nextCursor === null) return m;
      effect(`more ${topicKey(m.topic)} after ${m.nextCursor} #${m.load}`);
      return { ...next, screen: 'loadingMore' };
    case 'feed.moreLoaded': {
      if (m.screen !== 'loadingMore' || e.load !== m.load) return m;
      const shown = new Set(m.posts.map((d) => d._id));
      return { ...next, screen: 'idle', posts: [...m.posts, ...e.page.discussions.filter((d) => !shown.has(d._id))], nextCursor: e.page.nextCursor };
    }
    case 'feed.moreFailed':
      if (m.screen !== 'loadingMore' || e.load !== m.load) return m;
      log('loading more discussions failed', e.error);
      return { ...next, screen: 'idle' };
  }
  if (!ready) return m;
  switch (e.type) {
    case 'post.refresh':
      effect(`refresh ${e.id}`);
      return next;
    case 'post.refreshed':
      // The fresh post has the last word over a like still on its way.
      next.inFlight.delete(e.discussion._id);
      return { ...next, posts: mapPost(e.discussion._id, () => e.discussion) };
    case 'post.delete':
      effect(`delete ${e.id}`);
      return { ...next, alert: null, announcement: '' };
    case 'post.deleted':
      return { ...next, posts: next.posts.filter((d) => d._id !== e.id), deleted: m.deleted + 1, announcement: 'Discussion deleted' };
    case 'post.deleteFailed':
      log('deleting a discussion failed', e.error);
      return { ...next, alert: DELETE_FAILED };
    case 'post.like': {
      if (m.inFlight.has(e.id)) return m; // a second press waits for the first
      const shown = m.posts.find((d) => d._id === e.id);
      next.inFlight.set(e.id, shown ? { likes: shown.likes, likeCount: shown.likeCount } : null);
      effect(`like ${e.id} by ${e.userId}`);
      return {
        ...next,
        posts: mapPost(e.id, (d) => (d.likes.includes(U) ? withLike(d, false, Math.max(0, d.likeCount - 1)) : withLike(d, true, d.likeCount + 1))),
      };
    }
    case 'post.likeSettled':
      if (!m.inFlight.has(e.id)) return m; // a late answer: a reload or a refresh had the last word
      next.inFlight.delete(e.id);
      return { ...next, posts: mapPost(e.id, (d) => withLike(d, e.liked, e.likeCount)) };
    case 'post.likeFailed': {
      if (!m.inFlight.has(e.id)) return m;
      const before = m.inFlight.get(e.id);
      next.inFlight.delete(e.id);
      log('like failed', e.error);
      return { ...next, posts: before ? mapPost(e.id, (d) => ({ ...d, ...before })) : next.posts };
    }
    case 'alert.dismissed':
      return { ...next, alert: null };
  }
  return m;
}
