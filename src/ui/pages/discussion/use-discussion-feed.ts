/** The discussion list for the chosen topic: the first page, 'Load more' pages after it, and in-place updates. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { getDiscussion, listDiscussions } from '../../../contract/discussions';
import type { Discussion } from '../../../domain/discussion';
import { useServices } from '../../services-context';

export interface FeedState {
  status: 'loading' | 'ready' | 'error';
  discussions: Discussion[];
  nextCursor: string | null;
  loadingMore: boolean;
  error: Error | null;
}

const INITIAL: FeedState = { status: 'loading', discussions: [], nextCursor: null, loadingMore: false, error: null };

export function useDiscussionFeed(category: string, subcategory: string) {
  const { api, log } = useServices();
  const [state, setState] = useState<FeedState>(INITIAL);
  const [generation, setGeneration] = useState(0);
  // Answers for an older topic or generation are dropped.
  const current = useRef(0);

  // The spec sends category and subcategory only when chosen; without them the feed shows every topic.
  const query = useCallback(
    (cursor?: string) => ({
      ...(category ? { category } : {}),
      ...(category && subcategory ? { subcategory } : {}),
      ...(cursor ? { cursor } : {}),
    }),
    [category, subcategory],
  );

  useEffect(() => {
    const ticket = ++current.current;
    setState(INITIAL);
    api.call(listDiscussions, { query: query() }, generation > 0 ? { fresh: true } : {}).then(
      (page) => ticket === current.current && setState({ ...INITIAL, status: 'ready', discussions: page.discussions, nextCursor: page.nextCursor }),
      (error: Error) => ticket === current.current && setState({ ...INITIAL, status: 'error', error }),
    );
  }, [api, query, generation]);

  const loadMore = useCallback(() => {
    const cursor = state.nextCursor;
    if (!cursor || state.loadingMore) return;
    const ticket = current.current;
    setState((s) => ({ ...s, loadingMore: true }));
    api.call(listDiscussions, { query: query(cursor) }).then(
      (page) => {
        if (ticket !== current.current) return;
        setState((s) => {
          const seen = new Set(s.discussions.map((d) => d._id));
          return { ...s, loadingMore: false, nextCursor: page.nextCursor, discussions: [...s.discussions, ...page.discussions.filter((d) => !seen.has(d._id))] };
        });
      },
      (error: unknown) => {
        log('loading more discussions failed', error);
        if (ticket === current.current) setState((s) => ({ ...s, loadingMore: false }));
      },
    );
  }, [api, log, query, state.nextCursor, state.loadingMore]);

  /** Reads one post again (its counts changed) and puts it in place. */
  const refreshOne = useCallback(
    (id: string) => {
      api.call(getDiscussion, { params: { id } }, { fresh: true }).then(
        (answer) => setState((s) => ({ ...s, discussions: s.discussions.map((d) => (d._id === id ? answer.discussion : d)) })),
        (error: unknown) => log('refreshing a discussion failed', error),
      );
    },
    [api, log],
  );

  const remove = useCallback((id: string) => {
    setState((s) => ({ ...s, discussions: s.discussions.filter((d) => d._id !== id) }));
  }, []);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  return { ...state, loadMore, refreshOne, remove, reload };
}
