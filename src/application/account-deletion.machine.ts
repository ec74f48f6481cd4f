/**
 * Deleting one's account from Profile Settings (issue 35, ADR 134): a dialog asks for the current password (or, for a
 * member without one, a code mailed on request) and whether the posts and comments go too; the delete is sent; on
 * success the member is signed out and sent home with a toast. Effects are named actions provided by
 * `account-deletion.effects.ts`; their results come back as events, so the model tests walk the whole graph.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { isCompleteOtp, normaliseOtp } from '../domain/otp';

export const ACCOUNT_DELETION_TEXT = {
  passwordRequired: 'Enter your current password to delete your account',
  codeRequired: 'Enter the 6-digit code we sent to your email address',
  codeSent: 'We sent a 6-digit code to your email address. It expires in 10 minutes.',
  codeFailed: 'Could not send a code. Please try again.',
  deleteFailed: 'Could not delete your account. Please try again.',
  deleted: 'Your account has been deleted',
} as const;

export interface AccountDeletionContext {
  password: string;
  code: string;
  /** A code was mailed: the member confirms with it instead of a password. */
  codeSent: boolean;
  /** "Also delete my posts and comments". */
  deletePosts: boolean;
  /** Why the last step failed, shown beside the fields. */
  error: string | null;
  /** What a screen reader hears after a step (a polite live region). */
  announcement: string;
}

export type AccountDeletionEvent =
  | { type: 'dialog.open' }
  | { type: 'dialog.close' }
  | { type: 'password.change'; value: string }
  | { type: 'code.change'; value: string }
  | { type: 'deletePosts.change'; value: boolean }
  | { type: 'code.request' }
  | { type: 'code.sent' }
  | { type: 'code.failed'; message: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.succeeded' }
  | { type: 'delete.failed'; message: string };

const fresh = (): AccountDeletionContext => ({ password: '', code: '', codeSent: false, deletePosts: false, error: null, announcement: '' });

/** What the delete is confirmed with: the code once one was mailed, else the password. */
export function confirmation(context: AccountDeletionContext): { password: string } | { code: string } {
  return context.codeSent ? { code: context.code } : { password: context.password };
}

export const accountDeletionMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: { context: {} as AccountDeletionContext, events: {} as AccountDeletionEvent },
  actions: {
    /** POST /account/delete-code; answers code.sent or code.failed. */
    requestCode: () => {},
    /** DELETE /account; answers delete.succeeded or delete.failed. */
    deleteAccount: (_, _params: { confirmation: { password: string } | { code: string }; deletePosts: boolean }) => {},
    /** Ends the session on this device, goes home and says the account is deleted (a toast). */
    finish: () => {},
  },
  guards: {
    confirmable: ({ context }) => (context.codeSent ? isCompleteOtp(context.code) : context.password.length > 0),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only tools read it (ADR 091).
  id: 'accountDeletion',
  context: fresh,
  initial: 'closed',
  states: {
    closed: {
      on: { 'dialog.open': { target: 'editing', actions: assign(fresh) } },
    },
    editing: {
      on: {
        'dialog.close': { target: 'closed', actions: assign(fresh) },
        'password.change': { actions: assign({ password: ({ event }) => event.value, error: null }) },
        'code.change': { actions: assign({ code: ({ event }) => normaliseOtp(event.value), error: null }) },
        'deletePosts.change': { actions: assign({ deletePosts: ({ event }) => event.value }) },
        'code.request': { target: 'requestingCode', actions: assign({ error: null, announcement: '' }) },
        'delete.confirm': [
          { guard: 'confirmable', target: 'deleting', actions: assign({ error: null, announcement: '' }) },
          {
            actions: assign({ error: ({ context }) => (context.codeSent ? ACCOUNT_DELETION_TEXT.codeRequired : ACCOUNT_DELETION_TEXT.passwordRequired) }),
          },
        ],
      },
    },
    requestingCode: {
      entry: 'requestCode',
      on: {
        'code.sent': { target: 'editing', actions: assign({ codeSent: true, code: '', announcement: ACCOUNT_DELETION_TEXT.codeSent }) },
        'code.failed': { target: 'editing', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    deleting: {
      entry: { type: 'deleteAccount', params: ({ context }) => ({ confirmation: confirmation(context), deletePosts: context.deletePosts }) },
      on: {
        'delete.succeeded': { target: 'deleted' },
        'delete.failed': { target: 'editing', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    deleted: { type: 'final', entry: 'finish' },
  },
});

export type AccountDeletionMachine = typeof accountDeletionMachine;
export type AccountDeletionSnapshot = SnapshotFrom<AccountDeletionMachine>;
