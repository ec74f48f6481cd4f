/** 'Export for AIA CES': the named effects of its machine, against ports only (ADR 166). */
import type { AnyActorRef } from 'xstate';
import { messageOf } from './api-error';
import { lazyCalls } from './lazy-calls';
import type { ApiClient, Clock, FileSaver, Notifier } from './ports';
import { STAFF_CPD_EXPORT_TEXT, type StaffCpdExportEvent, staffCpdExportMachine } from './staff-cpd-export.machine';

export interface StaffCpdExportPorts {
  api: ApiClient;
  files: FileSaver;
  notifier: Notifier;
  clock: Pick<Clock, 'now'>;
  log: (message: string, error: unknown) => void;
}

/** The console's calls load with the first action, not with the page that offers them. */
const calls = lazyCalls(() => import(/* webpackChunkName: "contract-cpd" */ '../contract/cpd'));

/** The file's name: the day of the export, as the server names it. */
export const aiaExportFilename = (now: number) => `aia-ces-completions-${new Date(now).toISOString().slice(0, 10)}.csv`;

/** Data rows of a CSV (the header not counted): line ends outside quotes, the last line's end optional. */
export function csvDataRows(bytes: Uint8Array): number {
  const text = new TextDecoder().decode(bytes);
  let quoted = false;
  let lines = 0;
  let content = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    if (ch === '\n' && !quoted) {
      if (content) lines++;
      content = false;
    } else if (ch !== '\r' && ch !== '\uFEFF') content = true;
  }
  if (content) lines++;
  return Math.max(0, lines - 1);
}

/** An answer that arrives after the page has gone (the actor stopped) is dropped. */
function reply(self: AnyActorRef, event: StaffCpdExportEvent) {
  if (self.getSnapshot().status === 'active') self.send(event);
}

export function provideStaffCpdExport({ api, files, notifier, clock, log }: StaffCpdExportPorts) {
  return staffCpdExportMachine.provide({
    actions: {
      exportCsv: ({ self }) => {
        calls((c) => api.call(c.exportCompletions, { body: { body: 'aia' } }))
          .then((bytes) => {
            files.save(bytes, aiaExportFilename(clock.now()), 'text/csv');
            reply(self, { type: 'export.done', rows: csvDataRows(bytes) });
          })
          .catch((error: unknown) => {
            log('exporting completions failed', error);
            reply(self, { type: 'export.failed', message: messageOf(error, STAFF_CPD_EXPORT_TEXT.failed) });
          });
      },
      notifySaved: () => notifier.success(STAFF_CPD_EXPORT_TEXT.saved),
      notifyFailed: (_, { message }) => notifier.error(message),
    },
  });
}
