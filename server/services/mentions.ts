/**
 * Mentions (issue 37, ADR 150). Writing: the members a post or comment mentions are kept in the writer's transaction,
 * and only those mentioned for the first time in that text are told, so an edit never tells anyone twice; nobody is
 * told of mentioning themselves. Reading: every mention is served with the member's current name, and a mention of a
 * deleted member as plain text.
 */
import { MENTION_LIMIT, hasMentions, mentionedIds, withMentionNames } from '../../src/domain/mentions';
import type { Db, Tx } from '../data/client';
import { keepMentions, type MentionTarget, memberNames } from '../data/mentions';
import type { NotificationService, Written } from './notifications';

export interface MentionWrite {
  target: MentionTarget;
  /** The sanitised content as stored. */
  html: string;
  actorId: string;
  discussionId: string;
  commentId?: string | null;
}

export class MentionService {
  constructor(private readonly notifications: NotificationService) {}

  /** In the caller's transaction: keeps the text's mentions; returns the members mentioned in it for the first time. */
  async keep(tx: Db | Tx, write: Omit<MentionWrite, 'discussionId' | 'commentId'>): Promise<string[]> {
    const ids = mentionedIds(write.html).filter((id) => id !== write.actorId).slice(0, MENTION_LIMIT);
    return keepMentions(tx, write.target, ids);
  }

  /**
   * An edited text: keeps its mentions and tells the members newly mentioned. A new post or comment passes what
   * `keep` found to the notification service instead, which tells each member one thing (a mention before a reply).
   */
  async record(tx: Db | Tx, write: MentionWrite): Promise<Written[]> {
    const fresh = await this.keep(tx, write);
    if (fresh.length === 0) return [];
    return this.notifications.notify(
      { kind: 'mention', recipientIds: fresh, actorId: write.actorId, discussionId: write.discussionId, commentId: write.commentId ?? null },
      tx,
    );
  }
}

/** The items with every mention in their content under the member's current name (one query for all of them). */
export async function withCurrentNames<T extends { content: string }>(db: Db | Tx, items: T[]): Promise<T[]> {
  const ids = [...new Set(items.flatMap((item) => mentionedIds(item.content)))];
  if (ids.length === 0) return items;
  const names = await memberNames(db, ids);
  return items.map((item) => (hasMentions(item.content) ? { ...item, content: withMentionNames(item.content, names) } : item));
}
