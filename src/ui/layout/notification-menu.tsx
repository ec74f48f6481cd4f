/** The bell's panel: the latest notifications, each a link to where it happened, then 'See all notifications'. */
import { useSelector } from '@xstate/react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'wouter';
import { hrefOf, NotificationLine } from '../components/notification-line';
import { paths } from '../routes';
import { useServices } from '../services-context';
import { BellIcon, bellLabel } from './bell-icon';
import type { DeferredMenuProps } from './deferred-menu';
import { useTakeOver } from './use-auto-focus';

export default function NotificationMenu({ pressedWith = false, autoFocus = false }: DeferredMenuProps) {
  const { notifications } = useServices();
  const unread = useSelector(notifications, (s) => s.context.unread);
  const items = useSelector(notifications, (s) => s.context.items);
  const takeOver = useTakeOver<HTMLButtonElement>(autoFocus, pressedWith);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger ref={takeOver} className="bell__button" aria-label={bellLabel(unread)}>
        <BellIcon unread={unread} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu notification-menu" align="end" sideOffset={8} aria-label="Latest notifications">
          <div className="menu__header">
            <span className="menu__name">Notifications</span>
            <span className="menu__email">{summary(unread)}</span>
          </div>
          <DropdownMenu.Separator className="menu__separator" />
          {items.length === 0 ? <p className="notification-menu__empty">Nothing yet. Replies to your posts and comments will appear here.</p> : null}
          {items.map((item) => (
            <DropdownMenu.Item key={item._id} asChild className="menu__item notification-menu__item">
              <Link href={hrefOf(item)} onClick={() => (item.read ? undefined : notifications.send({ type: 'read.items', ids: [item._id] }))}>
                <NotificationLine item={item} read={item.read} />
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item asChild className="menu__item notification-menu__all">
            <Link href={paths.notifications}>See all notifications</Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function summary(unread: number) {
  return unread > 0 ? `${unread} unread` : 'All read';
}
