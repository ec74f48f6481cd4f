/**
 * The /cpd dashboard (issue 39 items 3, 4 and 9, ADR 155), two regions side by side:
 * - `dashboard`: the ledger read (loading, ready, failed) and switching one body to another period (switching);
 * - `activity`: the external-activity form: closed, editing, validating (a transient check), submitting, failed, done.
 * Effects are named actions provided by `cpd.effects.ts`; their answers come back as events, so the model test walks
 * the whole graph without a network.
 */
import { assign, raise, setup, type SnapshotFrom } from 'xstate';
import { selfReportProblem } from '../domain/cpd';
import { type CpdBody, CREDIT_TYPES, type CreditType } from '../domain/cpd.bodies';

/** What the dashboard shows of one body; the effects fill it from the ledger call. */
export interface LedgerView {
  body: CpdBody;
  period: { id: string };
  [key: string]: unknown;
}

export interface EvidenceFile {
  name: string;
  size: number;
  type: string;
  /** The bytes (a browser File); opaque here. */
  blob?: unknown;
}

export interface ActivityDraft {
  title: string;
  provider: string;
  date: string;
  amount: string;
  body: CpdBody | '';
  type: CreditType | '';
  courseNumber: string;
  file: EvidenceFile | null;
}

export type DraftField = Exclude<keyof ActivityDraft, 'file'>;
export type DraftProblems = Partial<Record<DraftField | 'file', string>>;

export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;
export const EVIDENCE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

export const CPD_TEXT = {
  loadFailed: 'Could not load your continuing-education record. Please try again.',
  periodFailed: 'Could not load that period. Please try again.',
  submitFailed: 'Could not add the activity. Please try again.',
  added: 'Activity added to your record',
} as const;

export const EMPTY_DRAFT: ActivityDraft = { title: '', provider: '', date: '', amount: '', body: '', type: '', courseNumber: '', file: null };

/** The types a member may report themselves for a body: every type it grants but AIA's HSW (AIA rule). */
export function selfReportTypes(body: CpdBody | ''): CreditType[] {
  if (!body) return [];
  return (CREDIT_TYPES[body] as readonly CreditType[]).filter((t) => !(body === 'aia' && t === 'LU/HSW'));
}

/** Each field's problem, said beside it; empty when the activity can go. `today` is an ISO date. */
export function draftProblems(draft: ActivityDraft, today: string): DraftProblems {
  const problems: DraftProblems = {};
  if (!draft.title.trim()) problems.title = 'Title is required';
  else if (draft.title.trim().length > 200) problems.title = 'Title must be at most 200 characters';
  if (!draft.provider.trim()) problems.provider = 'Provider is required';
  else if (draft.provider.trim().length > 200) problems.provider = 'Provider must be at most 200 characters';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) problems.date = 'Enter the date you did it';
  const amount = Number(draft.amount);
  if (!draft.amount.trim() || !Number.isFinite(amount) || amount <= 0) problems.amount = 'Enter the credit earned';
  else if (amount > 40) problems.amount = 'At most 40 for one activity';
  if (!draft.body) problems.body = 'Choose the body';
  if (!draft.type) problems.type = 'Choose the type of credit';
  if (draft.courseNumber.trim().length > 60) problems.courseNumber = 'Course number must be at most 60 characters';
  if (draft.file) {
    if (!(EVIDENCE_TYPES as readonly string[]).includes(draft.file.type)) problems.file = 'Evidence must be a PDF, JPEG or PNG file';
    else if (draft.file.size > EVIDENCE_MAX_BYTES) problems.file = 'Evidence can be up to 10 MB';
  }
  if (draft.body && draft.type && !problems.date && !problems.amount) {
    const rule = selfReportProblem({ body: draft.body, type: draft.type, amount, date: draft.date }, today);
    if (rule) problems[/future|grace|could be added/.test(rule) ? 'date' : /a day/.test(rule) ? 'amount' : 'type'] = rule;
  }
  return problems;
}

export interface CpdContext {
  today: string;
  bodies: LedgerView[];
  /** The body being switched to another period, and which. */
  switching: { body: CpdBody; period: string } | null;
  loadError: string | null;
  draft: ActivityDraft;
  problems: DraftProblems;
  /** The server's refusal, or a failure, of the last submit. */
  submitError: string | null;
}

export type CpdEvent =
  | { type: 'ledger.loaded'; bodies: LedgerView[] }
  | { type: 'ledger.failed'; message: string }
  | { type: 'ledger.reload' }
  | { type: 'period.choose'; body: CpdBody; period: string }
  | { type: 'period.loaded'; ledger: LedgerView }
  | { type: 'period.failed'; message: string }
  | { type: 'activity.open'; body?: CpdBody }
  | { type: 'activity.close' }
  | { type: 'field.change'; field: DraftField; value: string }
  | { type: 'file.change'; file: EvidenceFile | null }
  | { type: 'activity.submit' }
  | { type: 'activity.succeeded'; title: string }
  | { type: 'activity.failed'; message: string }
  | { type: 'activity.another' };

function changed(draft: ActivityDraft, field: DraftField, value: string): ActivityDraft {
  const next = { ...draft, [field]: value } as ActivityDraft;
  // A new body keeps the type only when that body grants it.
  if (field === 'body' && !(selfReportTypes(next.body) as string[]).includes(next.type)) next.type = '';
  return next;
}

export const cpdMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: { context: {} as CpdContext, events: {} as CpdEvent, input: {} as { today: string } },
  actions: {
    /** GET /cpd/ledger (every body at its current period); answers ledger.loaded or ledger.failed. */
    loadLedger: () => {},
    /** GET /cpd/ledger?body=&period=; answers period.loaded or period.failed. */
    loadPeriod: (_, _params: { body: CpdBody; period: string }) => {},
    /** POST /cpd/activities (multipart); answers activity.succeeded or activity.failed. */
    submitActivity: (_, _params: { draft: ActivityDraft }) => {},
    /** Says the activity was added (a toast). */
    announce: (_, _params: { title: string }) => {},
    /** Says a period could not be read (a toast), the shown period staying. */
    warn: (_, _params: { message: string }) => {},
  },
  guards: {
    valid: ({ context }) => Object.keys(draftProblems(context.draft, context.today)).length === 0,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only tools read it (ADR 091).
  id: 'cpd',
  type: 'parallel',
  context: ({ input }) => ({ today: input.today, bodies: [], switching: null, loadError: null, draft: EMPTY_DRAFT, problems: {}, submitError: null }),
  states: {
    dashboard: {
      initial: 'loading',
      states: {
        loading: {
          entry: 'loadLedger',
          on: {
            'ledger.loaded': { target: 'ready', actions: assign({ bodies: ({ event }) => event.bodies, loadError: null }) },
            'ledger.failed': { target: 'failed', actions: assign({ loadError: ({ event }) => event.message }) },
          },
        },
        failed: { on: { 'ledger.reload': 'loading' } },
        ready: {
          on: {
            'ledger.reload': 'loading',
            'period.choose': { target: 'switching', actions: assign({ switching: ({ event }) => ({ body: event.body, period: event.period }) }) },
          },
        },
        switching: {
          entry: { type: 'loadPeriod', params: ({ context }) => context.switching! },
          on: {
            'period.loaded': {
              target: 'ready',
              actions: assign({
                bodies: ({ context, event }) => context.bodies.map((b) => (b.body === event.ledger.body ? event.ledger : b)),
                switching: null,
              }),
            },
            'period.failed': { target: 'ready', actions: [assign({ switching: null }), { type: 'warn', params: ({ event }) => ({ message: event.message }) }] },
          },
        },
      },
    },
    activity: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'activity.open': {
              target: 'editing',
              actions: assign({ draft: ({ event }) => ({ ...EMPTY_DRAFT, body: event.body ?? '' }), problems: {}, submitError: null }),
            },
          },
        },
        editing: {
          on: {
            'activity.close': 'closed',
            'field.change': {
              actions: assign({
                draft: ({ context, event }) => changed(context.draft, event.field, event.value),
                problems: ({ context, event }) => ({ ...context.problems, [event.field]: undefined }),
              }),
            },
            'file.change': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, file: event.file }), problems: ({ context }) => ({ ...context.problems, file: undefined }) }) },
            'activity.submit': 'validating',
          },
        },
        validating: {
          always: [
            { guard: 'valid', target: 'submitting', actions: assign({ problems: {}, submitError: null }) },
            { target: 'editing', actions: assign({ problems: ({ context }) => draftProblems(context.draft, context.today) }) },
          ],
        },
        submitting: {
          entry: { type: 'submitActivity', params: ({ context }) => ({ draft: context.draft }) },
          on: {
            'activity.succeeded': { target: 'done', actions: [{ type: 'announce', params: ({ event }) => ({ title: event.title }) }, raise({ type: 'ledger.reload' })] },
            'activity.failed': { target: 'failed', actions: assign({ submitError: ({ event }) => event.message }) },
          },
        },
        failed: {
          on: {
            'field.change': { target: 'editing', actions: assign({ draft: ({ context, event }) => changed(context.draft, event.field, event.value), submitError: null }) },
            'file.change': { target: 'editing', actions: assign({ draft: ({ context, event }) => ({ ...context.draft, file: event.file }), submitError: null }) },
            'activity.submit': 'validating',
            'activity.close': { target: 'closed', actions: assign({ submitError: null }) },
          },
        },
        done: {
          on: {
            'activity.another': { target: 'editing', actions: assign({ draft: ({ context }) => ({ ...EMPTY_DRAFT, body: context.draft.body }), problems: {} }) },
            'activity.close': 'closed',
          },
        },
      },
    },
  },
});

export type CpdMachine = typeof cpdMachine;
export type CpdSnapshot = SnapshotFrom<CpdMachine>;
