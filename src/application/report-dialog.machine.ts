/**
 * Reporting a post or comment (issue 37 items 7 and 9, ADR 149): 'Report' opens a dialog with the guidelines' reasons
 * and a note ('Other' needs one); the report is sent; the answer closes the dialog with thanks, or keeps it open with
 * the server's words (a second report of the same item says so). Effects are named actions provided by
 * `report-dialog.effects.ts`; their results come back as events, so the model test walks the whole graph.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { REPORT_NOTE_MAX, type ReportReason, type ReportTarget } from '../domain/moderation';

export const REPORT_DIALOG_TEXT = {
  reasonRequired: 'Please choose a reason',
  noteRequired: 'Please say what is wrong',
  noteTooLong: `Note must be at most ${REPORT_NOTE_MAX} characters`,
  failed: 'Could not send your report. Please try again.',
} as const;

export interface ReportTargetRef {
  type: ReportTarget;
  id: string;
}

export interface ReportDialogContext {
  target: ReportTargetRef | null;
  reason: ReportReason | null;
  note: string;
  /** Why the report cannot go, or why it was refused: shown in the dialog. */
  error: string | null;
  /** What a screen reader hears once the dialog closes on a report sent (a polite live region). */
  announcement: string;
}

export type ReportDialogEvent =
  | { type: 'report.open'; target: ReportTargetRef }
  | { type: 'dialog.close' }
  | { type: 'reason.change'; value: ReportReason }
  | { type: 'note.change'; value: string }
  | { type: 'report.submit' }
  | { type: 'report.succeeded'; message: string }
  | { type: 'report.failed'; message: string };

/** What keeps a report from going, or null: a reason, and for 'other' a note; a note of 500 characters at most. */
export function reportProblem(reason: ReportReason | null, note: string): string | null {
  if (!reason) return REPORT_DIALOG_TEXT.reasonRequired;
  const trimmed = note.trim();
  if (trimmed.length > REPORT_NOTE_MAX) return REPORT_DIALOG_TEXT.noteTooLong;
  if (reason === 'other' && !trimmed) return REPORT_DIALOG_TEXT.noteRequired;
  return null;
}

const fresh = { reason: null, note: '', error: null } as const;

export const reportDialogMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: { context: {} as ReportDialogContext, events: {} as ReportDialogEvent },
  actions: {
    /** POST /reports; answers report.succeeded or report.failed. */
    send: (_, _params: { target: ReportTargetRef; reason: ReportReason; note: string }) => {},
    /** Says the report went (a toast). */
    thank: (_, _params: { message: string }) => {},
  },
  guards: {
    reportable: ({ context }) => reportProblem(context.reason, context.note) === null,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only tools read it (ADR 091).
  id: 'reportDialog',
  context: { target: null, ...fresh, announcement: '' },
  initial: 'closed',
  states: {
    closed: {
      on: { 'report.open': { target: 'editing', actions: assign({ target: ({ event }) => event.target, ...fresh, announcement: '' }) } },
    },
    editing: {
      on: {
        'dialog.close': { target: 'closed', actions: assign({ ...fresh }) },
        'reason.change': { actions: assign({ reason: ({ event }) => event.value, error: null }) },
        'note.change': { actions: assign({ note: ({ event }) => event.value, error: null }) },
        'report.submit': [
          { guard: 'reportable', target: 'sending', actions: assign({ error: null }) },
          { actions: assign({ error: ({ context }) => reportProblem(context.reason, context.note) }) },
        ],
      },
    },
    sending: {
      entry: {
        type: 'send',
        params: ({ context }) => ({ target: context.target!, reason: context.reason!, note: context.note.trim() }),
      },
      on: {
        'report.succeeded': {
          target: 'closed',
          actions: [assign({ ...fresh, announcement: ({ event }) => event.message }), { type: 'thank', params: ({ event }) => ({ message: event.message }) }],
        },
        'report.failed': { target: 'editing', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
  },
});

export type ReportDialogMachine = typeof reportDialogMachine;
export type ReportDialogSnapshot = SnapshotFrom<ReportDialogMachine>;
