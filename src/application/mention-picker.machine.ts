/**
 * Suggesting a member to mention (issue 37 item 3, ADR 150), the piece the post composer and the comment form share:
 * the editor tells what follows the `@` before the caret (`mention.query`), the machine asks for members whose name
 * starts so, and the member moves through the suggestions and chooses one (the editor puts the mention in the text,
 * then says `mention.chosen`) or dismisses them. An answer for a query that was typed over since is ignored.
 */
import { assign, setup } from 'xstate';
import type { MentionSuggestion } from '../domain/mentions';

/** The longest query asked for: a first and a last name. */
export const MENTION_QUERY_MAX = 64;

export interface MentionPickerContext {
  /** What follows the `@`, as typed. */
  query: string;
  suggestions: MentionSuggestion[];
  /** The index of the suggestion Enter would choose. */
  active: number;
  /** The member chosen last, for the view's announcement. */
  chosen: MentionSuggestion | null;
}

export type MentionEvent =
  | { type: 'mention.query'; query: string }
  | { type: 'mention.suggested'; query: string; members: MentionSuggestion[] }
  | { type: 'mention.failed'; query: string; error: unknown }
  | { type: 'mention.move'; by: 1 | -1 }
  | { type: 'mention.chosen'; member: MentionSuggestion }
  | { type: 'mention.dismiss' };

export const mentionPickerMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: {
    context: {} as MentionPickerContext,
    events: {} as MentionEvent,
  },
  actions: {
    /** GET /members/suggest?q=; answers mention.suggested or mention.failed with the query asked. */
    suggestMembers: (_, _params: { query: string }) => {},
    logError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    hasQuery: (_, query: string) => query.trim().length > 0 && query.length <= MENTION_QUERY_MAX,
    current: ({ context }, query: string) => query === context.query,
    someone: ({ context }, answer: { query: string; members: MentionSuggestion[] }) => answer.query === context.query && answer.members.length > 0,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only tools read it (ADR 091).
  id: 'mentionPicker',
  context: { query: '', suggestions: [], active: 0, chosen: null },
  initial: 'idle',
  on: {
    'mention.query': [
      {
        guard: { type: 'hasQuery', params: ({ event }) => event.query },
        target: '.querying',
        reenter: true,
        actions: assign({ query: ({ event }) => event.query }),
      },
      { target: '.idle', actions: assign({ query: ({ event }) => event.query }) },
    ],
    'mention.dismiss': { target: '.idle' },
  },
  states: {
    idle: {
      entry: assign({ suggestions: [], active: 0 }),
    },
    querying: {
      entry: { type: 'suggestMembers', params: ({ context }) => ({ query: context.query }) },
      on: {
        'mention.suggested': [
          {
            guard: { type: 'someone', params: ({ event }) => event },
            target: 'suggesting',
            actions: assign({ suggestions: ({ event }) => event.members, active: 0 }),
          },
          { guard: { type: 'current', params: ({ event }) => event.query }, target: 'nobody' },
        ],
        'mention.failed': {
          guard: { type: 'current', params: ({ event }) => event.query },
          target: 'failed',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    suggesting: {
      on: {
        'mention.move': {
          actions: assign({ active: ({ context, event }) => (context.active + event.by + context.suggestions.length) % context.suggestions.length }),
        },
        'mention.chosen': { target: 'idle', actions: assign({ chosen: ({ event }) => event.member, query: '' }) },
      },
    },
    /** Nobody's name starts so. */
    nobody: {},
    /** The suggestions could not be read; typing on asks again. */
    failed: {},
  },
});

export type MentionPickerMachine = typeof mentionPickerMachine;
