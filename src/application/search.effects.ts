/** The search machine's named effects, against ports only. Call once per search box: its debounce wait belongs to it. */
import type { AnyActorRef } from 'xstate';
import { SEARCH_DEBOUNCE_MS } from '../domain/search';
import { messageOf } from './api-error';
import type { ApiClient, Clock } from './ports';
import { SEARCH_TEXT, type SearchEvent, searchMachine } from './search.machine';
import { lazyCalls } from './lazy-calls';

export interface SearchPorts {
  api: ApiClient;
  clock: Clock;
  log: (message: string, error: unknown) => void;
}

function reply(self: AnyActorRef, event: SearchEvent) {
  if (self.getSnapshot().status === 'active') self.send(event);
}

/** The search call (and zod with it) loads with the first search, not with the app shell. */
const searchCalls = lazyCalls(() => import('../contract/search'));

export function provideSearch({ api, clock, log }: SearchPorts) {
  let stopWaiting: (() => void) | null = null;
  const failed = (error: unknown) => {
    log('searching failed', error);
    return messageOf(error, SEARCH_TEXT.failed);
  };
  return searchMachine.provide({
    actions: {
      armDebounce: ({ self }) => {
        stopWaiting?.();
        stopWaiting = clock.every(SEARCH_DEBOUNCE_MS, () => {
          stopWaiting?.();
          stopWaiting = null;
          reply(self, { type: 'debounce.elapsed' });
        });
      },
      search: ({ self }, { request, q, type, limit }) => {
        searchCalls((calls) => api.call(calls.search, { query: { q, limit, ...(type ? { type } : {}) } }))
          .then(
            (answer) => reply(self, { type: 'search.answered', request, answer }),
            (error: unknown) => reply(self, { type: 'search.failed', request, message: failed(error) }),
          );
      },
      searchMore: ({ self }, { request, q, type, limit, cursor }) => {
        searchCalls((calls) => api.call(calls.search, { query: { q, limit, cursor, ...(type ? { type } : {}) } }))
          .then(
            (answer) => reply(self, { type: 'search.moreAnswered', request, answer }),
            (error: unknown) => reply(self, { type: 'search.moreFailed', request, message: failed(error) }),
          );
      },
    },
  });
}
