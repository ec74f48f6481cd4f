/** The account deletion's named effects, against ports only (ADR 134). */
import type { AnyActorRef } from 'xstate';
import { ACCOUNT_DELETION_TEXT, type AccountDeletionEvent, accountDeletionMachine } from './account-deletion.machine';
import { messageOf } from './api-error';
import { lazyCalls } from './lazy-calls';
import type { ApiClient, Navigator, Notifier } from './ports';

export interface AccountDeletionPorts {
  api: ApiClient;
  navigator: Navigator;
  notifier: Notifier;
  /** Ends the session on this device (its token is dead on the server already). */
  endSession: () => void;
  log: (message: string, error: unknown) => void;
}

/** An answer that arrives after the dialog has gone (the actor stopped) is dropped. */
function reply(self: AnyActorRef, event: AccountDeletionEvent) {
  if (self.getSnapshot().status === 'active') self.send(event);
}

/** The account calls (and zod with them) load with the first call, not with the page. */
const accountCalls = lazyCalls(() => import('../contract/account-data'));

export function provideAccountDeletion({ api, navigator, notifier, endSession, log }: AccountDeletionPorts) {
  const failed = (message: string) => (error: unknown) => {
    log(message, error);
    return error;
  };
  return accountDeletionMachine.provide({
    actions: {
      requestCode: ({ self }) => {
        accountCalls((calls) => api.call(calls.requestDeleteCode, {}))
          .then(
            () => reply(self, { type: 'code.sent' }),
            (error: unknown) => reply(self, { type: 'code.failed', message: messageOf(failed('requesting a delete code failed')(error), ACCOUNT_DELETION_TEXT.codeFailed) }),
          );
      },
      deleteAccount: ({ self }, { confirmation, deletePosts }) => {
        accountCalls((calls) => api.call(calls.deleteAccount, { body: { ...confirmation, deletePosts } }))
          .then(
            () => reply(self, { type: 'delete.succeeded' }),
            (error: unknown) => reply(self, { type: 'delete.failed', message: messageOf(failed('deleting the account failed')(error), ACCOUNT_DELETION_TEXT.deleteFailed) }),
          );
      },
      finish: () => {
        // Home first: the profile page asks for a member, and would send a signed-out visitor to the login page.
        navigator.go('/', { replace: true });
        endSession();
        notifier.success(ACCOUNT_DELETION_TEXT.deleted);
      },
    },
  });
}
