/**
 * Telling members what happened to their posts and comments (issue 37). The services that write the community call
 * `notify` inside their own transaction: the notification exists exactly when the reply, like or mention does.
 * Nobody is told of their own act; a member who chose 'off' for a kind gets no row at all.
 */
import type { NotificationKind } from '../../src/domain/notifications';
import type { Db, Tx } from '../data/client';
import { channelsFor, insertNotification, reachableMembers } from '../data/notifications';

export interface CommunityEvent {
  kind: NotificationKind;
  /** Who is told. */
  recipientIds: readonly string[];
  /** Who acted. */
  actorId: string;
  discussionId: string;
  commentId?: string | null;
  /** A moderator's reason. */
  detail?: string | null;
}

/** One notification written: whom to push it to once the transaction commits. */
export interface Written {
  userId: string;
  id: string;
  seq: number;
}

export class NotificationService {
  constructor(private readonly db: Db) {}

  /** Writes the event's notifications in the caller's transaction (or on its own) and returns them. */
  async notify(event: CommunityEvent, tx: Db | Tx = this.db): Promise<Written[]> {
    const candidates = [...new Set(event.recipientIds)].filter((id) => id !== event.actorId);
    const recipients = await reachableMembers(tx, candidates);
    const channels = await channelsFor(tx, recipients, event.kind);
    const written: Written[] = [];
    for (const userId of recipients) {
      const channel = channels.get(userId);
      if (channel === 'off') continue;
      const row = await insertNotification(tx, {
        kind: event.kind,
        userId,
        actorId: event.actorId,
        discussionId: event.discussionId,
        commentId: event.commentId ?? null,
        detail: event.detail ?? null,
        emailState: channel === 'email' || channel === 'digest' ? 'pending' : 'none',
      });
      written.push({ userId, ...row });
    }
    return written;
  }
}
