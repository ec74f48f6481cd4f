/** The content editor's named effects, against ports only (ADR 157). */
import type { AnyActorRef } from 'xstate';
import type { z } from 'zod';
import { conflictSchema, fieldErrorsSchema } from '../contract/authoring';
import * as authoring from '../contract/authoring';
import { type AuthoringKind, articleFieldsSchema, bannerFieldsSchema, firstProblems, LIBRARY_FIELDS_SCHEMAS, slideFieldsSchema } from '../domain/authoring';
import { ApiError, messageOf } from './api-error';
import { CONTENT_EDITOR_TEXT, type ContentEditorEvent, contentEditorMachine, type EditorItem, type PublishingAction } from './content-editor.machine';
import type { ApiClient, Notifier } from './ports';

export interface ContentEditorPorts {
  api: ApiClient;
  notifier: Notifier;
  log: (message: string, error: unknown) => void;
}

/** The kinds' field schemas, the same the server and the import check with. */
const SCHEMAS: Partial<Record<AuthoringKind, z.ZodType>> = { articles: articleFieldsSchema, slides: slideFieldsSchema, banner: bannerFieldsSchema, ...LIBRARY_FIELDS_SCHEMAS };

/** Each field's first problem, by field name. */
export function fieldErrorsOf(kind: AuthoringKind, fields: Record<string, unknown>): Record<string, string> {
  const schema = SCHEMAS[kind];
  if (!schema) return {};
  const result = schema.safeParse(fields);
  return result.success ? {} : firstProblems(result.error.issues);
}

function reply(self: AnyActorRef, event: ContentEditorEvent) {
  if (self.getSnapshot().status === 'active') self.send(event);
}

/** A refusal the editor shows in place: a 409's two versions, or a 400's field errors; else null. */
function refusal(error: unknown): { conflict: z.infer<typeof conflictSchema> } | { fieldErrors: Record<string, string> } | null {
  if (!(error instanceof ApiError) || error.kind !== 'http') return null;
  if (error.status === 409) {
    const parsed = conflictSchema.safeParse(error.body);
    if (parsed.success) return { conflict: parsed.data };
  }
  if (error.status === 400) {
    const parsed = fieldErrorsSchema.safeParse(error.body);
    if (parsed.success) return { fieldErrors: parsed.data.fieldErrors };
  }
  return null;
}

export function provideContentEditor({ api, notifier, log }: ContentEditorPorts) {
  const act = (kind: AuthoringKind, id: string, version: number, action: PublishingAction) => {
    const params = { kind, id };
    if (action.type === 'publish') return api.call(authoring.publishContent, { params, body: { version, ...(action.at ? { at: action.at } : {}) } });
    if (action.type === 'unpublish') return api.call(authoring.unpublishContent, { params, body: { version, to: action.to } });
    return api.call(authoring.restoreRevision, { params: { ...params, revisionId: action.revisionId }, body: { version } });
  };
  return contentEditorMachine.provide({
    actions: {
      validate: ({ self }, { kind, fields }) => {
        const fieldErrors = fieldErrorsOf(kind, fields);
        queueMicrotask(() => reply(self, Object.keys(fieldErrors).length ? { type: 'validation.failed', fieldErrors } : { type: 'validation.passed' }));
      },
      save: ({ self }, { kind, id, version, fields }) => {
        const saving = id
          ? api.call(authoring.saveContent, { params: { kind, id }, body: { version, fields } }).then((answer) => answer.item)
          : api.call(authoring.createContent, { params: { kind }, body: { fields } })
            .then((created) => api.call(authoring.getContent, { params: { kind, id: created.id } }))
            .then((answer) => answer.item);
        saving.then(
          (item) => reply(self, { type: 'save.succeeded', item: item as EditorItem }),
          (error: unknown) => {
            const refused = refusal(error);
            if (refused && 'conflict' in refused) return reply(self, { type: 'save.conflict', conflict: refused.conflict as never });
            if (refused) return reply(self, { type: 'save.invalid', fieldErrors: refused.fieldErrors });
            log('a save failed', error);
            reply(self, { type: 'save.failed', message: messageOf(error, CONTENT_EDITOR_TEXT.failed) });
          },
        );
      },
      loadPreview: ({ self }, { kind, id }) => {
        api.call(authoring.previewContent, { params: { kind, id } }).then(
          (answer) => reply(self, { type: 'preview.loaded', page: answer.page }),
          (error: unknown) => reply(self, { type: 'preview.failed', message: messageOf(error, CONTENT_EDITOR_TEXT.failed) }),
        );
      },
      publish: ({ self }, { kind, id, version, action }) => {
        act(kind, id, version, action).then(
          (answer) => reply(self, { type: 'publish.succeeded', item: answer.item as EditorItem }),
          (error: unknown) => {
            const refused = refusal(error);
            if (refused && 'conflict' in refused) return reply(self, { type: 'publish.conflict', conflict: refused.conflict as never });
            if (refused) return reply(self, { type: 'publish.invalid', fieldErrors: refused.fieldErrors });
            log('a publish failed', error);
            reply(self, { type: 'publish.failed', message: messageOf(error, CONTENT_EDITOR_TEXT.failed) });
          },
        );
      },
      tell: (_, { message }) => notifier.success(message),
    },
  });
}
