/** Reports and the moderation queue (issue 37 item 7, ADR 149). Staff roles are checked by `implement` from `staff`. */
import type { FastifyInstance } from 'fastify';
import * as calls from '../../src/contract/moderation';
import { implement } from '../http/route';
import type { ModerationService } from '../services/moderation';

export async function moderationRoutes(app: FastifyInstance, { service }: { service: ModerationService }) {
  // A report can hide its item, and every action changes what the cached feed and threads show.
  const changes = 'community';

  implement(app, calls.createReport, async ({ user, body }) => ({ success: true, message: await service.report(user.id, body) }) as const, { changes });

  implement(app, calls.moderationQueue, async () => ({ success: true, items: await service.queue() }) as const);

  implement(app, calls.moderateItem, async ({ user, params, body }) => ({
    success: true, message: await service.act(user.id, params.targetType, params.targetId, body),
  }) as const, { changes });

  implement(app, calls.silenceMember, async ({ user, params, body }) => ({
    success: true, ...(await service.silence(user.id, params.userId, body.days, body.reason)),
  }) as const);

  implement(app, calls.pinDiscussion, async ({ user, params, body }) => ({
    success: true, message: await service.pin(user.id, params.id, body.pinned),
  }) as const, { changes });
}
