/**
 * Suspending a member from the staff console (issue 36 items 6 and 9, ADR 140): 'Suspend' opens a dialog asking for
 * the reason the member will read; the suspension is sent; 'Lift' ends it. Effects are named actions provided by
 * `member-suspension.effects.ts`; their results come back as events, so the model test walks the whole graph.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { SUSPENSION_REASON_MAX, SUSPENSION_TEXT } from '../domain/suspension';

export const MEMBER_SUSPENSION_TEXT = {
  suspendFailed: 'Could not suspend this member. Please try again.',
  liftFailed: 'Could not lift the suspension. Please try again.',
  suspended: 'The member is suspended and signed out everywhere.',
  lifted: 'The suspension is lifted: the member can sign in again.',
} as const;

export interface MemberSuspensionInput {
  memberId: string;
  suspended: boolean;
}

export interface MemberSuspensionContext {
  memberId: string;
  /** Whether the member was suspended when the page was drawn: where the machine starts. */
  startedSuspended: boolean;
  reason: string;
  /** Why the last step failed: in the dialog while it is open, else beside the Lift button. */
  error: string | null;
  /** What a screen reader hears after a step (a polite live region). */
  announcement: string;
}

export type MemberSuspensionEvent =
  | { type: 'suspend.open' }
  | { type: 'dialog.close' }
  | { type: 'reason.change'; value: string }
  | { type: 'suspend.confirm' }
  | { type: 'suspend.succeeded' }
  | { type: 'suspend.failed'; message: string }
  | { type: 'lift.request' }
  | { type: 'lift.succeeded' }
  | { type: 'lift.failed'; message: string };

/** What is wrong with a reason, or null: required, at most 500 characters (the server checks the same). */
export function reasonProblem(reason: string): string | null {
  const trimmed = reason.trim();
  if (!trimmed) return SUSPENSION_TEXT.reasonRequired;
  if (trimmed.length > SUSPENSION_REASON_MAX) return SUSPENSION_TEXT.reasonTooLong;
  return null;
}

export const memberSuspensionMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: { context: {} as MemberSuspensionContext, events: {} as MemberSuspensionEvent, input: {} as MemberSuspensionInput },
  actions: {
    /** POST /staff/members/:id/suspend; answers suspend.succeeded or suspend.failed. */
    suspend: (_, _params: { memberId: string; reason: string }) => {},
    /** POST /staff/members/:id/lift; answers lift.succeeded or lift.failed. */
    lift: (_, _params: { memberId: string }) => {},
    /** Says what changed (a toast); the page reloads the member. */
    report: (_, _params: { message: string }) => {},
  },
  guards: {
    startsSuspended: ({ context }) => context.startedSuspended,
    reasonGiven: ({ context }) => reasonProblem(context.reason) === null,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only tools read it (ADR 091).
  id: 'memberSuspension',
  context: ({ input }) => ({ memberId: input.memberId, startedSuspended: input.suspended, reason: '', error: null, announcement: '' }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'startsSuspended', target: 'suspended' }, { target: 'active' }],
    },
    active: {
      on: { 'suspend.open': { target: 'confirming', actions: assign({ reason: '', error: null, announcement: '' }) } },
    },
    confirming: {
      on: {
        'dialog.close': { target: 'active', actions: assign({ reason: '', error: null }) },
        'reason.change': { actions: assign({ reason: ({ event }) => event.value, error: null }) },
        'suspend.confirm': [
          { guard: 'reasonGiven', target: 'suspending', actions: assign({ error: null }) },
          { actions: assign({ error: ({ context }) => reasonProblem(context.reason) }) },
        ],
      },
    },
    suspending: {
      entry: { type: 'suspend', params: ({ context }) => ({ memberId: context.memberId, reason: context.reason.trim() }) },
      on: {
        'suspend.succeeded': {
          target: 'suspended',
          actions: [assign({ reason: '', announcement: MEMBER_SUSPENSION_TEXT.suspended }), { type: 'report', params: { message: MEMBER_SUSPENSION_TEXT.suspended } }],
        },
        'suspend.failed': { target: 'confirming', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    suspended: {
      on: { 'lift.request': { target: 'lifting', actions: assign({ error: null, announcement: '' }) } },
    },
    lifting: {
      entry: { type: 'lift', params: ({ context }) => ({ memberId: context.memberId }) },
      on: {
        'lift.succeeded': {
          target: 'active',
          actions: [assign({ announcement: MEMBER_SUSPENSION_TEXT.lifted }), { type: 'report', params: { message: MEMBER_SUSPENSION_TEXT.lifted } }],
        },
        'lift.failed': { target: 'suspended', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
  },
});

export type MemberSuspensionMachine = typeof memberSuspensionMachine;
export type MemberSuspensionSnapshot = SnapshotFrom<MemberSuspensionMachine>;
