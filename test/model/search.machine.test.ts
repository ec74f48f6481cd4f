/**
 * Model-based tests of search (issue 14): paths from the machine's own graph (the shortest path to every state, each
 * extended by every event the world can send there, and the simple paths through typing, answering and paging),
 * replayed on a live actor whose effects only record, and compared after every step with a plain model of the box
 * (screen, query, type, hits, counts, suggestion, error and the effects asked for, with their parameters). Named
 * rules are checked besides; a last test fails if any state or transition was never reached. The effects file is then
 * run against the scripted API and the fake clock: the debounce, a stale answer dropped, 'Load more', a failure.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import { SEARCH_TEXT, type SearchEvent, searchMachine } from '../../src/application/search.machine';
import { provideSearch } from '../../src/application/search.effects';
import { FakeClock, ScriptedApi } from '../../src/application/testing/fakes';
import { SEARCH_DEBOUNCE_MS, type SearchAnswer, type SearchHit } from '../../src/domain/search';
import { agree, type Coverage, getShortestPaths, getSimplePaths, holds, newCoverage, type PathLike, pathName, replay, uncovered } from './model-kit';

const LIMIT = 5;
const hit = (title: string): SearchHit => ({ type: 'lesson', title, url: `/courses/c/lessons/${title}`, snippet: `<mark>heat</mark> ${title}`, page: null });
const answer = (hits: SearchHit[], nextCursor: string | null, suggestion: string | null = null): SearchAnswer => ({
  success: true, hits, counts: hits.length ? { lesson: hits.length + (nextCursor ? 1 : 0) } : {}, capped: [], total: hits.length + (nextCursor ? 1 : 0), nextCursor, suggestion,
});
const FIRST = answer([hit('one')], 'cursor-1');
/** A count that stopped at its cap (ADR 178): the comments are "at least" so many. */
const CAPPED: SearchAnswer = {
  ...answer([{ ...hit('busy'), type: 'comment' }], 'cursor-2'), counts: { comment: 300 }, capped: ['comment'], total: 300,
};
const ONLY = answer([hit('only')], null);
const NONE = answer([], null, 'heat pump');
const MORE = answer([hit('two')], null);

/** The events the world can send in a state: keystrokes, a submitted URL, the clock, answers (current and stale). */
function eventsFor(s: Snapshot): SearchEvent[] {
  const current = s.context.request;
  const list: SearchEvent[] = [
    { type: 'query.changed', q: 'heat' },
    { type: 'query.changed', q: ' heat pump ' },
    { type: 'query.changed', q: '  ' },
    { type: 'query.submitted', q: ' heat pump ', searchType: 'lesson' },
    { type: 'query.submitted', q: '', searchType: null },
    { type: 'query.cleared' },
    { type: 'debounce.elapsed' },
    { type: 'search.more' },
  ];
  if (s.matches('searching')) {
    list.push(
      { type: 'search.answered', request: current, answer: FIRST },
      { type: 'search.answered', request: current, answer: CAPPED },
      { type: 'search.answered', request: current, answer: ONLY },
      { type: 'search.answered', request: current, answer: NONE },
      { type: 'search.answered', request: current - 1, answer: FIRST },
      { type: 'search.failed', request: current, message: SEARCH_TEXT.failed },
      { type: 'search.failed', request: current - 1, message: SEARCH_TEXT.failed },
    );
  }
  if (s.matches({ results: 'loadingMore' })) {
    list.push(
      { type: 'search.moreAnswered', request: current, answer: MORE },
      { type: 'search.moreAnswered', request: current - 1, answer: MORE },
      { type: 'search.moreFailed', request: current, message: SEARCH_TEXT.failed },
      { type: 'search.moreFailed', request: current - 1, message: SEARCH_TEXT.failed },
    );
  }
  return list;
}

type Snapshot = SnapshotFrom<typeof searchMachine>;
type Screen = 'idle' | 'debouncing' | 'searching' | 'results.shown' | 'results.loadingMore' | 'noResults' | 'failed';

interface Model {
  screen: Screen;
  q: string;
  type: string | null;
  request: number;
  hits: SearchHit[];
  counts: SearchAnswer['counts'];
  capped: SearchAnswer['capped'];
  total: number;
  nextCursor: string | null;
  suggestion: string | null;
  error: string | null;
  effects: string[];
}

const EMPTY = { hits: [], counts: {}, capped: [], total: 0, nextCursor: null, suggestion: null, error: null };
const initialModel = (): Model => ({ screen: 'idle', q: '', type: null, request: 0, ...EMPTY, effects: [] });

function step(m: Model, e: SearchEvent): Model {
  const next: Model = { ...m, effects: [...m.effects] };
  const startSearch = (to: Model): Model => {
    const request = to.request + 1;
    to.effects.push(`search #${request} "${to.q.trim()}" ${to.type ?? 'all'} ${LIMIT}`);
    return { ...to, screen: 'searching', request };
  };
  // Typing, a submitted query and clearing are heard everywhere.
  if (e.type === 'query.changed') {
    if (e.q.trim() === '') return { ...next, ...EMPTY, screen: 'idle', q: e.q };
    next.effects.push('wait');
    return { ...next, screen: 'debouncing', q: e.q };
  }
  if (e.type === 'query.submitted') {
    if (e.q.trim() === '') return { ...next, ...EMPTY, screen: 'idle', q: '' };
    return startSearch({ ...next, q: e.q.trim(), type: e.searchType });
  }
  if (e.type === 'query.cleared') return { ...next, ...EMPTY, screen: 'idle', q: '' };
  const current = 'request' in e && e.request === m.request;
  switch (m.screen) {
    case 'debouncing':
      return e.type === 'debounce.elapsed' ? startSearch(next) : m;
    case 'searching':
      if (e.type === 'search.answered' && current) {
        if (e.answer.total > 0) {
          return {
            ...next, screen: 'results.shown', hits: e.answer.hits, counts: e.answer.counts, capped: e.answer.capped, total: e.answer.total,
            nextCursor: e.answer.nextCursor, suggestion: null, error: null,
          };
        }
        return { ...next, ...EMPTY, screen: 'noResults', counts: e.answer.counts, capped: e.answer.capped, suggestion: e.answer.suggestion };
      }
      if (e.type === 'search.failed' && current) return { ...next, ...EMPTY, screen: 'failed', error: e.message };
      return m;
    case 'results.shown':
      if (e.type === 'search.more' && m.nextCursor !== null) {
        const request = m.request + 1;
        next.effects.push(`more #${request} "${m.q.trim()}" ${m.type ?? 'all'} ${LIMIT} after ${m.nextCursor}`);
        return { ...next, screen: 'results.loadingMore', request, error: null };
      }
      return m;
    case 'results.loadingMore':
      if (e.type === 'search.moreAnswered' && current) return { ...next, screen: 'results.shown', hits: [...m.hits, ...e.answer.hits], nextCursor: e.answer.nextCursor };
      if (e.type === 'search.moreFailed' && current) return { ...next, screen: 'results.shown', error: e.message };
      return m;
    default:
      return m;
  }
}

function instrumented() {
  const world = { effects: [] as string[] };
  const machine = searchMachine.provide({
    actions: {
      armDebounce: () => void world.effects.push('wait'),
      search: (_, p) => void world.effects.push(`search #${p.request} "${p.q}" ${p.type ?? 'all'} ${p.limit}`),
      searchMore: (_, p) => void world.effects.push(`more #${p.request} "${p.q}" ${p.type ?? 'all'} ${p.limit} after ${p.cursor}`),
    },
  });
  return { world, machine };
}

const screenOf = (s: Snapshot): Screen => (typeof s.value === 'string' ? s.value : `results.${(s.value as { results: string }).results}`) as Screen;


function checker(world: ReturnType<typeof instrumented>['world']) {
  let model = initialModel();
  return (snapshot: Snapshot, event: EventObject | null) => {
    if (event) model = step(model, event as SearchEvent);
    const c = snapshot.context;
    const { effects, ...rest } = model;
    agree(
      {
        screen: screenOf(snapshot), q: c.q, type: c.type, request: c.request, hits: c.hits, counts: c.counts, capped: c.capped, total: c.total,
        nextCursor: c.nextCursor, suggestion: c.suggestion, error: c.error, effects: world.effects,
      },
      { ...rest, effects },
    );
    // Results always have hits; no results and idle have none; a failure says why and shows nothing else.
    if (snapshot.matches('results')) holds(c.hits.length > 0 && c.total >= c.hits.length, 'results have hits');
    if (snapshot.matches('noResults') || snapshot.matches('idle')) holds(c.hits.length === 0 && c.total === 0, 'nothing shown without results');
    if (snapshot.matches('failed')) holds(c.error !== null && c.hits.length === 0, 'a failure says why');
    // Only a counted type can be capped ("300+"), and no count is shown capped once results are gone.
    holds(c.capped.every((t) => (c.counts[t] ?? 0) > 0), 'a capped type has a count');
    if (snapshot.matches('noResults') || snapshot.matches('idle') || snapshot.matches('failed')) holds(c.capped.length === 0, 'nothing capped without results');
    // 'Load more' only when the server said there is more, and one page at a time.
    if (snapshot.matches({ results: 'shown' })) holds(snapshot.can({ type: 'search.more' }) === (c.nextCursor !== null), 'Load more only with a cursor');
    if (snapshot.matches({ results: 'loadingMore' })) holds(!snapshot.can({ type: 'search.more' }), 'one page at a time');
    // A blank query never asks the server.
    if (snapshot.matches('searching')) holds(c.q.trim() !== '', 'a blank query is never searched');
  };
}

describe('search machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  const input = { limit: LIMIT };
  const serialize = (s: Snapshot) => JSON.stringify([s.value, s.context.nextCursor !== null, s.context.error !== null]);
  const paths: PathLike<SearchEvent>[] = [];
  for (const path of getShortestPaths(searchMachine, { events: eventsFor as never, serializeState: serialize as never, input })) {
    for (const event of eventsFor(path.state as Snapshot)) paths.push({ steps: [...(path.steps as { event: SearchEvent }[]), { event }] });
  }
  const simple = getSimplePaths(searchMachine, {
    events: eventsFor as never,
    serializeState: ((s: Snapshot) => JSON.stringify(s.value)) as never,
    input,
  }).filter((p) => p.steps.length <= 5);
  paths.push(...(simple as unknown as PathLike<SearchEvent>[]));

  it.each(paths.map((p) => [pathName(p), p] as const))('%s', (_name, path) => {
    const { world, machine } = instrumented();
    replay(machine, path, coverage, checker(world), input);
  });

  it('reached every state and every transition', () => {
    expect(uncovered(searchMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

/** The first call loads the search contract's module (a dynamic import): on a busy machine that takes over a second. */
const LOADING_MS = 10_000;

describe('search effects (scripted API, fake clock)', () => {
  it('waits for the typing to stop, asks once, drops the answer to an older query, and pages with the cursor', async () => {
    const clock = new FakeClock();
    const pending: { q: string; cursor?: string; resolve: (a: SearchAnswer) => void }[] = [];
    const api = new ScriptedApi({
      'search.query': (input) =>
        new Promise((resolve) => {
          const query = (input as { query: { q: string; cursor?: string } }).query;
          pending.push({ q: query.q, ...(query.cursor ? { cursor: query.cursor } : {}), resolve: resolve as (a: SearchAnswer) => void });
        }),
    });
    const actor = createActor(provideSearch({ api, clock, log: () => {} }), { input: { limit: LIMIT } }).start();
    actor.send({ type: 'query.changed', q: 'he' });
    clock.advance(SEARCH_DEBOUNCE_MS - 1);
    actor.send({ type: 'query.changed', q: 'heat' });
    clock.advance(SEARCH_DEBOUNCE_MS - 1);
    expect(api.calls).toEqual([]);
    clock.advance(1);
    // The call goes out once the search call has loaded; nothing was asked for the query typed before.
    await vi.waitFor(() => expect(api.calls.map((c) => c.input)).toEqual([{ query: { q: 'heat', limit: LIMIT } }]), { timeout: LOADING_MS });
    // A new query goes out before the first answer comes back: the first answer is dropped.
    actor.send({ type: 'query.changed', q: 'heat pump' });
    clock.advance(SEARCH_DEBOUNCE_MS);
    await vi.waitFor(() => expect(pending).toHaveLength(2), { timeout: LOADING_MS });
    pending[1]!.resolve(FIRST);
    await waitFor(actor, (s) => s.matches('results'));
    pending[0]!.resolve(NONE);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches('results')).toBe(true);
    expect(actor.getSnapshot().context.hits).toEqual(FIRST.hits);
    actor.send({ type: 'search.more' });
    await vi.waitFor(() => expect(pending[2]).toMatchObject({ q: 'heat pump', cursor: 'cursor-1' }), { timeout: LOADING_MS });
    pending[2]!.resolve(MORE);
    await waitFor(actor, (s) => s.matches({ results: 'shown' }) && s.context.hits.length === 2);
    expect(actor.getSnapshot().context.nextCursor).toBeNull();
    actor.stop();
    expect(clock.activeTimers).toBe(0);
  });

  it("says the server's words when a search fails, and keeps the results when 'Load more' fails", async () => {
    const logged: string[] = [];
    let calls = 0;
    const api = new ScriptedApi({
      'search.query': () => (++calls === 2 ? Promise.reject(new ApiError('network', 0, 'offline')) : calls === 1 ? Promise.resolve(FIRST) : Promise.reject(new ApiError('http', 400, 'Query too long'))),
    });
    const actor = createActor(provideSearch({ api, clock: new FakeClock(), log: (m) => logged.push(m) }), { input: { limit: LIMIT } }).start();
    actor.send({ type: 'query.submitted', q: 'heat', searchType: null });
    await waitFor(actor, (s) => s.matches({ results: 'shown' }));
    actor.send({ type: 'search.more' });
    await waitFor(actor, (s) => s.matches({ results: 'shown' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.hits).toEqual(FIRST.hits);
    actor.send({ type: 'query.submitted', q: 'x'.repeat(3), searchType: 'article' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Query too long');
    expect(logged).toEqual(['searching failed', 'searching failed']);
    actor.stop();
  });
});
