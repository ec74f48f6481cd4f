/**
 * The moderation queue in the staff console (issue 37 item 7, ADR 149): held posts and reported items, the longest
 * waiting first, each with its reports (reason, note, who, when). Keep restores it and dismisses its reports (for a
 * held post: approves it), Hide asks for the reason the author is told, Delete removes it, 'Silence the author' stops
 * them writing for 1, 7 or 30 days; a post can be pinned to the top of its subcategory.
 */
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { messageOf } from '../../../application/api-error';
import { type ModerationChoice, moderate, pinPost, silenceAuthor } from '../../../application/moderation';
import type { QueueItem } from '../../../contract/moderation';
import { REPORT_REASON_LABELS } from '../../../domain/moderation';
import { moderationQueue } from '../../calls';
import { SafeHtml } from '../../components/safe-html';
import { EmptyState, ErrorState, Spinner } from '../../components/states';
import { useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import { useServices } from '../../services-context';
import { ConfirmDelete } from '../discussion/confirm-delete';
import '../discussion/discussion.css';
import '../discussion/moderation.css';
import { StaffPage } from '../staff/staff-page';
import { type Days, ReasonDialog } from './reason-dialog';
import './moderation.css';
import { LocalTime } from '../../components/local-time';

type Show = 'all' | 'held' | 'reported';
const SHOWS: { id: Show; label: string }[] = [{ id: 'all', label: 'All' }, { id: 'held', label: 'Held posts' }, { id: 'reported', label: 'Reported' }];
const showOf = (value: string | null): Show => (value === 'held' || value === 'reported' ? value : 'all');

const STATE_LABELS: Record<QueueItem['moderation'], string> = {
  held: 'Waiting for approval',
  hidden: 'Hidden while a moderator looks at it',
  visible: 'Reported, still shown',
};

function Reports({ item }: { item: QueueItem }) {
  if (item.reports.length === 0) return <p className="moderation-item__none">No reports: a new member's post with links.</p>;
  return (
    <ul className="moderation-item__reports" aria-label="Reports">
      {item.reports.map((r) => (
        <li key={`${r.reporterName}-${r.createdAt}`}>
          <strong>{REPORT_REASON_LABELS[r.reason]}</strong>
          {r.note && <> — “{r.note}”</>}
          <span className="moderation-item__who">
            {' '}
            by {r.reporterName}, <LocalTime iso={r.createdAt} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function Item({ item, onChanged }: { item: QueueItem; onChanged: () => void }) {
  const { api, notifier, log } = useServices();
  const [busy, setBusy] = useState(false);
  const what = item.targetType === 'discussion' ? `post: ${item.title}` : `comment on: ${item.title}`;
  const run = async (work: () => Promise<string>, failed: string): Promise<string | null> => {
    setBusy(true);
    try {
      notifier.success(await work());
      onChanged();
      return null;
    } catch (error) {
      log('a moderation action failed', error);
      const message = messageOf(error, failed);
      notifier.error(message);
      return message;
    } finally {
      setBusy(false);
    }
  };
  const act = (choice: ModerationChoice) => run(() => moderate(api, item.targetType, item.targetId, choice), 'Could not save. Please try again.');
  const silence = (reason: string, days: Days) => run(async () => (await silenceAuthor(api, item.authorId, days, reason)).message, 'Could not silence the member. Please try again.');
  const headingId = `moderation-${item.targetId}`;

  return (
    <li>
      <article className="card moderation-item" aria-labelledby={headingId}>
        <h2 id={headingId} className="moderation-item__title">
          {item.targetType === 'discussion' ? 'Post' : 'Comment on'}: {item.title}
        </h2>
        <p className="moderation-item__meta">
          <span className={`moderation-state moderation-state--${item.moderation}`}>{STATE_LABELS[item.moderation]}</span>
          {' · '}by {item.authorName}
          {item.authorSilencedUntil && <> (silenced until <LocalTime iso={item.authorSilencedUntil} />)</>}
          {' · '}
          <LocalTime iso={item.createdAt} />
          {item.pinned && ' · Pinned'}
        </p>
        <SafeHtml html={item.content} className="rich-text moderation-item__content" />
        <Reports item={item} />
        <div className="moderation-item__actions">
          <button type="button" className="chip-button" disabled={busy} onClick={() => void act({ action: 'keep' })}>
            {item.moderation === 'held' ? 'Approve' : 'Keep'}<span className="visually-hidden"> {what}</span>
          </button>
          <ReasonDialog label="Hide" subject={what} title="Hide this from the community?" confirm="Hide"
            description="It is replaced by 'Hidden while a moderator looks at it' for everyone. The author is told the reason you give."
            fieldLabel="Reason (the author is told)" onSubmit={(reason) => act({ action: 'hide', reason })} />
          <ConfirmDelete question={`Delete this ${item.targetType === 'discussion' ? 'post' : 'comment'} for good?`} subject={what}
            onConfirm={() => void act({ action: 'delete' })} />
          <ReasonDialog label="Silence the author" subject={`${item.authorName}, author of the ${what}`} title={`Silence ${item.authorName}?`} withDays danger
            confirm="Silence" fieldLabel="Reason (the member is told)" onSubmit={silence}
            description="They can still read the community but cannot post, comment, edit, like or report until the time is over. They read why and until when." />
          {item.targetType === 'discussion' && item.moderation !== 'held' && (
            <button type="button" className="chip-button" aria-pressed={item.pinned} disabled={busy}
              onClick={() => void run(() => pinPost(api, item.targetId, !item.pinned), 'Could not pin the post. Please try again.')}>
              Pin<span className="visually-hidden"> {what}</span>
            </button>
          )}
        </div>
      </article>
    </li>
  );
}

function Queue({ show }: { show: Show }) {
  const answer = useQuery(moderationQueue, {}, { fresh: true });
  if (answer.status === 'loading') return <Spinner label="Loading the queue..." />;
  if (answer.status === 'error') return <ErrorState error={answer.error} />;
  const items = answer.data.items.filter((i) => show === 'all' || (show === 'held' ? i.moderation === 'held' : i.reports.length > 0));
  if (items.length === 0) return <EmptyState>Nothing waits for a moderator.</EmptyState>;
  return (
    <ol className="moderation-queue">
      {items.map((item) => (
        <Item key={`${item.targetType}:${item.targetId}`} item={item} onChanged={answer.reload} />
      ))}
    </ol>
  );
}

export default function StaffModerationPage() {
  const show = showOf(new URLSearchParams(useSearch()).get('show'));
  return (
    <StaffPage title="Moderation" roles={['moderator']}>
      {() => (
        <>
          <p className="staff-lead">
            Reported posts and comments, and new members' first posts with links, the longest waiting first. Three members' reports hide an item until you
            decide.
          </p>
          <nav aria-label="Items to show">
            <ul className="moderation-filter">
              {SHOWS.map((s) => (
                <li key={s.id}>
                  <Link href={paths.staffModeration(s.id === 'all' ? undefined : s.id)} aria-current={s.id === show ? 'page' : undefined}>
                    {s.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <Queue show={show} />
        </>
      )}
    </StaffPage>
  );
}
