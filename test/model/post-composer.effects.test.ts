/**
 * The post composer's real effects (post-composer.effects.ts) against fakes, the draft store and the scripted API:
 * a stored draft is restored for its own member only, an unreadable or over-long one is dropped and one at the limit
 * kept, what is typed is kept in the store and sent, and a failure answers with the server's refusal (429), the field
 * it names (400) or the spec's text. The machine itself is walked in post-composer.machine.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import { loadPostDraft, providePostComposer } from '../../src/application/post-composer.effects';
import { postDraftKey } from '../../src/application/post-composer.machine';
import { MemoryDraftStore, ScriptedApi } from '../../src/application/testing/fakes';
import { created, KEY, REFUSAL, storedDraft, T1, TEXT, textOf, TITLE_TOO_LONG, titleOnlyDraft } from './post-composer.fixtures';

/** The real effects on fakes; `answers` are the events the effects sent back (the test itself sends none of them). */
function composerWorld(drafts = new MemoryDraftStore(), api = new ScriptedApi(), draftKey = KEY) {
  const logged: unknown[] = [];
  const messages: string[] = [];
  const answers: AnyEventObject[] = [];
  const answerTypes = new Set(['draft.restored', 'create.succeeded', 'create.failed']);
  const actor = createActor(providePostComposer({ api, drafts, log: (message, error) => {
    messages.push(message);
    logged.push(error);
  } }), {
    input: { draftKey, topic: T1 },
    inspect: (inspection) => {
      if (inspection.type === '@xstate.event' && answerTypes.has(inspection.event.type)) answers.push(inspection.event);
    },
  });
  actor.start();
  return { drafts, api, logged, messages, answers, actor };
}

describe('post composer effects (fakes)', () => {
  it('restores the stored draft into an open editor, and starts closed without one', () => {
    const drafts = new MemoryDraftStore();
    drafts.save(KEY, JSON.stringify(storedDraft));
    const w = composerWorld(drafts);
    expect(w.actor.getSnapshot().value).toBe('editing');
    expect(textOf(w.actor.getSnapshot().context)).toEqual(storedDraft);
    expect(w.answers).toEqual([{ type: 'draft.restored', draft: storedDraft }]);
    // Another member on the same browser does not get this draft.
    const other = composerWorld(drafts, new ScriptedApi(), postDraftKey('u2'));
    expect(other.actor.getSnapshot().value).toBe('closed');
    expect(JSON.parse(drafts.load(KEY)!)).toEqual(storedDraft);
    const empty = composerWorld(new MemoryDraftStore());
    expect(empty.actor.getSnapshot().value).toBe('closed');
    expect(empty.answers).toEqual([{ type: 'draft.restored', draft: null }]);
  });

  it('restores a draft with only a title or only content, and writes nothing when there is none', () => {
    for (const draft of [titleOnlyDraft, { title: '', content: '<p>Only content</p>' }]) {
      const drafts = new MemoryDraftStore();
      drafts.save(KEY, JSON.stringify(draft));
      const w = composerWorld(drafts);
      expect(w.actor.getSnapshot().value).toBe('editing');
      expect(textOf(w.actor.getSnapshot().context)).toEqual(draft);
      expect(JSON.parse(drafts.load(KEY)!)).toEqual(draft);
    }
    // Reading no draft neither saves nor removes anything.
    const writes: string[] = [];
    const drafts = new MemoryDraftStore();
    const watched = { load: (key: string) => drafts.load(key), save: (key: string) => writes.push(`save ${key}`), remove: (key: string) => writes.push(`remove ${key}`) };
    expect(loadPostDraft(watched, KEY)).toBeNull();
    expect(writes).toEqual([]);
  });

  it('drops a stored draft it cannot read', () => {
    const unreadables = [
      '{not json', 'null', '[]', JSON.stringify('text'), JSON.stringify({ title: 1 }), JSON.stringify({ title: 'Only a title' }), JSON.stringify({ content: '<p>Only content</p>' }),
      JSON.stringify({ title: 'Timber', content: 7 }), JSON.stringify({ title: '', content: '' }),
      JSON.stringify({ title: 'x'.repeat(1001), content: '' }), JSON.stringify({ title: '😀'.repeat(1001), content: '' }), JSON.stringify({ title: '', content: 'x'.repeat(200_001) }),
    ];
    for (const unreadable of unreadables) {
      const drafts = new MemoryDraftStore();
      drafts.save(KEY, unreadable);
      const w = composerWorld(drafts);
      expect(w.actor.getSnapshot().value).toBe('closed');
      expect(drafts.load(KEY)).toBeNull();
    }
    const drafts = new MemoryDraftStore();
    drafts.save(KEY, '{not json');
    expect(loadPostDraft(drafts, KEY)).toBeNull();
    expect(drafts.items.size).toBe(0);
  });

  it('restores a draft at the longest a draft may be, counted in characters, and leaves behind anything else stored with it', () => {
    const drafts = new MemoryDraftStore();
    // An emoji is two UTF-16 units but one character.
    for (const longest of [{ title: 'x'.repeat(1000), content: 'y'.repeat(200_000) }, { title: '😀'.repeat(1000), content: '🌳'.repeat(200_000) }]) {
      drafts.save(KEY, JSON.stringify(longest));
      expect(loadPostDraft(drafts, KEY)).toEqual(longest);
    }
    drafts.save(KEY, JSON.stringify({ title: 'Timber', content: '<p>Body</p>', topic: 'old', saved: 1 }));
    expect(loadPostDraft(drafts, KEY)).toStrictEqual({ title: 'Timber', content: '<p>Body</p>' });
    expect(drafts.items.size).toBe(1);
  });

  it('keeps what is typed in the store and sends the post; success answers create.succeeded, closes and clears', async () => {
    const api = new ScriptedApi({ 'discussions.create': async () => ({ success: true, discussion: created }) });
    const w = composerWorld(new MemoryDraftStore(), api);
    w.actor.send({ type: 'composer.open' });
    w.actor.send({ type: 'title.changed', title: 'Timber' });
    w.actor.send({ type: 'content.changed', content: '<p>Body</p>' });
    expect(JSON.parse(w.drafts.load(KEY)!)).toEqual({ title: 'Timber', content: '<p>Body</p>' });
    w.actor.send({ type: 'composer.submit' });
    await waitFor(w.actor, (s) => s.matches('closed'));
    expect(api.calls).toEqual([{ name: 'discussions.create', input: { body: { ...T1, title: 'Timber', content: '<p>Body</p>' } } }]);
    expect(w.answers.at(-1)).toEqual({ type: 'create.succeeded', discussion: created });
    expect(w.actor.getSnapshot().context).toMatchObject({ title: '', content: '', alert: null, lastCreatedId: 'd1' });
    expect(w.drafts.items.size).toBe(0);
    expect(w.logged).toEqual([]);
  });

  it('answers a 429 with the server\'s message as the refusal, any other failure with none', async () => {
    const tooFast = new ApiError('http', 429, REFUSAL);
    const api = new ScriptedApi({ 'discussions.create': () => Promise.reject(tooFast) });
    const drafts = new MemoryDraftStore();
    drafts.save(KEY, JSON.stringify({ title: 'Timber', content: '<p>Body</p>' }));
    const w = composerWorld(drafts, api);
    w.actor.send({ type: 'composer.submit' });
    await waitFor(w.actor, (s) => s.matches('editing') && s.context.alert !== null);
    expect(w.answers.at(-1)).toEqual({ type: 'create.failed', error: tooFast, refusal: REFUSAL, fieldErrors: null });
    expect(w.actor.getSnapshot().context.alert).toBe(REFUSAL);
    expect(w.logged).toEqual([tooFast]);
    expect(w.messages).toEqual(['creating a discussion failed']);

    for (const error of [new ApiError('http', 400, 'title: Too long'), new ApiError('http', 500, 'Internal error'), new ApiError('network', 0, 'offline')]) {
      api.answer('discussions.create', () => Promise.reject(error));
      w.actor.send({ type: 'alert.dismissed' });
      w.actor.send({ type: 'composer.submit' });
      await waitFor(w.actor, (s) => s.matches('editing') && s.context.alert !== null);
      expect(w.answers.at(-1)).toEqual({ type: 'create.failed', error, refusal: null, fieldErrors: null });
      expect(w.actor.getSnapshot().context.alert).toBe(TEXT.createFailed);
    }
    expect(api.calls).toHaveLength(4);
    expect(JSON.parse(drafts.load(KEY)!)).toEqual({ title: 'Timber', content: '<p>Body</p>' });

    // A 400 naming the title (ADR 164): said beside it, with no alert; other fields it names are not the composer's.
    const body = { success: false, message: `title: ${TITLE_TOO_LONG}`, fieldErrors: { title: TITLE_TOO_LONG, category: 'Please choose a category' } };
    const refused = new ApiError('http', 400, TITLE_TOO_LONG, body);
    api.answer('discussions.create', () => Promise.reject(refused));
    w.actor.send({ type: 'alert.dismissed' });
    w.actor.send({ type: 'composer.submit' });
    await waitFor(w.actor, (s) => s.matches('editing') && s.context.fieldErrors.title !== undefined);
    expect(w.answers.at(-1)).toEqual({ type: 'create.failed', error: refused, refusal: null, fieldErrors: { title: TITLE_TOO_LONG } });
    expect(w.actor.getSnapshot().context).toMatchObject({ alert: null, fieldErrors: { title: TITLE_TOO_LONG } });
    w.actor.send({ type: 'title.changed', title: 'Shorter' });
    expect(w.actor.getSnapshot().context.fieldErrors).toEqual({});
  });
});
