/** The post composer's named effects, written against ports only: the API call and the draft store. */
import { z } from 'zod';
import { createDiscussion } from '../contract/discussions';
import { refusalOf } from './api-error';
import type { ApiClient, DraftStore } from './ports';
import { type PostText, postComposerMachine } from './post-composer.machine';

export interface PostComposerPorts {
  api: ApiClient;
  drafts: DraftStore;
  log: (message: string, error: unknown) => void;
}

const draftSchema = z.object({ title: z.string().max(1000), content: z.string().max(200_000) });

/** The stored draft, or null when there is none or it cannot be read (an old or hand-edited value is dropped). */
export function loadPostDraft(drafts: DraftStore, key: string): PostText | null {
  const raw = drafts.load(key);
  if (!raw) return null;
  try {
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    if (parsed.success && (parsed.data.title || parsed.data.content)) return parsed.data;
  } catch {
    // not JSON: fall through and drop it
  }
  drafts.remove(key);
  return null;
}

export function providePostComposer({ api, drafts, log }: PostComposerPorts) {
  return postComposerMachine.provide({
    actions: {
      restoreDraft: ({ self }, { key }) => self.send({ type: 'draft.restored', draft: loadPostDraft(drafts, key) }),
      createDiscussion: ({ self }, post) => {
        api.call(createDiscussion, { body: post }).then(
          (answer) => self.send({ type: 'create.succeeded', discussion: answer.discussion }),
          (error: unknown) => self.send({ type: 'create.failed', error, refusal: refusalOf(error) }),
        );
      },
      saveDraft: (_, { key, text }) => drafts.save(key, JSON.stringify(text)),
      clearDraft: (_, { key }) => drafts.remove(key),
      logError: (_, { error }) => log('creating a discussion failed', error),
    },
  });
}
