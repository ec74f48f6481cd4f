/**
 * The content editor's named effects, against ports only (ADR 157). The authoring contract and the kinds' field
 * schemas (zod) load with the editor's first effect, not with the app shell every page starts (ADR 181).
 */
import type { AnyActorRef } from 'xstate';
import type { z } from 'zod';
import type { conflictSchema } from '../contract/authoring';
import type { AuthoringKind } from '../domain/authoring';
import { ApiError, messageOf } from './api-error';
import { CONTENT_EDITOR_TEXT, type ContentEditorEvent, contentEditorMachine, type EditorItem, type PublishingAction } from './content-editor.machine';
import { lazyCalls } from './lazy-calls';
import type { ApiClient, Notifier } from './ports';

const authoringCalls = lazyCalls(() => import(/* webpackChunkName: "contract-authoring" */ '../contract/authoring'));
const authoringRules = lazyCalls(() => import(/* webpackChunkName: "contract-authoring" */ '../domain/authoring'));
type AuthoringCalls = typeof import('../contract/authoring');

export interface ContentEditorPorts {
  api: ApiClient;
  notifier: Notifier;
  log: (message: string, error: unknown) => void;
}

function reply(self: AnyActorRef, event: ContentEditorEvent) {
  if (self.getSnapshot().status === 'active') self.send(event);
}

/** A refusal the editor shows in place: a 409's two versions, or a 400's field errors; else null. */
function refusal(authoring: AuthoringCalls, error: unknown): { conflict: z.infer<typeof conflictSchema> } | { fieldErrors: Record<string, string> } | null {
  if (!(error instanceof ApiError) || error.kind !== 'http') return null;
  if (error.status === 409) {
    const parsed = authoring.conflictSchema.safeParse(error.body);
    if (parsed.success) return { conflict: parsed.data };
  }
  if (error.status === 400) {
    const parsed = authoring.fieldErrorsSchema.safeParse(error.body);
    if (parsed.success) return { fieldErrors: parsed.data.fieldErrors };
  }
  return null;
}

/**
 * Answers a save or a publish that did not succeed: a 409 shows both versions, a 400 its field errors in place, and
 * anything else (the authoring contract that never loaded included) is logged and shown as failed.
 */
function answerFailure(self: AnyActorRef, step: 'save' | 'publish', authoring: AuthoringCalls | null, error: unknown, log: ContentEditorPorts['log']) {
  const refused = authoring ? refusal(authoring, error) : null;
  if (refused && 'conflict' in refused) return reply(self, { type: `${step}.conflict`, conflict: refused.conflict as never });
  if (refused) return reply(self, { type: `${step}.invalid`, fieldErrors: refused.fieldErrors });
  log(`a ${step} failed`, error);
  reply(self, { type: `${step}.failed`, message: messageOf(error, CONTENT_EDITOR_TEXT.failed) });
}

export function provideContentEditor({ api, notifier, log }: ContentEditorPorts) {
  const act = (authoring: AuthoringCalls, kind: AuthoringKind, id: string, version: number, action: PublishingAction) => {
    const params = { kind, id };
    if (action.type === 'publish') return api.call(authoring.publishContent, { params, body: { version, ...(action.at ? { at: action.at } : {}) } });
    if (action.type === 'unpublish') return api.call(authoring.unpublishContent, { params, body: { version, to: action.to } });
    return api.call(authoring.restoreRevision, { params: { ...params, revisionId: action.revisionId }, body: { version } });
  };
  return contentEditorMachine.provide({
    actions: {
      validate: ({ self }, { kind, fields }) => {
        // Answered after the action returns, as the machine expects. Rules that failed to load leave the check to the
        // server: the save that follows needs the same connection, and says so if it is gone.
        authoringRules.load().then(
          (rules) => {
            const fieldErrors = rules.fieldErrorsOf(kind, fields);
            reply(self, Object.keys(fieldErrors).length ? { type: 'validation.failed', fieldErrors } : { type: 'validation.passed' });
          },
          () => reply(self, { type: 'validation.passed' }),
        );
      },
      save: ({ self }, { kind, id, version, fields }) => {
        authoringCalls((authoring) => {
          const saving = id
            ? api.call(authoring.saveContent, { params: { kind, id }, body: { version, fields } }).then((answer) => answer.item)
            : api.call(authoring.createContent, { params: { kind }, body: { fields } })
              .then((created) => api.call(authoring.getContent, { params: { kind, id: created.id } }))
              .then((answer) => answer.item);
          return saving.then(
            (item) => reply(self, { type: 'save.succeeded', item: item as EditorItem }),
            (error: unknown) => answerFailure(self, 'save', authoring, error, log),
          );
        }).catch((error: unknown) => answerFailure(self, 'save', null, error, log));
      },
      loadPreview: ({ self }, { kind, id }) => {
        authoringCalls((authoring) => api.call(authoring.previewContent, { params: { kind, id } })).then(
          (answer) => reply(self, { type: 'preview.loaded', page: answer.page }),
          (error: unknown) => reply(self, { type: 'preview.failed', message: messageOf(error, CONTENT_EDITOR_TEXT.failed) }),
        );
      },
      publish: ({ self }, { kind, id, version, action }) => {
        authoringCalls((authoring) =>
          act(authoring, kind, id, version, action).then(
            (answer) => reply(self, { type: 'publish.succeeded', item: answer.item as EditorItem }),
            (error: unknown) => answerFailure(self, 'publish', authoring, error, log),
          )).catch((error: unknown) => answerFailure(self, 'publish', null, error, log));
      },
      tell: (_, { message }) => notifier.success(message),
    },
  });
}
