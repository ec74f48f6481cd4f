/**
 * Model-based tests of the mention picker (ADR 150), the piece the post composer holds and the comment form uses:
 * the shortest path to every state of its graph, each extended by every event (accepted there or not), replayed on a
 * live actor whose effects only record; after every step the machine agrees with a plain model of what it should be
 * (where it is, the query, the suggestions, the active one, the member chosen, every request asked for). The last test
 * fails if a state or transition was never reached. The real effects are then run against the scripted API.
 */
import { describe, expect, it, vi } from 'vitest';
import { provideCommentThread } from '../../src/application/comment-thread.effects';
import { createActor, type EventObject, type SnapshotFrom, waitFor } from 'xstate';
import { provideMentionPicker } from '../../src/application/mention-picker.effects';
import { type MentionEvent, mentionPickerMachine } from '../../src/application/mention-picker.machine';
import { ScriptedApi } from '../../src/application/testing/fakes';
import type { MentionSuggestion } from '../../src/domain/mentions';
import { agree, type Coverage, edgePaths, holds, newCoverage, type PathLike, pathName, replay, uncovered } from './model-kit';

const ada: MentionSuggestion = { _id: '00000000-0000-4000-8000-00000000000a', name: 'Ada Lovelace', profilePicture: '' };
const adam: MentionSuggestion = { _id: '00000000-0000-4000-8000-00000000000b', name: 'Adam Smith', profilePicture: '' };
const grace: MentionSuggestion = { _id: '00000000-0000-4000-8000-00000000000c', name: 'Grace Hopper', profilePicture: '' };

const events: MentionEvent[] = [
  { type: 'mention.query', query: 'ad' },
  { type: 'mention.query', query: 'gr' },
  { type: 'mention.query', query: '' },
  { type: 'mention.query', query: '   ' },
  { type: 'mention.query', query: 'x'.repeat(65) },
  { type: 'mention.suggested', query: 'ad', members: [ada, adam] },
  { type: 'mention.suggested', query: 'ad', members: [] },
  { type: 'mention.suggested', query: 'gr', members: [grace] },
  { type: 'mention.failed', query: 'ad', error: new Error('offline') },
  { type: 'mention.move', by: 1 },
  { type: 'mention.move', by: -1 },
  { type: 'mention.chosen', member: ada },
  { type: 'mention.dismiss' },
];

type Where = 'idle' | 'querying' | 'suggesting' | 'nobody' | 'failed';

interface Model {
  where: Where;
  query: string;
  suggestions: MentionSuggestion[];
  active: number;
  chosen: MentionSuggestion | null;
  requests: string[];
  logged: unknown[];
}

const initialModel = (): Model => ({ where: 'idle', query: '', suggestions: [], active: 0, chosen: null, requests: [], logged: [] });

/** What the picker should do, written without looking at the machine. */
function step(m: Model, e: MentionEvent): Model {
  const n: Model = { ...m, requests: [...m.requests], logged: [...m.logged] };
  const idle = (): Model => ({ ...n, where: 'idle', suggestions: [], active: 0 });
  // Told in every state: a query with words (up to 64 characters) is asked for, anything else closes.
  if (e.type === 'mention.query') {
    if (e.query.trim() !== '' && e.query.length <= 64) {
      n.requests.push(e.query);
      return { ...n, where: 'querying', query: e.query };
    }
    return { ...idle(), query: e.query };
  }
  if (e.type === 'mention.dismiss') return idle();
  switch (m.where) {
    case 'querying':
      // An answer to a query typed over since is ignored.
      if (e.type === 'mention.suggested' && e.query === m.query) {
        return e.members.length > 0 ? { ...n, where: 'suggesting', suggestions: e.members, active: 0 } : { ...n, where: 'nobody' };
      }
      if (e.type === 'mention.failed' && e.query === m.query) {
        n.logged.push(e.error);
        return { ...n, where: 'failed' };
      }
      return m;
    case 'suggesting':
      if (e.type === 'mention.move') return { ...n, active: (m.active + e.by + m.suggestions.length) % m.suggestions.length };
      if (e.type === 'mention.chosen') return { ...idle(), chosen: e.member, query: '' };
      return m;
    default:
      return m;
  }
}

function instrumented() {
  const world = { requests: [] as string[], logged: [] as unknown[] };
  const machine = mentionPickerMachine.provide({
    actions: {
      suggestMembers: (_, { query }) => void world.requests.push(query),
      logError: (_, { error }) => void world.logged.push(error),
    },
  });
  return { world, machine };
}

type Snapshot = SnapshotFrom<typeof mentionPickerMachine>;

function checker(world: ReturnType<typeof instrumented>['world']) {
  let model = initialModel();
  return (snapshot: Snapshot, event: EventObject | null) => {
    if (event) model = step(model, event as MentionEvent);
    const c = snapshot.context;
    const { logged, ...rest } = model;
    agree({ where: snapshot.value, query: c.query, suggestions: c.suggestions, active: c.active, chosen: c.chosen, requests: world.requests }, rest);
    holds(world.logged.length === logged.length && world.logged.every((error, i) => error === logged[i]), 'each failure is logged with its own error');
    // Suggestions show only while suggesting, and there is always one to choose then.
    if (snapshot.matches('suggesting')) holds(c.suggestions.length > 0 && c.active >= 0 && c.active < c.suggestions.length, 'an active suggestion');
    if (snapshot.matches('idle')) holds(c.suggestions.length === 0, 'nothing suggested while idle');
  };
}

describe('mention picker machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  const run = (path: PathLike<MentionEvent>) => {
    const sut = instrumented();
    return { sut, last: replay(sut.machine, path, coverage, checker(sut.world)) };
  };
  const paths = edgePaths(instrumented().machine, events);

  it('has a finite graph with paths to walk', () => {
    expect(paths.length).toBeGreaterThan(events.length * 4);
  });

  it.each(paths.map((p, i) => [`${i} ${pathName(p)}`, p] as const))('%s', (_name, path) => {
    run(path);
  });

  it('moves through the suggestions both ways, wrapping, and chooses the active one', () => {
    const steps = (list: MentionEvent[]) => ({ steps: list.map((event) => ({ event })) });
    const { last } = run(steps([
      { type: 'mention.query', query: 'ad' },
      { type: 'mention.suggested', query: 'ad', members: [ada, adam] },
      { type: 'mention.move', by: -1 },
      { type: 'mention.move', by: 1 },
      { type: 'mention.move', by: 1 },
    ]));
    expect(last.value).toBe('suggesting');
    expect(last.context.active).toBe(1);
  });

  it('ignores the answer to a query typed over since', () => {
    const steps = (list: MentionEvent[]) => ({ steps: list.map((event) => ({ event })) });
    const { sut, last } = run(steps([
      { type: 'mention.query', query: 'ad' },
      { type: 'mention.query', query: 'gr' },
      { type: 'mention.suggested', query: 'ad', members: [ada, adam] },
    ]));
    expect(last.value).toBe('querying');
    expect(sut.world.requests).toEqual(['ad', 'gr']);
  });

  it('reached every state and took every transition', () => {
    expect(uncovered(mentionPickerMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

describe('mention picker effects (scripted API)', () => {
  it('asks GET /members/suggest with the trimmed query and answers with the query as typed', async () => {
    const api = new ScriptedApi({ 'members.suggest': async () => ({ success: true, members: [ada] }) });
    const logged: string[] = [];
    const actor = createActor(provideMentionPicker({ api, log: (message) => logged.push(message) })).start();
    actor.send({ type: 'mention.query', query: 'Ada ' });
    await waitFor(actor, (s) => s.matches('suggesting'));
    expect(api.calls).toEqual([{ name: 'members.suggest', input: { query: { q: 'Ada' } } }]);
    expect(actor.getSnapshot().context.suggestions).toEqual([ada]);

    api.answer('members.suggest', () => Promise.reject(new Error('offline')));
    actor.send({ type: 'mention.query', query: 'Gr' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(logged).toEqual(['suggesting members to mention failed']);
    // An answer that arrives after the picker has gone is dropped.
    api.answer('members.suggest', async () => ({ success: true, members: [] }));
    actor.send({ type: 'mention.query', query: 'Gra' });
    actor.stop();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().status).toBe('stopped');
  });
});

describe('a comment with mentions (comment thread effects)', () => {
  it('sends the chosen members\' @Names as their mentions, and the rest of the text as typed', async () => {
    const POST = '00000000-0000-4000-8000-0000000000d1';
    const api = new ScriptedApi({
      'comments.list': async () => ({ success: true, comments: [] }),
      'comments.create': () => new Promise(() => {}),
    });
    const actor = createActor(provideCommentThread({ api, log: () => {} }), { input: { discussionId: POST } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'comment.post', text: 'Thanks @Ada Lovelace & @Grace', parentCommentId: null, mentions: [{ _id: ada._id, name: ada.name }] });
    await vi.waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls[1]).toEqual({
      name: 'comments.create',
      input: { body: { discussionId: POST, content: `<p>Thanks <a data-mention="${ada._id}" href="/members/${ada._id}">@Ada Lovelace</a> &amp; @Grace</p>`, parentCommentId: null } },
    });
    actor.stop();
  });
});
