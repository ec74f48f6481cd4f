/** The mention picker's named effects, written against ports only: the suggestions call and the log. */
import { lazyCalls } from './lazy-calls';
import { type MentionEvent, mentionPickerMachine } from './mention-picker.machine';
import type { ApiClient } from './ports';

export interface MentionPickerPorts {
  api: ApiClient;
  log: (message: string, error: unknown) => void;
}

/** The member calls (and zod with them) load with the first mention, not with the app shell. */
const memberCalls = lazyCalls(() => import(/* webpackChunkName: "contract-members" */ '../contract/members'));

/** An answer for a picker that has gone (its editor closed) is dropped. */
function reply(self: { getSnapshot(): { status: string }; send(event: MentionEvent): void }, event: MentionEvent) {
  if (self.getSnapshot().status === 'active') self.send(event);
}

export function provideMentionPicker({ api, log }: MentionPickerPorts) {
  return mentionPickerMachine.provide({
    actions: {
      suggestMembers: ({ self }, { query }) => {
        memberCalls((calls) => api.call(calls.suggestMembers, { query: { q: query.trim() } }))
          .then(
            (answer) => reply(self, { type: 'mention.suggested', query, members: answer.members }),
            (error: unknown) => reply(self, { type: 'mention.failed', query, error }),
          );
      },
      logError: (_, { error }) => log('suggesting members to mention failed', error),
    },
  });
}
