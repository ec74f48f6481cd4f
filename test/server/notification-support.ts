/** Notifications in server tests (issue 37): an unsubscribe token as the app under test signs it (its JWT key). */
import type { NotificationKind } from '../../src/domain/notifications';
import { NotificationMailService } from '../../server/services/notification-mail';
import type { Db } from '../../server/data/client';
import type { Mailer } from '../../server/mail/mailer';
import { TEST_JWT_SECRET } from './fixture';

const signer = new NotificationMailService(null as unknown as Db, null as unknown as Mailer, { publicUrl: '', apiBasePath: '', secret: TEST_JWT_SECRET, now: Date.now });

export const unsubscribeToken = (userId: string, kinds: readonly NotificationKind[]) => signer.unsubscribeToken(userId, kinds);

export interface StreamEvent {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

/** A Server-Sent Events client over fetch (it can send the bearer token and Last-Event-ID), reading as events arrive. */
export async function openStream(url: string, token: string, lastEventId?: number) {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', 'accept-encoding': 'gzip, br', ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}) },
    signal: controller.signal,
  });
  const events: (StreamEvent & { at: number })[] = [];
  let comments = 0;
  let ended = false;
  const reading = (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments += 1;
            else if (line.includes(':')) fields.set(line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart());
          }
          if (fields.has('data')) events.push({ id: fields.get('id'), event: fields.get('event'), data: fields.get('data')!, at: Date.now() });
        }
      }
    } catch {
      // Aborted by close().
    }
    ended = true;
  })();
  return {
    res,
    events,
    comments: () => comments,
    ended: () => ended,
    /** The notification events' data, parsed. */
    notifications: () => events.filter((e) => e.event === 'notification').map((e) => JSON.parse(e.data) as { notification: { _id: string; seq: number; kind: string; commentId: string | null }; unread: number }),
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}
