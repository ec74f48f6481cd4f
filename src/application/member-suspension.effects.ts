/** The member suspension's named effects, against ports only (ADR 140). */
import type { AnyActorRef } from 'xstate';
import { messageOf } from './api-error';
import { lazyCalls } from './lazy-calls';
import { MEMBER_SUSPENSION_TEXT, type MemberSuspensionEvent, memberSuspensionMachine } from './member-suspension.machine';
import type { ApiClient, Notifier } from './ports';

export interface MemberSuspensionPorts {
  api: ApiClient;
  notifier: Notifier;
  log: (message: string, error: unknown) => void;
}

/** An answer that arrives after the page has gone (the actor stopped) is dropped. */
function reply(self: AnyActorRef, event: MemberSuspensionEvent) {
  if (self.getSnapshot().status === 'active') self.send(event);
}

/** The console's member calls (and zod with them) load with the first call, not with the page. */
const memberCalls = lazyCalls(() => import('../contract/staff-members'));

export function provideMemberSuspension({ api, notifier, log }: MemberSuspensionPorts) {
  const failed = (message: string, fallback: string) => (error: unknown) => {
    log(message, error);
    return messageOf(error, fallback);
  };
  return memberSuspensionMachine.provide({
    actions: {
      suspend: ({ self }, { memberId, reason }) => {
        memberCalls((calls) => api.call(calls.suspendMember, { params: { id: memberId }, body: { reason } }))
          .then(
            () => reply(self, { type: 'suspend.succeeded' }),
            (error: unknown) => reply(self, { type: 'suspend.failed', message: failed('suspending a member failed', MEMBER_SUSPENSION_TEXT.suspendFailed)(error) }),
          );
      },
      lift: ({ self }, { memberId }) => {
        memberCalls((calls) => api.call(calls.liftSuspension, { params: { id: memberId } }))
          .then(
            () => reply(self, { type: 'lift.succeeded' }),
            (error: unknown) => reply(self, { type: 'lift.failed', message: failed('lifting a suspension failed', MEMBER_SUSPENSION_TEXT.liftFailed)(error) }),
          );
      },
      report: (_, { message }) => notifier.success(message),
    },
  });
}
