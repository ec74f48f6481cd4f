/**
 * The post composer (spec sections 4, 5 and 8): the editor that opens only when an SDG category and subcategory are
 * both chosen, the title and rich content, and the submit that is possible only when all are set. It closes and
 * clears on success or cancel; on failure it keeps what was typed. The topic is chosen elsewhere (the page's URL owns
 * it) and told to the composer; the composer owns only the draft, which it keeps through a port so a reload reopens
 * the editor where it was. Effects are named actions; their results come back as events.
 */
import { assign, sendTo, setup } from 'xstate';
import { type Discussion, isBlank } from '../domain/discussion';
import type { Topic } from './discussion-feed.machine';
import { type MentionEvent, mentionPickerMachine } from './mention-picker.machine';

export const SELECT_TOPIC_FIRST = 'Please select both category and subcategory first';
export const SELECT_TOPIC_BEFORE_POSTING = 'Please select both category and subcategory before creating a post';
/** Not a spec text: the spec's rule names category, subcategory and title; the server also refuses an empty post. */
export const CONTENT_REQUIRED = 'Please write the post before creating it';
export const CREATE_FAILED = 'Failed to create discussion. Please try again.';

/** A problem with the title or the content, said beside that field (ADR 164); a field's own change clears it. */
export type PostFieldErrors = Partial<Record<keyof PostText, string>>;

/** What the member has typed: kept as a draft. */
export interface PostText {
  title: string;
  content: string;
}

/** What is sent: the text under the chosen topic. */
export interface PostDraft extends PostText, Topic {}

export interface PostComposerContext extends PostDraft {
  /** Where the draft is kept: one per member, so a shared browser never shows one member's draft to another. */
  draftKey: string;
  /** The alert the view shows (role=alert), or null: about the topic, or a failure no field explains. */
  alert: string | null;
  /** What is wrong with the title or the content, beside each (a server's 400, or content missing). */
  fieldErrors: PostFieldErrors;
  /** The id of the post this composer created last; the feed reloads when it changes. */
  lastCreatedId: string | null;
  /** Whether that post waits for a moderator's approval (issue 37, ADR 149): the view says so instead of 'published'. */
  lastCreatedHeld: boolean;
}

export interface PostComposerInput {
  draftKey: string;
  topic: Topic;
}

export function postDraftKey(userId: string): string {
  return `sustainlearn.discussion-draft.${userId}`;
}

export type PostComposerEvent =
  | { type: 'draft.restored'; draft: PostText | null }
  | { type: 'topic.changed'; topic: Topic }
  | { type: 'composer.open' }
  | { type: 'title.changed'; title: string }
  | { type: 'content.changed'; content: string }
  | { type: 'composer.submit' }
  | { type: 'composer.cancel' }
  | { type: 'create.succeeded'; discussion: Discussion }
  | { type: 'create.failed'; error: unknown; refusal: string | null; fieldErrors?: PostFieldErrors | null }
  | { type: 'alert.dismissed' }
  // Mentions (ADR 150): told to the mention picker the open editor holds.
  | MentionEvent;

/** The id of the mention picker the editing composer holds (ADR 150). */
export const COMPOSER_MENTIONS = 'mentions';

export const postComposerMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: {
    context: {} as PostComposerContext,
    events: {} as PostComposerEvent,
    input: {} as PostComposerInput,
  },
  actors: { mentionPicker: mentionPickerMachine },
  actions: {
    takeTopic: assign((_, topic: Topic) => ({ ...topic, alert: null })),
    clearText: assign({ title: '', content: '', alert: null, fieldErrors: {} }),
    /** Read the stored draft; answer draft.restored (null when there is none, or it cannot be read). */
    restoreDraft: (_, _params: { key: string }) => {},
    /** POST /discussions with the context's post; answer with create.succeeded or create.failed. */
    createDiscussion: (_, _params: PostDraft) => {},
    /** Keep what is typed in the draft store. */
    saveDraft: (_, _params: { key: string; text: PostText }) => {},
    clearDraft: (_, _params: { key: string }) => {},
    logError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    hasTopic: ({ context }) => Boolean(context.category && context.subcategory),
    isComplete: ({ context }) => isPostComplete(context),
    lacksOnlyContent: ({ context }) => Boolean(context.category && context.subcategory && context.title.trim()),
    restoredDraft: (_, draft: PostText | null) => draft !== null,
    refusedByField: ({ event }) => event.type === 'create.failed' && Boolean(event.fieldErrors && Object.keys(event.fieldErrors).length),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only tools read it (ADR 091).
  id: 'postComposer',
  context: ({ input }) => ({
    category: input.topic.category,
    subcategory: input.topic.subcategory,
    title: '',
    content: '',
    draftKey: input.draftKey,
    alert: null,
    fieldErrors: {},
    lastCreatedId: null,
    lastCreatedHeld: false,
  }),
  initial: 'restoring',
  on: {
    'topic.changed': { actions: { type: 'takeTopic', params: ({ event }) => event.topic } },
  },
  states: {
    restoring: {
      entry: { type: 'restoreDraft', params: ({ context }) => ({ key: context.draftKey }) },
      on: {
        'draft.restored': [
          {
            guard: { type: 'restoredDraft', params: ({ event }) => event.draft },
            target: 'editing',
            actions: assign({ title: ({ event }) => event.draft!.title, content: ({ event }) => event.draft!.content }),
          },
          { target: 'closed' },
        ],
      },
    },
    closed: {
      on: {
        // No alert to clear on opening: the closed composer's only alert asks for a topic, and a topic told clears it.
        'composer.open': [
          { guard: 'hasTopic', target: 'editing' },
          { actions: assign({ alert: SELECT_TOPIC_FIRST }) },
        ],
        'alert.dismissed': { actions: assign({ alert: null }) },
      },
    },
    editing: {
      // The editor's mentions: what follows an `@`, the suggestions, the member chosen (ADR 150).
      invoke: { id: COMPOSER_MENTIONS, src: 'mentionPicker' },
      on: {
        'mention.*': { actions: sendTo(COMPOSER_MENTIONS, ({ event }) => event) },
        'title.changed': {
          actions: [
            assign({ title: ({ event }) => event.title, fieldErrors: ({ context }) => without(context.fieldErrors, 'title') }),
            { type: 'saveDraft', params: ({ context }) => textOf(context) },
          ],
        },
        'content.changed': {
          actions: [
            assign({ content: ({ event }) => event.content, fieldErrors: ({ context }) => without(context.fieldErrors, 'content') }),
            { type: 'saveDraft', params: ({ context }) => textOf(context) },
          ],
        },
        'composer.submit': [
          {
            guard: 'isComplete',
            target: 'submitting',
            actions: [assign({ alert: null, fieldErrors: {} }), { type: 'createDiscussion', params: ({ context }) => draftOf(context) }],
          },
          // Said beside the editor, not as a toast or an alert for the whole form (ADR 164).
          { guard: 'lacksOnlyContent', actions: assign({ alert: null, fieldErrors: { content: CONTENT_REQUIRED } }) },
          { actions: assign({ alert: SELECT_TOPIC_BEFORE_POSTING }) },
        ],
        'composer.cancel': { target: 'closed', actions: ['clearText', { type: 'clearDraft', params: ({ context }) => ({ key: context.draftKey }) }] },
        'alert.dismissed': { actions: assign({ alert: null }) },
      },
    },
    submitting: {
      on: {
        'create.succeeded': {
          target: 'closed',
          actions: [
            'clearText',
            assign({ lastCreatedId: ({ event }) => event.discussion._id, lastCreatedHeld: ({ event }) => event.discussion.moderation === 'held' }),
            { type: 'clearDraft', params: ({ context }) => ({ key: context.draftKey }) },
          ],
        },
        // A title or content the server refused is said beside it; else the spec's alert, or a refusal for posting too fast
        // that says when to try again.
        'create.failed': [
          {
            guard: 'refusedByField',
            target: 'editing',
            actions: [assign({ alert: null, fieldErrors: ({ event }) => event.fieldErrors ?? {} }), { type: 'logError', params: ({ event }) => ({ error: event.error }) }],
          },
          {
            target: 'editing',
            actions: [assign({ alert: ({ event }) => event.refusal ?? CREATE_FAILED }), { type: 'logError', params: ({ event }) => ({ error: event.error }) }],
          },
        ],
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

function without(errors: PostFieldErrors, field: keyof PostText): PostFieldErrors {
  if (!(field in errors)) return errors;
  const { [field]: _gone, ...rest } = errors;
  return rest;
}

function textOf(context: PostComposerContext): { key: string; text: PostText } {
  return { key: context.draftKey, text: { title: context.title, content: context.content } };
}

export type PostComposerMachine = typeof postComposerMachine;
