/**
 * `/notifications` (issue 37 item 1): every notification of the member, newest first, a page at a time ('Show older
 * notifications'), unread ones marked by a dot and in words, and 'Mark all read'. The first page is drawn on the
 * server; what the live stream brings while the page is open joins it at the top, from the notification centre,
 * which also holds the unread count the bell shows, so both agree.
 */
import { useSelector } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'wouter';
import { messageOf } from '../../../application/api-error';
import type { NotificationItem } from '../../../contract/notifications';
import { NOTIFICATION_PAGE_SIZE } from '../../../domain/notifications';
import { hrefOf, NotificationLine } from '../../components/notification-line';
import { EmptyState, ErrorState, Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useQuery } from '../../hooks/use-query';
import { listNotifications } from '../../calls';
import { useServices } from '../../services-context';
import '../../layout/notifications.css';

const FIRST_PAGE = { query: { limit: NOTIFICATION_PAGE_SIZE } };

/** The lists joined, each notification once (the newer copy of one seen twice), newest first. */
function joined(...lists: readonly NotificationItem[][]): NotificationItem[] {
  const byId = new Map<string, NotificationItem>();
  for (const list of lists) for (const n of list) if (!byId.has(n._id)) byId.set(n._id, n);
  return [...byId.values()].sort((a, b) => b.seq - a.seq);
}

export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  const { api, notifications, notifier, log } = useServices();
  const first = useQuery(listNotifications, FIRST_PAGE, { fresh: true });
  const latest = useSelector(notifications, (s) => s.context.items);
  const unread = useSelector(notifications, (s) => s.context.unread);
  const readThrough = useSelector(notifications, (s) => s.context.readThrough);
  const [older, setOlder] = useState<{ items: NotificationItem[]; nextBefore: number | null } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);

  if (first.status === 'loading') return <Frame><Spinner label="Loading your notifications..." /></Frame>;
  if (first.status === 'error') return <Frame><ErrorState error={first.error} /></Frame>;

  const firstItems = first.data.notifications;
  // The centre's latest first (they include what the stream brought since the page was read), then the pages read.
  const items = joined(latest, firstItems, older?.items ?? []);
  const nextBefore = older ? older.nextBefore : first.data.nextBefore;
  const isRead = (n: NotificationItem) => n.read || n.seq <= readThrough;
  const anyUnread = unread > 0;

  const showOlder = async () => {
    if (nextBefore === null) return;
    setLoadingOlder(true);
    try {
      const answer = await listNotifications.use((call) => api.call(call, { query: { limit: NOTIFICATION_PAGE_SIZE, before: nextBefore } }));
      setOlder((o) => ({ items: [...(o?.items ?? []), ...answer.notifications], nextBefore: answer.nextBefore }));
    } catch (failure) {
      log('reading older notifications failed', failure);
      notifier.error(messageOf(failure, 'Could not load older notifications. Please try again.'));
    } finally {
      setLoadingOlder(false);
    }
  };

  return (
    <Frame
      actions={
        <Button className="button" isDisabled={!anyUnread} onPress={() => notifications.send({ type: 'read.all' })}>
          Mark all read
        </Button>
      }
    >
      <p className="notifications-page__summary">
        {anyUnread ? `${unread} unread` : 'All caught up: nothing unread.'}
      </p>
      {items.length === 0 ? (
        <EmptyState>
          No notifications yet. When someone replies to your posts or comments, or likes what you wrote, it appears here.
        </EmptyState>
      ) : (
        <ol className="notifications-list">
          {items.map((item) => (
            <li key={item._id} className={`notifications-list__item${isRead(item) ? '' : ' notifications-list__item--unread'}`}>
              <Link href={hrefOf(item)} onClick={() => (isRead(item) ? undefined : notifications.send({ type: 'read.items', ids: [item._id] }))}>
                <NotificationLine item={item} read={isRead(item)} />
              </Link>
            </li>
          ))}
        </ol>
      )}
      {nextBefore !== null ? (
        <Button className="button notifications-page__older" isDisabled={loadingOlder} onPress={showOlder}>
          {loadingOlder ? 'Loading...' : 'Show older notifications'}
        </Button>
      ) : null}
    </Frame>
  );
}

function Frame({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="container page notifications-page">
      <div className="notifications-page__head">
        <h1>Notifications</h1>
        {actions}
      </div>
      {children}
    </section>
  );
}
