/**
 * Reports and moderation (issue 37 item 7, ADR 149): members report others' posts and comments, and three members'
 * reports hide an item at once; a new member's first linked posts are held; moderators keep, hide or delete what is
 * in the queue, silence an author for a while, and pin posts. Every staff action is audited in its own transaction.
 */
import {
  ALREADY_REPORTED, hasLink, HELD_FIRST_POSTS, OWN_REPORT, REPORTED_MESSAGE, type ReportReason, REPORTS_TO_HIDE, type ReportTarget,
  silencedMessage,
} from '../../src/domain/moderation';
import type { Db, Tx } from '../data/client';
import { commentFacts, removeComment } from '../data/comments';
import { deleteDiscussion, findDiscussion, sharePost } from '../data/discussions';
import {
  insertReport, lockTarget, standingTexts, moderationCounts, moderationQueue, openReporters, resolveReports, setModeration, setPinned, silence, silenceOf,
  visibleLinkedPosts,
} from '../data/moderation';
import { commentDocument, discussionDocument, removeDocuments, upsertDocument } from '../data/search';
import { appendAudit } from '../data/staff';
import { conflict, forbidden, invalid, notFound } from './errors';
import type { MentionService } from './mentions';
import type { NotificationService } from './notifications';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOT_FOUND: Record<ReportTarget, string> = { discussion: 'Discussion not found', comment: 'Comment not found' };
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export type ModerationAction = { action: 'keep' } | { action: 'hide'; reason: string } | { action: 'delete' };

/** Whether a new post by `authorId` with `content` waits for approval: linked, and fewer than two such posts approved. */
export async function holdsPost(tx: Db | Tx, authorId: string, content: string): Promise<boolean> {
  return hasLink(content) && (await visibleLinkedPosts(tx, authorId)) < HELD_FIRST_POSTS;
}

export class ModerationService {
  constructor(
    private readonly db: Db,
    private readonly notifications: NotificationService,
    private readonly options: { now: () => number },
    /** Keeps the mentions of a held post once it is approved (ADR 150). */
    private readonly mentions?: MentionService,
  ) {}

  /**
   * Refuses every community write of a silenced member, saying why and until when (403). `known` is the silence the
   * request's own read of the member found (a write resolves its token afresh); without it the database is asked.
   */
  async check(userId: string, known?: { until: Date; reason: string | null } | null): Promise<void> {
    const now = new Date(this.options.now());
    const silenced = known === undefined ? await silenceOf(this.db, userId, now) : known && known.until > now ? known : null;
    if (silenced) throw forbidden(silencedMessage(silenced.until, silenced.reason));
  }

  async report(reporterId: string, input: { targetType: ReportTarget; targetId: string; reason: ReportReason; note?: string | undefined }) {
    const { targetType, targetId } = input;
    await this.db.transaction(async (tx) => {
      // The item's row is held: two reports at once are counted one after the other, so the third always hides.
      const target = await lockTarget(tx, targetType, targetId);
      if (!target || target.deletedAt || target.moderation === 'held') throw notFound(NOT_FOUND[targetType]);
      if (target.authorId === reporterId) throw invalid(OWN_REPORT);
      const note = input.reason === 'other' || input.note ? (input.note ?? null) : null;
      if (!(await insertReport(tx, { targetType, targetId, reporterId, reason: input.reason, note }))) throw conflict(ALREADY_REPORTED);
      if (target.moderation === 'visible' && (await openReporters(tx, targetType, targetId)) >= REPORTS_TO_HIDE) {
        await setModeration(tx, targetType, targetId, 'hidden', null);
        await removeDocuments(tx, targetType, [targetId]);
      }
    });
    return REPORTED_MESSAGE;
  }

  async queue() {
    const rows = await moderationQueue(this.db);
    return rows.map((row) => ({
      ...row,
      moderation: row.moderation as 'visible' | 'held' | 'hidden',
      authorSilencedUntil: row.authorSilencedUntil && row.authorSilencedUntil.getTime() > this.options.now() ? row.authorSilencedUntil.toISOString() : null,
      createdAt: row.createdAt.toISOString(),
      reports: row.reports.map((r) => ({ ...r, reason: r.reason as ReportReason, createdAt: r.createdAt.toISOString() })),
    }));
  }

  counts() {
    return moderationCounts(this.db);
  }

  async act(actorId: string, targetType: ReportTarget, targetId: string, action: ModerationAction): Promise<string> {
    const at = new Date(this.options.now());
    const target = `${targetType}:${targetId}`;
    return this.db.transaction(async (tx) => {
      const item = await lockTarget(tx, targetType, targetId);
      if (!item || item.deletedAt) throw notFound(NOT_FOUND[targetType]);
      if (action.action === 'delete') {
        const reports = await resolveReports(tx, targetType, targetId, actorId, 'delete', at);
        if (targetType === 'discussion') await deleteDiscussion(tx, targetId);
        else await removeComment(tx, targetId, (await commentFacts(tx, targetId))?.parentCommentId ?? null);
        await removeDocuments(tx, targetType, [targetId]);
        await appendAudit(tx, { actorId, action: 'moderation.deleted', target, detail: { reports, author: item.authorId } });
        return targetType === 'discussion' ? 'Post deleted' : 'Comment deleted';
      }
      if (action.action === 'keep') {
        const reports = await resolveReports(tx, targetType, targetId, actorId, 'keep', at);
        await setModeration(tx, targetType, targetId, 'visible', null);
        await this.index(tx, targetType, targetId, item.discussionId);
        if (item.moderation === 'held' && targetType === 'discussion') await this.announce(tx, targetId);
        await appendAudit(tx, { actorId, action: 'moderation.kept', target, detail: { reports, was: item.moderation, author: item.authorId } });
        return item.moderation === 'held' ? 'Post approved: it is in the feed now' : 'Kept: the reports are dismissed';
      }
      const reports = await resolveReports(tx, targetType, targetId, actorId, 'hide', at);
      await setModeration(tx, targetType, targetId, 'hidden', action.reason);
      await removeDocuments(tx, targetType, [targetId]);
      await this.notifications.notify({
        kind: 'moderation', recipientIds: [item.authorId], actorId, discussionId: item.discussionId,
        commentId: targetType === 'comment' ? targetId : null, detail: action.reason,
      }, tx);
      await appendAudit(tx, { actorId, action: 'moderation.hidden', target, detail: { reason: action.reason, reports, author: item.authorId } });
      return 'Hidden: the author is told why';
    });
  }

  /**
   * An approved held post tells, now, whom its creation would have told had it not been held: the members it mentions
   * and the followers of its subcategory, as its author (the moderator approved it; the author wrote it).
   */
  private async announce(tx: Tx, discussionId: string) {
    const post = await findDiscussion(tx, discussionId);
    if (!post) return;
    const authorId = post.createdBy._id;
    const mentionedIds = await this.mentions?.keep(tx, { target: { targetType: 'discussion', targetId: discussionId }, html: post.content, actorId: authorId });
    await this.notifications.posted(tx, { discussionId, category: post.category, subcategory: post.subcategory, authorId, mentionedIds });
  }

  /** Back in search: the post (with its standing comments) or the comment. */
  private async index(tx: Tx, type: ReportTarget, id: string, discussionId: string) {
    const post = await sharePost(tx, discussionId);
    if (!post) return;
    const { postContent, comments } = await standingTexts(tx, type, id, discussionId);
    if (type === 'discussion') await upsertDocument(tx, discussionDocument({ ...post, content: postContent }));
    for (const c of comments) await upsertDocument(tx, commentDocument({ id: c.id, discussionId, content: c.content }, post));
  }

  async silence(actorId: string, userId: string, days: number, reason: string) {
    const until = new Date(this.options.now() + days * DAY_MS);
    await this.db.transaction(async (tx) => {
      if (!(await silence(tx, userId, until, reason))) throw notFound('Member not found');
      await appendAudit(tx, { actorId, action: 'member.silenced', target: `member:${userId}`, detail: { days, reason, until: iso(until) } });
    });
    return { message: `Silenced for ${days} day${days === 1 ? '' : 's'}`, silencedUntil: until.toISOString() };
  }

  async pin(actorId: string, discussionId: string, pinned: boolean): Promise<string> {
    await this.db.transaction(async (tx) => {
      if (!(await setPinned(tx, discussionId, pinned ? new Date(this.options.now()) : null))) throw notFound(NOT_FOUND.discussion);
      await appendAudit(tx, { actorId, action: pinned ? 'post.pinned' : 'post.unpinned', target: `discussion:${discussionId}` });
    });
    return pinned ? 'Pinned to the top of its subcategory' : 'Unpinned';
  }
}
