/** The post composer's named effects, written against ports only: the API call and the draft store. */
import { fieldErrorsOf, refusalOf } from './api-error';
import type { ApiClient, DraftStore } from './ports';
import { type PostFieldErrors, type PostText, postComposerMachine } from './post-composer.machine';
import { lazyCalls } from './lazy-calls';
import { provideMentionPicker } from './mention-picker.effects';

export interface PostComposerPorts {
  api: ApiClient;
  drafts: DraftStore;
  log: (message: string, error: unknown) => void;
}

/** The longest title and content a stored draft may have, in characters (code points, as zod's `max` counts). */
const DRAFT_TITLE_MAX = 1000;
const DRAFT_CONTENT_MAX = 200_000;

const fits = (text: unknown, max: number): text is string => typeof text === 'string' && [...text].length <= max;

/**
 * A stored value read as a draft: a title and content, strings of bounded length (anything else they came with is
 * left behind), or null. Checked by hand, not with zod: the composer restores a draft at once, and zod stays out of
 * the app shell.
 */
function readDraft(value: unknown): PostText | null {
  const stored = value as { title?: unknown; content?: unknown } | null | undefined;
  const title = stored?.title;
  const content = stored?.content;
  return fits(title, DRAFT_TITLE_MAX) && fits(content, DRAFT_CONTENT_MAX) ? { title, content } : null;
}

/** The stored draft, or null when there is none or it cannot be read (an old or hand-edited value is dropped). */
export function loadPostDraft(drafts: DraftStore, key: string): PostText | null {
  const raw = drafts.load(key);
  if (!raw) return null;
  let value: unknown = null;
  try {
    value = JSON.parse(raw);
  } catch {
    // not JSON: read as nothing, and dropped below
  }
  const draft = readDraft(value);
  if (draft && (draft.title || draft.content)) return draft;
  drafts.remove(key);
  return null;
}

/** The title's and the content's problems in a 400 (ADR 164), or null when it names neither. */
export function postFieldErrorsOf(error: unknown): PostFieldErrors | null {
  const all = fieldErrorsOf(error);
  if (!all) return null;
  const found: PostFieldErrors = {};
  if (all.title) found.title = all.title;
  if (all.content) found.content = all.content;
  return Object.keys(found).length ? found : null;
}

/** The discussion calls (and zod with them) load with the first post, not with the app shell. */
const discussionCalls = lazyCalls(() => import(/* webpackChunkName: "contract-community" */ '../contract/discussions'));

export function providePostComposer({ api, drafts, log }: PostComposerPorts) {
  return postComposerMachine.provide({
    actors: { mentionPicker: provideMentionPicker({ api, log }) },
    actions: {
      restoreDraft: ({ self }, { key }) => self.send({ type: 'draft.restored', draft: loadPostDraft(drafts, key) }),
      createDiscussion: ({ self }, post) => {
        discussionCalls((calls) => api.call(calls.createDiscussion, { body: post }))
          .then(
            (answer) => self.send({ type: 'create.succeeded', discussion: answer.discussion }),
            (error: unknown) => self.send({ type: 'create.failed', error, refusal: refusalOf(error), fieldErrors: postFieldErrorsOf(error) }),
          );
      },
      saveDraft: (_, { key, text }) => drafts.save(key, JSON.stringify(text)),
      clearDraft: (_, { key }) => drafts.remove(key),
      logError: (_, { error }) => log('creating a discussion failed', error),
    },
  });
}
