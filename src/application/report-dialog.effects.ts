/** The report dialog's named effects, against ports only (ADR 149). */
import type { AnyActorRef } from 'xstate';
import { messageOf } from './api-error';
import { lazyCalls } from './lazy-calls';
import type { ApiClient, Notifier } from './ports';
import { REPORT_DIALOG_TEXT, type ReportDialogEvent, reportDialogMachine } from './report-dialog.machine';

export interface ReportDialogPorts {
  api: ApiClient;
  notifier: Notifier;
  log: (message: string, error: unknown) => void;
}

/** An answer that arrives after the page has gone (the actor stopped) is dropped. */
function reply(self: AnyActorRef, event: ReportDialogEvent) {
  if (self.getSnapshot().status === 'active') self.send(event);
}

/** The moderation calls (and zod with them) load with the first report, not with the feed. */
const moderationCalls = lazyCalls(() => import(/* webpackChunkName: "contract-moderation" */ '../contract/moderation'));

export function provideReportDialog({ api, notifier, log }: ReportDialogPorts) {
  return reportDialogMachine.provide({
    actions: {
      send: ({ self }, { target, reason, note }) => {
        const body = { targetType: target.type, targetId: target.id, reason, ...(note ? { note } : {}) };
        moderationCalls((calls) => api.call(calls.createReport, { body }))
          .then(
            (answer) => reply(self, { type: 'report.succeeded', message: answer.message }),
            (error: unknown) => {
              log('a report failed', error);
              reply(self, { type: 'report.failed', message: messageOf(error, REPORT_DIALOG_TEXT.failed) });
            },
          );
      },
      thank: (_, { message }) => notifier.success(message),
    },
  });
}
