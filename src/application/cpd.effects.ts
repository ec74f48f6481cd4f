/** The /cpd dashboard's named effects, against ports only (issue 39, ADR 155). */
import type { AnyActorRef } from 'xstate';
import { messageOf } from './api-error';
import { type ActivityDraft, CPD_TEXT, type CpdEvent, cpdMachine, type LedgerView } from './cpd.machine';
import { lazyCalls } from './lazy-calls';
import type { ApiClient, FileUploader, Notifier } from './ports';

export interface CpdPorts {
  api: ApiClient;
  uploads: FileUploader;
  notifier: Notifier;
  log: (message: string, error: unknown) => void;
}

/** An answer that arrives after the page has gone (the actor stopped) is dropped. */
function reply(self: AnyActorRef, event: CpdEvent) {
  if (self.getSnapshot().status === 'active') self.send(event);
}

const cpdCalls = lazyCalls(() => import(/* webpackChunkName: "contract-cpd" */ '../contract/cpd'));

/** The multipart fields of an activity (the file goes as `evidence`). */
export function activityForm(draft: ActivityDraft): Record<string, string> {
  return {
    title: draft.title.trim(),
    provider: draft.provider.trim(),
    date: draft.date,
    amount: draft.amount.trim(),
    body: draft.body,
    type: draft.type,
    ...(draft.courseNumber.trim() ? { courseNumber: draft.courseNumber.trim() } : {}),
  };
}

export function provideCpd({ api, uploads, notifier, log }: CpdPorts) {
  return cpdMachine.provide({
    actions: {
      loadLedger: ({ self }) => {
        cpdCalls((calls) => api.call(calls.ledger, { query: {} }, { fresh: true })).then(
          (answer) => reply(self, { type: 'ledger.loaded', bodies: answer.bodies as unknown as LedgerView[] }),
          (error: unknown) => {
            log('the CPD ledger failed', error);
            reply(self, { type: 'ledger.failed', message: messageOf(error, CPD_TEXT.loadFailed) });
          },
        );
      },
      loadPeriod: ({ self }, { body, period }) => {
        cpdCalls((calls) => api.call(calls.ledger, { query: { body, period } }, { fresh: true })).then(
          (answer) => {
            const ledger = answer.bodies[0];
            if (ledger) reply(self, { type: 'period.loaded', ledger: ledger as unknown as LedgerView });
            else reply(self, { type: 'period.failed', message: CPD_TEXT.periodFailed });
          },
          (error: unknown) => {
            log('a CPD period failed', error);
            reply(self, { type: 'period.failed', message: messageOf(error, CPD_TEXT.periodFailed) });
          },
        );
      },
      submitActivity: ({ self }, { draft }) => {
        const file = draft.file?.blob ? { field: 'evidence', blob: draft.file.blob as Blob, filename: draft.file.name } : undefined;
        cpdCalls((calls) => uploads.submitForm(calls.addActivity, activityForm(draft), file)).then(
          (answer) => reply(self, { type: 'activity.succeeded', title: answer.entry.title }),
          (error: unknown) => {
            log('adding a CPD activity failed', error);
            reply(self, { type: 'activity.failed', message: messageOf(error, CPD_TEXT.submitFailed) });
          },
        );
      },
      announce: (_, { title }) => notifier.success(`${CPD_TEXT.added}: ${title}`),
      warn: (_, { message }) => notifier.error(message),
    },
  });
}
