/** One notification as the bell's panel and `/notifications` show it: its sentence, when, and whether it is unread. */
import type { NotificationItem } from '../../contract/notifications';
import { notificationHref, notificationText } from '../../domain/notifications';
import { LocalTime } from './local-time';

export function textOf(n: NotificationItem): string {
  return notificationText({
    kind: n.kind, actorName: n.actor?.name ?? null, actorCount: n.actorCount, discussionTitle: n.discussion?.title ?? null, commentId: n.commentId, detail: n.detail,
  });
}

export function hrefOf(n: NotificationItem): string {
  return notificationHref({ discussionId: n.discussion?._id ?? null, commentId: n.commentId });
}

/** The sentence, then the time; an unread one says so in words too (the dot is only its picture). */
export function NotificationLine({ item, read }: { item: NotificationItem; read: boolean }) {
  return (
    <span className={`notification-line${read ? '' : ' notification-line--unread'}`}>
      <span className="notification-line__dot" aria-hidden="true" />
      <span className="notification-line__body">
        <span className="notification-line__text">
          {read ? null : <span className="visually-hidden">Unread: </span>}
          {textOf(item)}
        </span>
        <time className="notification-line__time" dateTime={item.updatedAt}>
          <LocalTime iso={item.updatedAt} />
        </time>
      </span>
    </span>
  );
}
