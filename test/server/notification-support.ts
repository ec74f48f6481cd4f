/**
 * Notifications in server tests (issue 37): posts and replies by a member, an unsubscribe token as the app under test
 * signs it (its JWT key), and a Server-Sent Events client.
 */
import type { NotificationKind } from '../../src/domain/notifications';
import { NotificationMailService } from '../../server/services/notification-mail';
import type { Db } from '../../server/data/client';
import type { Mailer } from '../../server/mail/mailer';
import { expect } from 'vitest';
import { createComment } from '../../src/contract/comments';
import { createDiscussion } from '../../src/contract/discussions';
import { SDG_CONSTANTS } from '../../src/domain/sdg-topics';
import { send } from './api';
import { TEST_JWT_SECRET, type TestContext } from './fixture';
import type { Member } from './members';

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
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
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

export const CATEGORY = Object.keys(SDG_CONSTANTS.subcategories)[0]!;
export const SUBCATEGORY = SDG_CONSTANTS.subcategories[CATEGORY]![0]!.value;

export async function postBy(ctx: TestContext, who: Member, title = 'Mass timber in mid-rise housing') {
  const res = await send(ctx, createDiscussion, { body: { title, content: '<p>What do you know of it?</p>', category: CATEGORY, subcategory: SUBCATEGORY }, token: who.token });
  expect(res.statusCode).toBe(200);
  return res.json().discussion._id as string;
}
export async function replyBy(ctx: TestContext, who: Member, discussionId: string, parentCommentId?: string) {
  const res = await send(ctx, createComment, { body: { discussionId, content: '<p>Here is a source.</p>', ...(parentCommentId ? { parentCommentId } : {}) }, token: who.token });
  expect(res.statusCode).toBe(200);
  return res.json().comment._id as string;
}
