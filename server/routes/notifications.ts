/**
 * The notifications API (issue 37, ADR 146): the list and read marks, the choices per kind and the time zone, the
 * RFC 8058 one-click unsubscribe, follows, and the live stream (Server-Sent Events, outside the JSON contract).
 */
import type { FastifyInstance } from 'fastify';
import {
  getNotificationPreferences, listFollows, listNotifications, NOTIFICATION_STREAM_PATH, readNotifications, setFollow, unsubscribeNotifications,
  updateNotificationPreferences,
} from '../../src/contract/notifications';
import { validTimeZone } from '../../src/domain/time-zone';
import { HttpError } from '../http/errors';
import { implement } from '../http/route';
import { invalid } from '../services/errors';
import type { NotificationMailService } from '../services/notification-mail';
import type { NotificationStreams } from '../services/notification-stream';
import type { NotificationService } from '../services/notifications';

export interface NotificationRouteDeps {
  service: NotificationService;
  mail: NotificationMailService;
  streams: NotificationStreams;
}

/** A Last-Event-ID (header, or `lastEventId` for clients that cannot set headers): a seq, else none. */
function lastEventIdOf(header: string | string[] | undefined, query: unknown): number | null {
  const raw = (Array.isArray(header) ? header[0] : header) ?? (query as { lastEventId?: unknown } | undefined)?.lastEventId;
  const n = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
  return n !== null && Number.isSafeInteger(n) ? n : null;
}

export async function notificationRoutes(app: FastifyInstance, { service, mail, streams }: NotificationRouteDeps) {
  implement(app, listNotifications, async ({ user, query, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return { success: true, ...(await service.list(user.id, query)) } as const;
  });

  implement(app, readNotifications, async ({ user, body }) => ({ success: true, unread: await service.read(user.id, body) }) as const);

  implement(app, getNotificationPreferences, async ({ user, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return { success: true, ...(await service.preferences(user.id)) } as const;
  });

  implement(app, updateNotificationPreferences, async ({ user, body }) => {
    const timeZone = body.timeZone === undefined ? undefined : validTimeZone(body.timeZone);
    if (timeZone === null) throw invalid('timeZone: Please give a time zone by its IANA name, such as Europe/Paris');
    return { success: true, ...(await service.updatePreferences(user.id, body.preferences ?? {}, timeZone)) } as const;
  });

  // RFC 8058: a mail program POSTs `List-Unsubscribe=One-Click`, form-encoded, to the List-Unsubscribe address.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  implement(app, unsubscribeNotifications, async ({ query, request, reply }) => {
    const form = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
    if (form && (request.body as Record<string, unknown> | undefined)?.['List-Unsubscribe'] !== 'One-Click') {
      throw new HttpError(400, 'Send List-Unsubscribe=One-Click to unsubscribe');
    }
    const kinds = await mail.unsubscribe(query.token);
    reply.header('cache-control', 'no-store');
    return { success: true, kind: kinds[0]! } as const;
  });

  // A GET of the same address (a mail program without RFC 8058 opens it in the browser, and link scanners fetch it)
  // unsubscribes nothing: it is sent to the notification settings, where the member chooses.
  app.get(unsubscribeNotifications.path, async (_request, reply) => reply.header('cache-control', 'no-store').redirect('/profile', 303));

  implement(app, listFollows, async ({ user }) => ({ success: true, follows: await service.follows(user.id) }) as const);
  implement(app, setFollow, async ({ user, body }) => {
    const { following, ...target } = body;
    return { success: true, following: await service.setFollow(user.id, target, following) } as const;
  });

  // The stream: not JSON, not compressed, not kept, held open until the member or the server ends it.
  app.get(NOTIFICATION_STREAM_PATH, async (request, reply) => {
    if (app.shuttingDown) throw new HttpError(503, 'The server is restarting. Please try again in a moment.');
    // EventSource cannot set headers: the browser's session cookie stands for the bearer token.
    const user = await app.authenticate(request, true, { orCookie: true });
    const lastEventId = lastEventIdOf(request.headers['last-event-id'], request.query);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      // nginx would otherwise buffer the answer.
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    request.raw.socket.setNoDelay(true);
    await streams.open(user!.id, res, lastEventId).catch((error: unknown) => {
      request.log.error({ err: error }, 'notification stream failed');
      res.end();
    });
  });
}
