/**
 * The content editor of the staff console (issue 38 item 10, ADR 157): an item is edited, checked by its kind's
 * schema (validating), saved over the version it started from (saving), and a newer version on the server shows both
 * (conflict) until the editor keeps theirs or takes the server's. A saved item can be previewed as its public page
 * (previewing) and published, scheduled, unpublished or restored (publishing); a failure is shown until dismissed
 * (failed). Effects are named actions provided by `content-editor.effects.ts`; their results come back as events.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { AuthoringKind, AuthoringStatus } from '../domain/authoring';

export const CONTENT_EDITOR_TEXT = {
  saved: 'Saved',
  published: 'Published',
  scheduled: 'Scheduled',
  unpublished: 'Unpublished',
  restored: 'Revision restored',
  failed: 'Could not reach the server. Please try again.',
  saveFirst: 'Save your changes first',
} as const;

type Fields = Record<string, unknown>;

/** What the server holds of an item (the contract's AuthoringItem, the parts the editor reads). */
export interface EditorItem {
  id: string;
  version: number;
  status: AuthoringStatus;
  fields: Fields;
  publicUrl: string | null;
  scheduledAt: string | null;
  updatedByName: string;
  updatedAt: string;
}

export interface EditorConflict {
  message: string;
  current: EditorItem;
  yours: Fields;
}

export type PublishingAction =
  | { type: 'publish'; at: string | null }
  | { type: 'unpublish'; to: 'archived' | 'draft' }
  | { type: 'restore'; revisionId: string };

export interface ContentEditorContext {
  kind: AuthoringKind;
  /** The saved item; null for a new one not saved yet. */
  item: EditorItem | null;
  fields: Fields;
  /** The fields as last saved (or loaded): what `dirty` compares with. */
  saved: Fields;
  fieldErrors: Record<string, string>;
  conflict: EditorConflict | null;
  pending: PublishingAction | null;
  /** The item drawn as its public page while previewing. */
  page: Record<string, unknown> | null;
  error: string | null;
  /** What a screen reader hears after a save or a publish (a polite live region). */
  announcement: string;
}

export type ContentEditorEvent =
  | { type: 'field.change'; name: string; value: unknown }
  | { type: 'editor.save' }
  | { type: 'validation.passed' }
  | { type: 'validation.failed'; fieldErrors: Record<string, string> }
  | { type: 'save.succeeded'; item: EditorItem }
  | { type: 'save.invalid'; fieldErrors: Record<string, string> }
  | { type: 'save.conflict'; conflict: EditorConflict }
  | { type: 'save.failed'; message: string }
  | { type: 'conflict.keepMine' }
  | { type: 'conflict.takeTheirs' }
  | { type: 'editor.preview' }
  | { type: 'preview.loaded'; page: Record<string, unknown> }
  | { type: 'preview.failed'; message: string }
  | { type: 'preview.close' }
  | { type: 'editor.publish'; at: string | null }
  | { type: 'editor.unpublish'; to: 'archived' | 'draft' }
  | { type: 'editor.restore'; revisionId: string }
  | { type: 'publish.succeeded'; item: EditorItem }
  | { type: 'publish.conflict'; conflict: EditorConflict }
  | { type: 'publish.invalid'; fieldErrors: Record<string, string> }
  | { type: 'publish.failed'; message: string }
  | { type: 'failed.dismiss' };

export interface ContentEditorInput {
  kind: AuthoringKind;
  item: EditorItem | null;
  /** A new item's first fields. */
  fields?: Fields;
}

const same = (a: Fields, b: Fields) => JSON.stringify(a) === JSON.stringify(b);
/** Whether the fields differ from what was saved. */
export const isDirty = (context: Pick<ContentEditorContext, 'fields' | 'saved' | 'item'>) => !context.item || !same(context.fields, context.saved);

const doneText = (action: PublishingAction | null, item: EditorItem) =>
  action?.type === 'restore' ? CONTENT_EDITOR_TEXT.restored
    : action?.type === 'unpublish' ? CONTENT_EDITOR_TEXT.unpublished
      : item.scheduledAt ? CONTENT_EDITOR_TEXT.scheduled : CONTENT_EDITOR_TEXT.published;

const loaded = (item: EditorItem) => ({ item, fields: item.fields, saved: item.fields, fieldErrors: {}, conflict: null, error: null });

export const contentEditorMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: { context: {} as ContentEditorContext, events: {} as ContentEditorEvent, input: {} as ContentEditorInput },
  actions: {
    /**
     * A field's new value; the errors beside that field go with it, its parts' too (`sections:…`, a lesson's), and the
     * rest stay until the next check.
     */
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      return {
        fields: { ...context.fields, [event.name]: event.value },
        fieldErrors: Object.fromEntries(Object.entries(context.fieldErrors).filter(([name]) => name !== event.name && !name.startsWith(`${event.name}:`))),
      };
    }),
    /** Checks the fields with the kind's schema; answers validation.passed or validation.failed. */
    validate: (_, _params: { kind: AuthoringKind; fields: Fields }) => {},
    /** Creates (no id) or saves over `version`; answers save.succeeded, save.invalid, save.conflict or save.failed. */
    save: (_, _params: { kind: AuthoringKind; id: string | null; version: number; fields: Fields }) => {},
    /** Reads the item as its public page; answers preview.loaded or preview.failed. */
    loadPreview: (_, _params: { kind: AuthoringKind; id: string }) => {},
    /**
     * Publishes (or schedules), unpublishes or restores; answers publish.succeeded, publish.conflict, publish.invalid (a
     * refusal by field, such as a course's lesson that breaks a lesson rule) or publish.failed.
     */
    publish: (_, _params: { kind: AuthoringKind; id: string; version: number; action: PublishingAction }) => {},
    /** Says what was done (a toast). */
    tell: (_, _params: { message: string }) => {},
  },
  guards: {
    savedAndClean: ({ context }) => !isDirty(context),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only tools read it (ADR 091).
  id: 'contentEditor',
  context: ({ input }) => ({
    kind: input.kind, item: input.item, fields: input.item?.fields ?? input.fields ?? {}, saved: input.item?.fields ?? {},
    fieldErrors: {}, conflict: null, pending: null, page: null, error: null, announcement: '',
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'editor.save': { target: 'validating', actions: assign({ error: null, announcement: '' }) },
        'editor.preview': [
          { guard: 'savedAndClean', target: 'previewing', actions: assign({ page: null, error: null }) },
          { actions: assign({ error: CONTENT_EDITOR_TEXT.saveFirst }) },
        ],
        'editor.publish': [
          { guard: 'savedAndClean', target: 'publishing', actions: assign({ pending: ({ event }) => ({ type: 'publish' as const, at: event.at }), error: null }) },
          { actions: assign({ error: CONTENT_EDITOR_TEXT.saveFirst }) },
        ],
        'editor.unpublish': [
          { guard: 'savedAndClean', target: 'publishing', actions: assign({ pending: ({ event }) => ({ type: 'unpublish' as const, to: event.to }), error: null }) },
          { actions: assign({ error: CONTENT_EDITOR_TEXT.saveFirst }) },
        ],
        'editor.restore': [
          { guard: 'savedAndClean', target: 'publishing', actions: assign({ pending: ({ event }) => ({ type: 'restore' as const, revisionId: event.revisionId }), error: null }) },
          { actions: assign({ error: CONTENT_EDITOR_TEXT.saveFirst }) },
        ],
      },
    },
    validating: {
      entry: { type: 'validate', params: ({ context }) => ({ kind: context.kind, fields: context.fields }) },
      on: {
        'validation.passed': { target: 'saving', actions: assign({ fieldErrors: {} }) },
        'validation.failed': { target: 'editing', actions: assign({ fieldErrors: ({ event }) => event.fieldErrors }) },
      },
    },
    saving: {
      entry: {
        type: 'save',
        params: ({ context }) => ({ kind: context.kind, id: context.item?.id ?? null, version: context.item?.version ?? 0, fields: context.fields }),
      },
      on: {
        'save.succeeded': {
          target: 'editing',
          actions: [
            assign(({ event }) => ({ ...loaded(event.item), announcement: CONTENT_EDITOR_TEXT.saved })),
            { type: 'tell', params: { message: CONTENT_EDITOR_TEXT.saved } },
          ],
        },
        'save.invalid': { target: 'editing', actions: assign({ fieldErrors: ({ event }) => event.fieldErrors }) },
        'save.conflict': { target: 'conflict', actions: assign({ conflict: ({ event }) => event.conflict }) },
        'save.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    conflict: {
      on: {
        // Keep mine: the fields stay, over the server's version, so the next save goes through knowingly.
        'conflict.keepMine': {
          target: 'editing',
          actions: assign(({ context }) => ({ item: context.conflict!.current, saved: context.conflict!.current.fields, conflict: null })),
        },
        'conflict.takeTheirs': { target: 'editing', actions: assign(({ context }) => loaded(context.conflict!.current)) },
      },
    },
    previewing: {
      entry: { type: 'loadPreview', params: ({ context }) => ({ kind: context.kind, id: context.item!.id }) },
      on: {
        'preview.loaded': { actions: assign({ page: ({ event }) => event.page }) },
        'preview.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
        'preview.close': { target: 'editing', actions: assign({ page: null }) },
      },
    },
    publishing: {
      entry: {
        type: 'publish',
        params: ({ context }) => ({ kind: context.kind, id: context.item!.id, version: context.item!.version, action: context.pending! }),
      },
      on: {
        'publish.succeeded': {
          target: 'editing',
          actions: [
            assign(({ context, event }) => ({ ...loaded(event.item), pending: null, announcement: doneText(context.pending, event.item) })),
            { type: 'tell', params: ({ context }) => ({ message: context.announcement }) },
          ],
        },
        'publish.conflict': { target: 'conflict', actions: assign({ conflict: ({ event }) => event.conflict, pending: null }) },
        // Refused by field (a course's lesson that breaks a lesson rule, its missing assessment): said beside each field.
        'publish.invalid': { target: 'editing', actions: assign({ fieldErrors: ({ event }) => event.fieldErrors, pending: null }) },
        'publish.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.message, pending: null }) },
      },
    },
    failed: {
      on: {
        'failed.dismiss': { target: 'editing', actions: assign({ error: null }) },
        // Typing on is taken as dismissing the failure: the form is never silently deaf to the editor.
        'field.change': { target: 'editing', actions: [assign({ error: null }), 'changeField'] },
      },
    },
  },
});

export type ContentEditorMachine = typeof contentEditorMachine;
export type ContentEditorSnapshot = SnapshotFrom<ContentEditorMachine>;
