/**
 * The staff inbox (issue 36): feedback and contact messages, newest first, new or handled. The filter and the page
 * live in the URL (`?status=handled&page=2`), so the server draws them and a link opens them. Each message offers
 * 'Reply by email' (the staff member's own mail program, the subject filled) and 'Mark handled'; a handled message
 * says who handled it and when.
 */
import { useState } from 'react';
import { Button, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { toast } from 'sonner';
import { useLocation, useSearch } from 'wouter';
import { messageOf } from '../../../application/api-error';
import type { InboxItem } from '../../../contract/staff';
import { markHandled, inbox } from '../../calls';
import { EmptyState, ErrorState, Spinner } from '../../components/states';
import { useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import { useServices } from '../../services-context';
import { Pager, pageOf } from './staff-parts';
import { StaffPage } from './staff-page';
import { LocalTime } from '../../components/local-time';

const STATUSES = [
  { id: 'new', label: 'New', empty: 'No new messages.' },
  { id: 'handled', label: 'Handled', empty: 'No handled messages yet.' },
  { id: 'all', label: 'All', empty: 'No messages yet.' },
] as const;
type Status = (typeof STATUSES)[number]['id'];
const statusOf = (value: string | null): Status => STATUSES.find((s) => s.id === value)?.id ?? 'new';

export const inboxHref = (status: Status, page = 1) => {
  const query = new URLSearchParams();
  if (status !== 'new') query.set('status', status);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${paths.staffInbox}?${text}` : paths.staffInbox;
};

const KIND_LABELS: Record<InboxItem['kind'], string> = { feedback: 'Feedback', contact: 'Contact form' };
const SUBJECTS: Record<InboxItem['kind'], string> = {
  feedback: 'Re: your feedback to SustainLearn',
  contact: 'Re: your message to SustainLearn',
};

/** A mailto link to the writer, with the subject filled. */
export function replyHref(item: Pick<InboxItem, 'kind' | 'email'>): string {
  return `mailto:${encodeURIComponent(item.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(SUBJECTS[item.kind])}`;
}

function Message({ item, pending, onHandle }: { item: InboxItem; pending: boolean; onHandle: () => void }) {
  const headingId = `message-${item.kind}-${item.id}`;
  return (
    <li className="inbox-item">
      <article aria-labelledby={headingId}>
        <header className="inbox-item__head">
          <h2 id={headingId} className="inbox-item__name">
            {item.name}
          </h2>
          <span className="badge">{KIND_LABELS[item.kind]}</span>
        </header>
        <p className="inbox-item__meta">
          <span>{item.email}</span>
          {item.phone && <span>{item.phone}</span>}
          <span>Received <LocalTime iso={item.createdAt} /></span>
        </p>
        <p className="inbox-item__message">{item.message}</p>
        <div className="inbox-item__actions">
          <a className="button button--small" href={replyHref(item)} aria-describedby={headingId}>
            Reply by email
          </a>
          {item.handledAt ? (
            <p className="inbox-item__handled">
              {`Handled by ${item.handledBy?.name ?? 'a staff member'} on `}
              <LocalTime iso={item.handledAt} />
            </p>
          ) : (
            // Not react-aria's isPending: its announcement points at the button, which is gone once the message is handled.
            <Button className="button button--primary button--small" onPress={() => !pending && onHandle()} aria-describedby={headingId}>
              {pending ? 'Marking handled...' : 'Mark handled'}
            </Button>
          )}
        </div>
      </article>
    </li>
  );
}

function Messages({ status, page }: { status: Status; page: number }) {
  const { api } = useServices();
  const answer = useQuery(inbox, { query: { status, page } }, { fresh: true });
  const [pending, setPending] = useState<string | null>(null);
  if (answer.status === 'loading') return <Spinner label="Loading messages..." />;
  if (answer.status === 'error') return <ErrorState error={answer.error} />;
  const { items, total, pageSize } = answer.data;

  const handle = async (item: InboxItem) => {
    setPending(item.id);
    try {
      await markHandled.use((call) => api.call(call, { params: { kind: item.kind, id: item.id } }));
      toast.success(`Message from ${item.name} marked handled`);
      // The message leaves the list of new ones: the focus goes back to the page's heading rather than to nowhere.
      document.getElementById('staff-heading')?.focus();
      answer.reload();
    } catch (failure) {
      toast.error(messageOf(failure, 'The message could not be marked handled. Please try again.'));
    } finally {
      setPending(null);
    }
  };

  if (items.length === 0) return <EmptyState>{STATUSES.find((s) => s.id === status)!.empty}</EmptyState>;
  return (
    <>
      <p className="staff-count">
        {total === 1 ? '1 message' : `${total} messages`}
      </p>
      <ul className="inbox-list">
        {items.map((item) => (
          <Message key={`${item.kind}:${item.id}`} item={item} pending={pending === item.id} onHandle={() => void handle(item)} />
        ))}
      </ul>
      <Pager page={page} hasNext={page * pageSize < total} hrefOf={(p) => inboxHref(status, p)} label="Pages of messages" />
    </>
  );
}

function Inbox() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const status = statusOf(params.get('status'));
  const page = pageOf(params.get('page'));
  return (
    <Tabs selectedKey={status} onSelectionChange={(key) => navigate(inboxHref(statusOf(String(key))), { replace: true })}>
      <TabList aria-label="Messages to show" className="tabs__list">
        {STATUSES.map((s) => (
          <Tab key={s.id} id={s.id} className="tabs__tab">
            {s.label}
          </Tab>
        ))}
      </TabList>
      {STATUSES.map((s) => (
        <TabPanel key={s.id} id={s.id} className="tabs__panel">
          <Messages status={s.id} page={page} />
        </TabPanel>
      ))}
    </Tabs>
  );
}

export default function StaffInboxPage() {
  return (
    <StaffPage title="Inbox" roles={['moderator', 'editor']}>
      {() => (
        <>
          <p className="staff-lead">Feedback from the home page and messages from the contact form, newest first.</p>
          <Inbox />
        </>
      )}
    </StaffPage>
  );
}
