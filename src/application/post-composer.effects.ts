/** The post composer's named effects, written against ports only: the API call and the draft store. */
import { z } from 'zod';
import { createDiscussion } from '../contract/discussions';
import type { ApiClient, DraftStore } from './ports';
import { type PostDraft, postComposerMachine } from './post-composer.machine';

export interface PostComposerPorts {
  api: ApiClient;
  drafts: DraftStore;
  /** One draft per member, so a shared browser never shows one member's draft to another. */
  draftKey: string;
  log: (message: string, error: unknown) => void;
}

export function postDraftKey(userId: string): string {
  return `sustainlearn.discussion-draft.${userId}`;
}

const draftSchema = z.object({
  category: z.string().max(40),
  subcategory: z.string().max(80),
  title: z.string().max(1000),
  content: z.string().max(200_000),
});

/** The stored draft, or null when there is none or it cannot be read (an old or hand-edited value is dropped). */
export function loadPostDraft(drafts: DraftStore, key: string): PostDraft | null {
  const raw = drafts.load(key);
  if (!raw) return null;
  try {
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: fall through and drop it
  }
  drafts.remove(key);
  return null;
}

export function providePostComposer({ api, drafts, draftKey, log }: PostComposerPorts) {
  return postComposerMachine.provide({
    actions: {
      createDiscussion: ({ self }, post) => {
        api.call(createDiscussion, { body: post }).then(
          (answer) => self.send({ type: 'create.succeeded', discussion: answer.discussion }),
          (error: unknown) => self.send({ type: 'create.failed', error }),
        );
      },
      saveDraft: (_, draft) => drafts.save(draftKey, JSON.stringify(draft)),
      clearDraft: () => drafts.remove(draftKey),
      logError: (_, { error }) => log('creating a discussion failed', error),
    },
  });
}
