/** Web Push subscriptions (ADR 169): one row per device, found by its endpoint. */
import { and, arrayContains, eq } from 'drizzle-orm';
import { isNotificationKind, type NotificationKind } from '../../src/domain/notifications';
import type { Db, Tx } from './client';
import { pushSubscriptions } from './schema';

export interface PushTarget {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A device subscribes once: the same endpoint again (a new member signed in on it, new kinds) replaces the row. */
export async function saveSubscription(
  db: Db | Tx,
  s: { userId: string; endpoint: string; p256dh: string; auth: string; kinds: readonly NotificationKind[] },
): Promise<void> {
  const values = { userId: s.userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, kinds: [...s.kinds] };
  await db.insert(pushSubscriptions).values(values).onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
}

/** Answers whether the member had that device subscribed. */
export async function removeSubscription(db: Db | Tx, userId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** The push service said the subscription is gone. */
export async function dropSubscription(db: Db | Tx, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markPushed(db: Db | Tx, id: string, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastPushedAt: at }).where(eq(pushSubscriptions.id, id));
}

/** The member's devices that receive `kind`. */
export function pushTargets(db: Db | Tx, userId: string, kind: NotificationKind): Promise<PushTarget[]> {
  return db
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), arrayContains(pushSubscriptions.kinds, [kind])));
}

/** The kinds the member's device at `endpoint` receives, or null when it is not the member's device. */
export async function kindsOf(db: Db | Tx, userId: string, endpoint: string): Promise<NotificationKind[] | null> {
  const [row] = await db
    .select({ kinds: pushSubscriptions.kinds })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .limit(1);
  return row ? (row.kinds.filter(isNotificationKind) as NotificationKind[]) : null;
}
