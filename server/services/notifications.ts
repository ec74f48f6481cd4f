/**
 * Telling members what happened to their posts and comments (issue 37, ADR 146). The services that write the
 * community call `notify` (or one of the events below, which call it) inside their own transaction: the notification
 * exists exactly when the reply, like or mention does. Nobody is told of their own act; a member who chose 'off' for a
 * kind gets no row at all. Each row written is announced on the notice channel (delivered when the transaction
 * commits, to every process) and, for 'email' and 'digest', given to the job queue, as it is for push when one of
 * the member's devices receives the kind (ADR 169).
 */
import type { NotificationItem } from '../../src/contract/notifications';
import type { NotificationChannel, NotificationKind } from '../../src/domain/notifications';
import { isUuid } from '../../src/domain/ids';
import { isKnownTopic } from '../../src/domain/sdg-topics';
import { nextLocalHour } from '../../src/domain/time-zone';
import type { Db, Tx } from '../data/client';
import { enqueueJob, enqueueJobs, type NewJob } from '../data/jobs';
import {
  commentFactsForNotice, type FollowType, follow, followAndListFollowers, followersOf, followsOf, listNotifications, markRead,
  type NotificationView, postFacts, preferencesOf, savePreferences, unfollow, unreadCount,
} from '../data/notification-lists';
import { insertNotifications, type Recipient, recipientsOf } from '../data/notifications';
import { invalid, notFound } from './errors';

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
  /** A like: how many members like the item now (the group's count). */
  actorCount?: number;
}

/** One notification written: whom to push it to once the transaction commits. */
export interface Written {
  userId: string;
  id: string;
  seq: number;
}

/** The job of one mail for one notification, and of a member's daily digest. */
export const NOTIFICATION_MAIL_JOB = 'notification-mail';
export const NOTIFICATION_DIGEST_JOB = 'notification-digest';
/** The job of one notification pushed to the member's devices that receive its kind (ADR 169). */
export const NOTIFICATION_PUSH_JOB = 'notification-push';
/** How long after the event its mail goes: read on the site by then, it does not. */
export const NOTIFICATION_MAIL_DELAY_MS = 60_000;
/** The member's local hour of the daily digest. */
export const DIGEST_HOUR = 8;

export const FOLLOW_NOT_FOUND = 'Discussion not found';

/** The member's next digest, at their 08:00: one job per member and morning, whatever the number of events before it. */
export async function scheduleDigest(db: Db | Tx, userId: string, timeZone: string | null, now: number): Promise<void> {
  await enqueueJob(db, digestJob(userId, timeZone, now));
}

function digestJob(userId: string, timeZone: string | null, now: number): NewJob {
  const runAt = new Date(nextLocalHour(now, timeZone, DIGEST_HOUR));
  return { key: `${NOTIFICATION_DIGEST_JOB}:${userId}:${runAt.toISOString()}`, kind: NOTIFICATION_DIGEST_JOB, payload: { userId }, runAt };
}

/** Each member once, as the first of the kinds (in order of precedence) that names them: one round of statements for all. */
function byPrecedence(groups: readonly (readonly [NotificationKind, readonly string[]])[]): Map<string, NotificationKind> {
  const kinds = new Map<string, NotificationKind>();
  for (const [kind, ids] of groups) for (const id of ids) if (!kinds.has(id)) kinds.set(id, kind);
  return kinds;
}

/** The wire form of a notification. */
export function notificationItem(n: NotificationView): NotificationItem {
  return {
    _id: n.id, seq: n.seq, kind: n.kind,
    actor: n.actor ? { _id: n.actor.id, name: n.actor.name, ...(n.actor.picture ? { profilePicture: n.actor.picture } : {}) } : null,
    actorCount: n.actorCount,
    discussion: n.discussion ? { _id: n.discussion.id, title: n.discussion.title } : null,
    commentId: n.commentId, detail: n.detail, createdAt: n.createdAt.toISOString(), updatedAt: n.updatedAt.toISOString(), read: n.readAt !== null,
  };
}

export class NotificationService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Writes the event's notifications in the caller's transaction (or on its own) and returns them. */
  notify(event: CommunityEvent, tx: Db | Tx = this.db): Promise<Written[]> {
    return this.notifyEach(event, new Map(event.recipientIds.map((id) => [id, event.kind])), tx);
  }

  /**
   * One act told to each member in `kinds` as the kind named there (a comment: its mentions, the replied-to, the post's
   * author and followers), in one round of statements: the recipients, the rows, the notice and the jobs.
   */
  async notifyEach(event: Omit<CommunityEvent, 'kind' | 'recipientIds'>, kinds: ReadonlyMap<string, NotificationKind>, tx: Db | Tx = this.db): Promise<Written[]> {
    const candidates = new Map([...kinds].filter(([id]) => id !== event.actorId));
    const recipients = new Map((await recipientsOf(tx, candidates)).map((r) => [r.id, r]));
    const told = [...recipients.values()].filter((r) => r.channel !== 'off');
    // A reply to a post with many followers is a handful of statements, not four for each follower (issue 40 item 8).
    const written = await insertNotifications(tx, told.map(({ id: userId, kind, channel }) => ({
      kind,
      userId,
      actorId: event.actorId,
      discussionId: event.discussionId,
      commentId: event.commentId ?? null,
      detail: event.detail ?? null,
      emailState: channel === 'email' || channel === 'digest' ? 'pending' as const : 'none' as const,
      actorCount: event.actorCount,
    })));
    if (written.length === 0) return [];
    const pushed = written.filter((row) => recipients.get(row.userId)?.push);
    const runAt = new Date(this.now());
    await enqueueJobs(tx, [
      ...this.#mailJobs(written, recipients),
      ...pushed.map((row) => ({ key: `${NOTIFICATION_PUSH_JOB}:${row.id}:${row.seq}`, kind: NOTIFICATION_PUSH_JOB, payload: { id: row.id }, runAt })),
    ]);
    return written;
  }

  /** A mail a minute after each notification on the 'email' channel; the member's next digest on 'digest'. */
  #mailJobs(written: readonly Written[], recipients: ReadonlyMap<string, Recipient>): NewJob[] {
    const now = this.now();
    return written.flatMap((row): NewJob[] => {
      const recipient = recipients.get(row.userId);
      const channel = recipient?.channel;
      if (channel === 'email') {
        return [{ key: `${NOTIFICATION_MAIL_JOB}:${row.id}:${row.seq}`, kind: NOTIFICATION_MAIL_JOB, payload: { id: row.id }, runAt: new Date(now + NOTIFICATION_MAIL_DELAY_MS) }];
      }
      return channel === 'digest' ? [digestJob(row.userId, recipient?.timeZone ?? null, now)] : [];
    });
  }


  /**
   * A new comment: the members it newly mentions hear 'mention', the parent comment's author 'reply_comment', the
   * post's author 'reply_post', its followers 'followed_post'; each member once, in that order of precedence. The
   * commenter now follows the post.
   */
  async commented(
    tx: Db | Tx,
    c: {
      discussionId: string; commentId: string; parentCommentId: string | null; authorId: string; mentionedIds?: readonly string[];
      /** The post's author, when the caller has read the post already. */
      postAuthorId?: string;
    },
  ): Promise<void> {
    const followers = await followAndListFollowers(tx, c.authorId, 'discussion', c.discussionId);
    const postAuthorId = c.postAuthorId ?? (await postFacts(tx, c.discussionId))?.authorId;
    if (!postAuthorId) return;
    const parent = c.parentCommentId ? await commentFactsForNotice(tx, c.parentCommentId) : null;
    const kinds = byPrecedence([
      ['mention', c.mentionedIds ?? []],
      ['reply_comment', parent ? [parent.authorId] : []],
      ['reply_post', [postAuthorId]],
      ['followed_post', followers],
    ]);
    await this.notifyEach({ actorId: c.authorId, discussionId: c.discussionId, commentId: c.commentId }, kinds, tx);
  }

  /** A new post: who it mentions hears 'mention', who follows its subcategory (else) 'followed_post'; the author now follows it. */
  async posted(tx: Db | Tx, p: { discussionId: string; category: string; subcategory: string; authorId: string; mentionedIds?: readonly string[] }): Promise<void> {
    await follow(tx, p.authorId, 'discussion', p.discussionId);
    const kinds = byPrecedence([
      ['mention', p.mentionedIds ?? []],
      ['followed_post', await followersOf(tx, 'subcategory', `${p.category}/${p.subcategory}`)],
    ]);
    await this.notifyEach({ actorId: p.authorId, discussionId: p.discussionId }, kinds, tx);
  }

  /**
   * A like given (not taken back): the author's grouped notification counts the members who like the item now. The
   * like's own statement read the author and that count (server/data/likes.ts), so telling them costs no reads here.
   */
  async liked(tx: Db | Tx, l: { discussionId: string; commentId: string | null; likerId: string; authorId: string; likersBesidesAuthor: number }): Promise<void> {
    await this.notify({
      kind: 'like', recipientIds: [l.authorId], actorId: l.likerId, discussionId: l.discussionId, commentId: l.commentId, actorCount: l.likersBesidesAuthor,
    }, tx);
  }

  async list(userId: string, page: { before?: number | undefined; limit: number }) {
    const [rows, unread] = await Promise.all([listNotifications(this.db, userId, page), unreadCount(this.db, userId)]);
    return {
      notifications: rows.map(notificationItem),
      unread,
      nextBefore: rows.length === page.limit ? rows.at(-1)!.seq : null,
    };
  }

  async read(userId: string, which: { ids: string[] } | { all: true }): Promise<number> {
    await markRead(this.db, userId, 'ids' in which ? which.ids : 'all', new Date(this.now()));
    return unreadCount(this.db, userId);
  }

  preferences(userId: string) {
    return preferencesOf(this.db, userId);
  }

  async updatePreferences(userId: string, chosen: Partial<Record<NotificationKind, NotificationChannel>>, timeZone?: string) {
    await savePreferences(this.db, userId, chosen, timeZone);
    return preferencesOf(this.db, userId);
  }

  follows(userId: string) {
    return followsOf(this.db, userId);
  }

  async setFollow(userId: string, target: { targetType: FollowType; targetId: string }, following: boolean): Promise<boolean> {
    if (target.targetType === 'discussion') {
      if (!isUuid(target.targetId) || !(await postFacts(this.db, target.targetId))) throw notFound(FOLLOW_NOT_FOUND);
    } else {
      const [category, subcategory, ...rest] = target.targetId.split('/');
      if (!category || !subcategory || rest.length > 0 || !isKnownTopic(category, subcategory)) {
        throw invalid('targetId: Please name one of the listed subcategories as "category/subcategory"');
      }
    }
    await (following ? follow : unfollow)(this.db, userId, target.targetType, target.targetId);
    return following;
  }
}
