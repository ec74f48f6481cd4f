/** Web Push (issue 42 item 4, ADR 169): the VAPID public key, and a device's subscription turned on, changed or off. */
import type { FastifyInstance } from 'fastify';
import { getPushKey, getPushSubscription, subscribePush, unsubscribePush } from '../../src/contract/push';
import { implement } from '../http/route';
import type { PushService } from '../services/push';

export async function pushRoutes(app: FastifyInstance, { service }: { service: PushService }) {
  implement(app, getPushKey, async ({ reply }) => {
    reply.header('cache-control', 'private, max-age=3600');
    return { success: true, publicKey: service.publicKey } as const;
  });
  implement(app, getPushSubscription, async ({ user, query, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return { success: true, kinds: await service.kinds(user.id, query.endpoint) } as const;
  });
  implement(app, subscribePush, async ({ user, body }) => ({ success: true, ...(await service.subscribe(user.id, body)) }) as const);
  implement(app, unsubscribePush, async ({ user, body }) => ({ success: true, message: await service.unsubscribe(user.id, body.endpoint) }) as const);
}
