/**
 * 'Export for AIA CES' in the staff console (issue 39 item 6, ADR 166): idle until staff press it with completions
 * ready; exporting while the server makes the provider's upload file, marks those completions reported and audits it;
 * done (the file saved, the list read again) or failed with the reason and a retry. Pressing again after an export
 * makes the next one, when more completions are ready. Effects are named actions provided by
 * `staff-cpd-export.effects.ts`; their answers come back as events, so the model test walks the whole graph.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';

export const STAFF_CPD_EXPORT_TEXT = {
  exporting: 'Preparing the export...',
  failed: 'Could not export the completions. Please try again.',
  saved: 'Export for AIA CES saved. Upload it in the AIA CES provider dashboard.',
} as const;

/** 'Exported 2 completions: they are marked reported.' */
export const exportedText = (rows: number) => `Exported ${rows} ${rows === 1 ? 'completion' : 'completions'}: they are marked reported.`;

export interface StaffCpdExportContext {
  /** Completions ready to export, as the list on screen shows them. */
  ready: number;
  /** Rows in the last file saved. */
  exported: number;
  /** Why the last export failed (shown beside Retry), else null. */
  error: string | null;
  /** What a screen reader hears (a polite live region). */
  announcement: string;
  /** Counts the exports made: the list of completions is read again when it changes. */
  round: number;
}

export type StaffCpdExportEvent =
  | { type: 'ready.change'; count: number }
  | { type: 'export' }
  | { type: 'retry' }
  | { type: 'export.done'; rows: number }
  | { type: 'export.failed'; message: string };

export const staffCpdExportMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: { context: {} as StaffCpdExportContext, events: {} as StaffCpdExportEvent, input: {} as { ready: number } },
  actions: {
    /** POST /staff/cpd/exports and saves the CSV; answers export.done (its rows) or export.failed. */
    exportCsv: () => {},
    /** Says the file was saved (a toast). */
    notifySaved: () => {},
    /** Says why the export failed (a toast). */
    notifyFailed: (_, _params: { message: string }) => {},
  },
  guards: {
    hasReady: ({ context }) => context.ready > 0,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only tools read it (ADR 091).
  id: 'staffCpdExport',
  context: ({ input }) => ({ ready: input.ready, exported: 0, error: null, announcement: '', round: 0 }),
  initial: 'idle',
  on: {
    'ready.change': { actions: assign({ ready: ({ event }) => event.count }) },
  },
  states: {
    idle: {
      on: { export: { guard: 'hasReady', target: 'exporting' } },
    },
    exporting: {
      entry: [assign({ error: null, announcement: STAFF_CPD_EXPORT_TEXT.exporting }), 'exportCsv'],
      on: {
        'export.done': {
          target: 'done',
          actions: [
            assign({ exported: ({ event }) => event.rows, announcement: ({ event }) => exportedText(event.rows), round: ({ context }) => context.round + 1 }),
            'notifySaved',
          ],
        },
        'export.failed': {
          target: 'failed',
          actions: [assign({ error: ({ event }) => event.message, announcement: '' }), { type: 'notifyFailed', params: ({ event }) => ({ message: event.message }) }],
        },
      },
    },
    done: {
      on: { export: { guard: 'hasReady', target: 'exporting' } },
    },
    failed: {
      on: { retry: { target: 'exporting' } },
    },
  },
});

export type StaffCpdExportMachine = typeof staffCpdExportMachine;
export type StaffCpdExportSnapshot = SnapshotFrom<StaffCpdExportMachine>;
