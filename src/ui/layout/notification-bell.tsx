/**
 * The bell in the nav for a signed-in member (issue 37, ADR 147): the unread count on the button, a polite live
 * region that says when it changes, and the panel of the latest (radix's dropdown menu, loaded like the avatar menu:
 * a look-alike bell draws at once and the real menu takes over).
 */
import { useSelector } from '@xstate/react';
import { useServices } from '../services-context';
import { BellIcon, bellLabel } from './bell-icon';
import { DeferredMenu } from './deferred-menu';
import './notifications.css';

const loadNotificationMenu = () => import(/* webpackChunkName: "notification-menu" */ './notification-menu');

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
