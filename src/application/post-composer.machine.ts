/**
 * The post composer (spec sections 4, 5 and 8): the chosen SDG category and subcategory, the editor that opens only
 * when both are chosen, the title and rich content, and the submit that is possible only when all are set. It closes
 * and clears on success or cancel; on failure it keeps what was typed. What is typed is kept as a draft (a port), so a
 * reload reopens the editor where it was. Effects are named actions; their results come back as events.
 */
import { assign, setup } from 'xstate';
import { type Discussion, isBlank } from '../domain/discussion';

export const SELECT_TOPIC_FIRST = 'Please select both category and subcategory first';
export const SELECT_TOPIC_BEFORE_POSTING = 'Please select both category and subcategory before creating a post';
/** Not a spec text: the spec's rule names category, subcategory and title; the server also refuses an empty post. */
export const CONTENT_REQUIRED = 'Please write the post before creating it';
export const CREATE_FAILED = 'Failed to create discussion. Please try again.';

export interface PostDraft {
  category: string;
  subcategory: string;
  title: string;
  content: string;
}

export interface PostComposerContext extends PostDraft {
  /** The alert the view shows (role=alert), or null. */
  alert: string | null;
  /** The id of the post this composer created last; the feed reloads when it changes. */
  lastCreatedId: string | null;
  /** Set from the input: a stored draft reopens the editor. */
  restoredDraft: boolean;
}

export interface PostComposerInput {
  draft: PostDraft | null;
}

export type PostComposerEvent =
  | { type: 'topic.category'; category: string }
  | { type: 'topic.subcategory'; subcategory: string }
  | { type: 'composer.open' }
  | { type: 'title.changed'; title: string }
  | { type: 'content.changed'; content: string }
  | { type: 'composer.submit' }
  | { type: 'composer.cancel' }
  | { type: 'create.succeeded'; discussion: Discussion }
  | { type: 'create.failed'; error: unknown }
  | { type: 'alert.dismissed' };

export const postComposerMachine = setup({
  types: {
    context: {} as PostComposerContext,
    events: {} as PostComposerEvent,
    input: {} as PostComposerInput,
  },
  actions: {
    chooseCategory: assign(({ context, event }) => {
      if (event.type !== 'topic.category') return {};
      // A subcategory belongs to one category: a new category drops it.
      return { category: event.category, subcategory: event.category === context.category ? context.subcategory : '', alert: null };
    }),
    chooseSubcategory: assign(({ event }) => (event.type === 'topic.subcategory' ? { subcategory: event.subcategory, alert: null } : {})),
    clearText: assign({ title: '', content: '', alert: null }),
    /** POST /discussions with the context's post; answer with create.succeeded or create.failed. */
    createDiscussion: (_, _params: PostDraft) => {},
    /** Keep what is typed (and the topic) in the draft store. */
    saveDraft: (_, _params: PostDraft) => {},
    clearDraft: () => {},
    logError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    hasTopic: ({ context }) => Boolean(context.category && context.subcategory),
    isComplete: ({ context }) => isPostComplete(context),
    lacksOnlyContent: ({ context }) => Boolean(context.category && context.subcategory && context.title.trim()),
    restoredDraft: ({ context }) => context.restoredDraft,
  },
}).createMachine({
  id: 'postComposer',
  context: ({ input }) => ({
    category: input.draft?.category ?? '',
    subcategory: input.draft?.subcategory ?? '',
    title: input.draft?.title ?? '',
    content: input.draft?.content ?? '',
    alert: null,
    lastCreatedId: null,
    restoredDraft: input.draft !== null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'restoredDraft', target: 'editing' }, { target: 'closed' }],
    },
    closed: {
      on: {
        'topic.category': { actions: 'chooseCategory' },
        'topic.subcategory': { actions: 'chooseSubcategory' },
        'composer.open': [
          { guard: 'hasTopic', target: 'editing', actions: assign({ alert: null }) },
          { actions: assign({ alert: SELECT_TOPIC_FIRST }) },
        ],
        'alert.dismissed': { actions: assign({ alert: null }) },
      },
    },
    editing: {
      on: {
        'topic.category': { actions: ['chooseCategory', { type: 'saveDraft', params: ({ context }) => draftOf(context) }] },
        'topic.subcategory': { actions: ['chooseSubcategory', { type: 'saveDraft', params: ({ context }) => draftOf(context) }] },
        'title.changed': {
          actions: [assign({ title: ({ event }) => event.title }), { type: 'saveDraft', params: ({ context }) => draftOf(context) }],
        },
        'content.changed': {
          actions: [assign({ content: ({ event }) => event.content }), { type: 'saveDraft', params: ({ context }) => draftOf(context) }],
        },
        'composer.submit': [
          {
            guard: 'isComplete',
            target: 'submitting',
            actions: [assign({ alert: null }), { type: 'createDiscussion', params: ({ context }) => draftOf(context) }],
          },
          { guard: 'lacksOnlyContent', actions: assign({ alert: CONTENT_REQUIRED }) },
          { actions: assign({ alert: SELECT_TOPIC_BEFORE_POSTING }) },
        ],
        'composer.cancel': { target: 'closed', actions: ['clearText', 'clearDraft'] },
        'alert.dismissed': { actions: assign({ alert: null }) },
      },
    },
    submitting: {
      on: {
        'create.succeeded': { target: 'closed', actions: ['clearText', assign({ lastCreatedId: ({ event }) => event.discussion._id }), 'clearDraft'] },
        'create.failed': {
          target: 'editing',
          actions: [assign({ alert: CREATE_FAILED }), { type: 'logError', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
  },
});

/** Category, subcategory, a non-blank title and some content: the submit button is enabled exactly then. */
export function isPostComplete(post: PostDraft): boolean {
  return Boolean(post.category && post.subcategory && post.title.trim()) && !isBlank(post.content);
}

export function draftOf(context: PostDraft): PostDraft {
  return { category: context.category, subcategory: context.subcategory, title: context.title, content: context.content };
}

export type PostComposerMachine = typeof postComposerMachine;
