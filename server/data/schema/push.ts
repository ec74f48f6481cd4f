/** Web Push (issue 42 item 4, ADR 169): one subscription per device, with the kinds of notification it receives. */
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './members';

/**
 * A browser's push subscription: the push service's `endpoint` (unique: a device subscribes once) and the keys its
 * messages are encrypted with. Removed when the member turns push off on that device, or when the push service answers
 * that the subscription is gone (404 or 410).
 */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  /** The notification kinds pushed to this device. */
  kinds: text('kinds').array().notNull(),
  createdAt: createdAt(),
  lastPushedAt: timestamp('last_pushed_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('push_subscriptions_endpoint').on(t.endpoint),
  index('push_subscriptions_user').on(t.userId),
]);
