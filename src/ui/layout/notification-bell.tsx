/**
 * The bell in the nav for a signed-in member (issue 37, ADR 147): the unread count on the button, a polite live
 * region that says when it changes, and the panel of the latest (radix's dropdown menu, loaded like the avatar menu:
 * a look-alike bell draws at once and the real menu takes over).
 */
import { useSelector } from '@xstate/react';
import { useServices } from '../services-context';
import { DeferredMenu } from './deferred-menu';
import './notifications.css';

const loadNotificationMenu = () => import(/* webpackChunkName: "notification-menu" */ './notification-menu');

export function BellIcon({ unread }: { unread: number }) {
  return (
    <>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d="M12 3a6 6 0 0 0-6 6v3.6L4.3 16h15.4L18 12.6V9a6 6 0 0 0-6-6Zm-2.2 15a2.3 2.3 0 0 0 4.4 0" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      </svg>
      {unread > 0 ? (
        <span className="bell__count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </>
  );
}

/** "Notifications, 2 unread" or "Notifications": the button's name. */
export const bellLabel = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications');

export function NotificationBell() {
  const { notifications } = useServices();
  const unread = useSelector(notifications, (s) => s.context.unread);
  const announcement = useSelector(notifications, (s) => s.context.announcement);
  return (
    <span className="bell">
      <DeferredMenu
        load={loadNotificationMenu}
        props={{}}
        renderTrigger={(handlers) => (
          <button type="button" className="bell__button" aria-label={bellLabel(unread)} {...handlers}>
            <BellIcon unread={unread} />
          </button>
        )}
      />
      <span className="visually-hidden" role="status" aria-live="polite" data-testid="notification-announcement">
        {announcement}
      </span>
    </span>
  );
}
