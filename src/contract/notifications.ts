/** Notifications, their email preferences and follows (issue 37). The live stream is Server-Sent Events, not JSON. */
import { z } from 'zod';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, NOTIFICATION_PAGE_SIZE } from '../domain/notifications';
import { call } from './define';

const ok = z.literal(true);
const kind = z.enum(NOTIFICATION_KINDS);
const channel = z.enum(NOTIFICATION_CHANNELS);

export const notificationSchema = z.object({
  _id: z.string(),
  /** Orders the stream; the SSE event id. */
  seq: z.number(),
  kind,
  actor: z.object({ _id: z.string(), name: z.string(), profilePicture: z.string().optional() }).nullable(),
  /** How many members a grouped like stands for. */
  actorCount: z.number(),
  discussion: z.object({ _id: z.string(), title: z.string() }).nullable(),
  commentId: z.string().nullable(),
  detail: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

export const listNotifications = call({
  name: 'notifications.list', method: 'GET', path: '/notifications', auth: 'required',
  query: z.object({
    /** The `seq` of the last item of the page before: the next page holds older ones. */
    before: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_PAGE_SIZE),
  }),
  response: z.object({ success: ok, notifications: z.array(notificationSchema), unread: z.number(), nextBefore: z.number().nullable() }),
});

export const readNotifications = call({
  name: 'notifications.read', method: 'POST', path: '/notifications/read', auth: 'required',
  /** Some by id, or every one (`all`). */
  body: z.union([
    z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(100) }),
    z.object({ all: z.literal(true) }),
  ]),
  response: z.object({ success: ok, unread: z.number() }),
  invalidates: ['/notifications'],
});

/**
 * `GET /notifications/stream`: Server-Sent Events for the signed-in member. Each `notification` event's id is the
 * notification's `seq` and its data `notificationEventSchema`; a reconnect sends `Last-Event-ID` and gets what it missed.
 */
export const NOTIFICATION_STREAM_PATH = '/notifications/stream';
export const notificationEventSchema = z.object({ notification: notificationSchema, unread: z.number() });
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

const preferencesSchema = z.object(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, channel])) as Record<(typeof NOTIFICATION_KINDS)[number], typeof channel>);

export const getNotificationPreferences = call({
  name: 'notifications.preferences', method: 'GET', path: '/notifications/preferences', auth: 'required',
  response: z.object({ success: ok, preferences: preferencesSchema, timeZone: z.string().nullable() }),
});

export const updateNotificationPreferences = call({
  name: 'notifications.updatePreferences', method: 'PUT', path: '/notifications/preferences', auth: 'required',
  body: z.object({ preferences: preferencesSchema.partial().optional(), timeZone: z.string().min(1).max(64).optional() }),
  response: z.object({ success: ok, preferences: preferencesSchema, timeZone: z.string().nullable() }),
  invalidates: ['/notifications/preferences'],
});

/** RFC 8058 one-click unsubscribe: the mail's List-Unsubscribe URL carries a signed token for one member and kind. */
export const unsubscribeNotifications = call({
  name: 'notifications.unsubscribe', method: 'POST', path: '/notifications/unsubscribe',
  query: z.object({ token: z.string().min(1).max(2000) }),
  response: z.object({ success: ok, kind }),
});

const followTarget = z.object({
  /** A subcategory is named "category/subcategory"; a post by its id. */
  targetType: z.enum(['subcategory', 'discussion']),
  targetId: z.string().min(1).max(160),
});
export type FollowTarget = z.infer<typeof followTarget>;

export const listFollows = call({
  name: 'follows.list', method: 'GET', path: '/follows', auth: 'required',
  response: z.object({ success: ok, follows: z.array(followTarget) }),
});

export const setFollow = call({
  name: 'follows.set', method: 'PUT', path: '/follows', auth: 'required',
  body: followTarget.extend({ following: z.boolean() }),
  response: z.object({ success: ok, following: z.boolean() }),
  invalidates: ['/follows'],
});
