/**
 * The colour theme (issue 41 item 11, ADR 165): which of 'system', 'light' and 'dark' the reader chose. It starts at
 * the choice the page was drawn with; a new choice is remembered (and shown) by the `remember` effect, and choosing
 * what is already chosen does nothing.
 */
import { type ActorRefFrom, assign, setup } from 'xstate';
import type { ThemeChoice } from '../domain/theme';

export type ThemeEvent = { type: 'theme.choose'; choice: ThemeChoice };

const chose = (choice: ThemeChoice) => ({ event }: { event: ThemeEvent }) => event.choice === choice;

export const themeMachine = setup({
  types: {
    context: {} as { choice: ThemeChoice },
    events: {} as ThemeEvent,
    input: {} as { choice: ThemeChoice },
  },
  actions: {
    /** Keeps the choice between visits and shows it on the page: bound by theme.effects.ts. */
    remember: (_, _params: { choice: ThemeChoice }) => {},
  },
  guards: {
    startsLight: ({ context }) => context.choice === 'light',
    startsDark: ({ context }) => context.choice === 'dark',
    choseSystem: chose('system'),
    choseLight: chose('light'),
    choseDark: chose('dark'),
  },
}).createMachine({
  id: 'theme',
  context: ({ input }) => ({ choice: input.choice }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'startsLight', target: 'light' }, { guard: 'startsDark', target: 'dark' }, { target: 'system' }],
    },
    system: {
      on: {
        'theme.choose': [
          { guard: 'choseLight', target: 'light', actions: [assign({ choice: 'light' }), { type: 'remember', params: { choice: 'light' } }] },
          { guard: 'choseDark', target: 'dark', actions: [assign({ choice: 'dark' }), { type: 'remember', params: { choice: 'dark' } }] },
        ],
      },
    },
    light: {
      on: {
        'theme.choose': [
          { guard: 'choseSystem', target: 'system', actions: [assign({ choice: 'system' }), { type: 'remember', params: { choice: 'system' } }] },
          { guard: 'choseDark', target: 'dark', actions: [assign({ choice: 'dark' }), { type: 'remember', params: { choice: 'dark' } }] },
        ],
      },
    },
    dark: {
      on: {
        'theme.choose': [
          { guard: 'choseSystem', target: 'system', actions: [assign({ choice: 'system' }), { type: 'remember', params: { choice: 'system' } }] },
          { guard: 'choseLight', target: 'light', actions: [assign({ choice: 'light' }), { type: 'remember', params: { choice: 'light' } }] },
        ],
      },
    },
  },
});

export type ThemeMachine = typeof themeMachine;
export type ThemeActor = ActorRefFrom<ThemeMachine>;
