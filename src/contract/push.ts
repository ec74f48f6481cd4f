/**
 * Web Push (issue 42 item 4, ADR 169): the server's public VAPID key, and a device's subscription with the kinds of
 * notification it receives. The browser's PushSubscription.toJSON() is the body's `endpoint` and `keys`.
 */
import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../domain/notifications';
import { call } from './define';

const ok = z.literal(true);
/** base64url, as PushSubscription.toJSON() gives the keys. */
const base64url = (max: number) => z.string().min(16).max(max).regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Expected base64url');

export const getPushKey = call({
  name: 'push.key', method: 'GET', path: '/notifications/push/key', auth: 'required',
  response: z.object({ success: ok, publicKey: z.string() }),
});

export const pushSubscriptionSchema = z.object({
  endpoint: z.url().max(2000),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});

export const subscribePush = call({
  name: 'push.subscribe', method: 'PUT', path: '/notifications/push/subscription', auth: 'required',
  body: pushSubscriptionSchema.extend({ kinds: z.array(z.enum(NOTIFICATION_KINDS)).min(1).max(NOTIFICATION_KINDS.length) }),
  response: z.object({ success: ok, message: z.string(), kinds: z.array(z.enum(NOTIFICATION_KINDS)) }),
});

export const unsubscribePush = call({
  name: 'push.unsubscribe', method: 'POST', path: '/notifications/push/subscription/remove', auth: 'required',
  body: z.object({ endpoint: z.url().max(2000) }),
  response: z.object({ success: ok, message: z.string() }),
});

/** What this device receives (its endpoint, from the browser): the kinds, or null when the server has no such device. */
export const getPushSubscription = call({
  name: 'push.subscription', method: 'GET', path: '/notifications/push/subscription', auth: 'required',
  query: z.object({ endpoint: z.url().max(2000) }),
  response: z.object({ success: ok, kinds: z.array(z.enum(NOTIFICATION_KINDS)).nullable() }),
});
