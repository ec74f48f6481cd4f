/**
 * Search (issue 14): what the member types, waited on for SEARCH_DEBOUNCE_MS after the last keystroke (the clock port
 * says when: `debounce.elapsed`), then asked for; the answer shown as results or no results, a failure said; 'Load
 * more' for the results page. An answer for an older query is dropped. No invoke or after: effects are named actions
 * provided by `search.effects.ts`, so the model tests walk the whole graph.
 */
import { assertEvent, and, assign, setup, type SnapshotFrom } from 'xstate';
import type { SearchAnswer, SearchHit, SearchType } from '../domain/search';

export const SEARCH_TEXT = { failed: 'Search is not available right now. Please try again.' } as const;

export interface SearchInput {
  /** Hits per answer: a few for the nav box, a page for the results page. */
  limit: number;
}

export interface SearchContext {
  limit: number;
  q: string;
  type: SearchType | null;
  /** Numbers each request: only the answer to the newest one counts. */
  request: number;
  hits: SearchHit[];
  counts: SearchAnswer['counts'];
  /** The types whose count stopped at its cap (shown as "300+"; ADR 178). */
  capped: SearchType[];
  total: number;
  nextCursor: string | null;
  suggestion: string | null;
  error: string | null;
}

export type SearchEvent =
  | { type: 'query.changed'; q: string }
  /** The results page: the query (and type) from its URL, asked for at once. */
  | { type: 'query.submitted'; q: string; searchType: SearchType | null }
  | { type: 'query.cleared' }
  | { type: 'debounce.elapsed' }
  | { type: 'search.answered'; request: number; answer: SearchAnswer }
  | { type: 'search.failed'; request: number; message: string }
  | { type: 'search.more' }
  | { type: 'search.moreAnswered'; request: number; answer: SearchAnswer }
  | { type: 'search.moreFailed'; request: number; message: string };

const blank = (q: string) => q.trim() === '';
const EMPTY = { hits: [], counts: {}, capped: [], total: 0, nextCursor: null, suggestion: null, error: null };

export const searchMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: { context: {} as SearchContext, events: {} as SearchEvent, input: {} as SearchInput },
  actions: {
    /** Waits SEARCH_DEBOUNCE_MS on the clock, then sends debounce.elapsed (a new call restarts the wait). */
    armDebounce: () => {},
    /** GET /search; answers search.answered or search.failed with the request's number. */
    search: (_, _params: { request: number; q: string; type: SearchType | null; limit: number }) => {},
    /** GET the next page; answers search.moreAnswered or search.moreFailed. */
    searchMore: (_, _params: { request: number; q: string; type: SearchType | null; limit: number; cursor: string }) => {},
  },
  guards: {
    typed: ({ event }) => {
      assertEvent(event, 'query.changed');
      return !blank(event.q);
    },
    submitted: ({ event }) => {
      assertEvent(event, 'query.submitted');
      return !blank(event.q);
    },
    current: ({ context, event }) => 'request' in event && event.request === context.request,
    found: ({ event }) => {
      assertEvent(event, 'search.answered');
      return event.answer.total > 0;
    },
    hasMore: ({ context }) => context.nextCursor !== null,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only tools read it (ADR 091).
  id: 'search',
  context: ({ input }) => ({ limit: input.limit, q: '', type: null, request: 0, ...EMPTY }),
  initial: 'idle',
  on: {
    'query.changed': [
      { guard: 'typed', target: '.debouncing', actions: assign({ q: ({ event }) => event.q }) },
      { target: '.idle', actions: assign({ q: ({ event }) => event.q, ...EMPTY }) },
    ],
    'query.submitted': [
      { guard: 'submitted', target: '.searching', actions: assign({ q: ({ event }) => event.q.trim(), type: ({ event }) => event.searchType }) },
      { target: '.idle', actions: assign({ q: '', ...EMPTY }) },
    ],
    'query.cleared': { target: '.idle', actions: assign({ q: '', ...EMPTY }) },
  },
  states: {
    idle: {},
    debouncing: {
      entry: 'armDebounce',
      on: { 'debounce.elapsed': { target: 'searching' } },
    },
    searching: {
      entry: [
        assign({ request: ({ context }) => context.request + 1 }),
        { type: 'search', params: ({ context }) => ({ request: context.request, q: context.q.trim(), type: context.type, limit: context.limit }) },
      ],
      on: {
        'search.answered': [
          {
            guard: and(['current', 'found']),
            target: 'results',
            actions: assign({
              hits: ({ event }) => event.answer.hits, counts: ({ event }) => event.answer.counts, capped: ({ event }) => event.answer.capped,
              total: ({ event }) => event.answer.total,
              nextCursor: ({ event }) => event.answer.nextCursor, suggestion: null, error: null,
            }),
          },
          {
            guard: 'current',
            target: 'noResults',
            actions: assign({
              ...EMPTY, counts: ({ event }) => event.answer.counts, capped: ({ event }) => event.answer.capped, suggestion: ({ event }) => event.answer.suggestion,
            }),
          },
        ],
        'search.failed': { guard: 'current', target: 'failed', actions: assign({ ...EMPTY, error: ({ event }) => event.message }) },
      },
    },
    results: {
      initial: 'shown',
      states: {
        shown: {
          on: { 'search.more': { guard: 'hasMore', target: 'loadingMore', actions: assign({ error: null }) } },
        },
        loadingMore: {
          entry: [
            assign({ request: ({ context }) => context.request + 1 }),
            {
              type: 'searchMore',
              params: ({ context }) => ({ request: context.request, q: context.q.trim(), type: context.type, limit: context.limit, cursor: context.nextCursor ?? '' }),
            },
          ],
          on: {
            'search.moreAnswered': {
              guard: 'current',
              target: 'shown',
              actions: assign({ hits: ({ context, event }) => [...context.hits, ...event.answer.hits], nextCursor: ({ event }) => event.answer.nextCursor }),
            },
            'search.moreFailed': { guard: 'current', target: 'shown', actions: assign({ error: ({ event }) => event.message }) },
          },
        },
      },
    },
    noResults: {},
    failed: {},
  },
});

export type SearchMachine = typeof searchMachine;
export type SearchSnapshot = SnapshotFrom<SearchMachine>;
