/** Authoring in the staff console (issue 38, ADR 157). Roles are checked by `implement` from each call's `staff`. */
import type { FastifyInstance } from 'fastify';
import * as calls from '../../src/contract/authoring';
import { implement } from '../http/route';
import type { AuthoringService } from '../services/authoring/service';

export async function authoringRoutes(app: FastifyInstance, { service }: { service: AuthoringService }) {
  implement(app, calls.listContent, async ({ params, query }) => ({ success: true, items: await service.list(params.kind, query) }) as const);

  implement(app, calls.contentAuthors, async () => ({ success: true, authors: await service.authors() }) as const);

  implement(app, calls.createContent, async ({ user, params, body }) => ({ success: true, ...(await service.create(user.id, params.kind, body.fields)) }) as const);

  implement(app, calls.getContent, async ({ params }) => ({ success: true, item: await service.get(params.kind, params.id) }) as const);

  implement(app, calls.saveContent, async ({ user, params, body }) => ({
    success: true, item: await service.save(user.id, params.kind, params.id, body.version, body.fields),
  }) as const);

  implement(app, calls.publishContent, async ({ user, params, body }) => ({
    success: true, item: await service.publish(user.id, params.kind, params.id, body.version, body.at),
  }) as const);

  implement(app, calls.unpublishContent, async ({ user, params, body }) => ({
    success: true, item: await service.unpublish(user.id, params.kind, params.id, body.version, body.to),
  }) as const);

  implement(app, calls.contentRevisions, async ({ params }) => ({ success: true, revisions: await service.revisions(params.kind, params.id) }) as const);

  implement(app, calls.restoreRevision, async ({ user, params, body }) => ({
    success: true, item: await service.restore(user.id, params.kind, params.id, params.revisionId, body.version),
  }) as const);

  implement(app, calls.previewContent, async ({ params }) => ({ success: true, kind: params.kind, page: await service.preview(params.kind, params.id) }) as const);
}
