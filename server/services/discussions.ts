/** Posts of the SDG community: create, read the feed or one post, change, delete, like. Only the author changes a post. */
import type { Discussion } from '../../src/domain/discussion';
import { isUuid } from '../../src/domain/ids';
import { isKnownTopic } from '../../src/domain/sdg-topics';
import type { Db, Tx } from '../data/client';
import {
  decodeCursor, deleteDiscussion, discussionAuthor, findDiscussion, insertDiscussion, listFeed, updateDiscussion,
} from '../data/discussions';
import { type LikeResult, toggleDiscussionLike } from '../data/likes';
import { dropPostRevisions, heldPostText, keepRevision } from '../data/revisions';
import { discussionDocument, removeDocuments, retitleComments, upsertDocument } from '../data/search';
import { forbidden, invalid, notFound } from './errors';
import { type MentionService, withCurrentNames } from './mentions';
import { holdsPost } from './moderation';
import type { NotificationService } from './notifications';
import { cleanRichContent, cleanTitle } from './posts';

export const DISCUSSION_NOT_FOUND = 'Discussion not found';

export interface NewPost {
  title: string;
  content: string;
  category: string;
  subcategory: string;
}

export class DiscussionService {
  constructor(
    private readonly db: Db,
    /** Tells followers of new posts and authors of likes (issue 37). */
    private readonly notifications?: NotificationService,
    /** Keeps and tells the mentions of what is written (ADR 150). */
    private readonly mentions?: MentionService,
  ) {}

  private async named(discussion: Discussion, db: Db | Tx = this.db): Promise<Discussion> {
    return (await withCurrentNames(db, [discussion]))[0]!;
  }

  /** The post and its search document are one transaction (ADR 128): found the moment it is acknowledged, or never saved. */
  async create(authorId: string, post: NewPost): Promise<Discussion> {
    if (!isKnownTopic(post.category, post.subcategory)) throw invalid('Please choose one of the listed categories and subcategories');
    const row = {
      title: cleanTitle(post.title),
      content: cleanRichContent(post.content, 'Content is required'),
      category: post.category,
      subcategory: post.subcategory,
      createdBy: authorId,
    };
    return this.db.transaction(async (tx) => {
      // A new member's first linked posts wait for a moderator, out of the feed and out of search (ADR 149).
      const held = await holdsPost(tx, authorId, row.content);
      const id = await insertDiscussion(tx, held ? { ...row, moderation: 'held' } : row);
      const created = (await findDiscussion(tx, id))!;
      // A held post tells nobody yet: its followers and the members it mentions are not sent to a post they cannot open.
      if (!held) {
        await upsertDocument(tx, discussionDocument({ ...created, id }));
        const mentionedIds = await this.mentions?.keep(tx, { target: { targetType: 'discussion', targetId: id }, html: row.content, actorId: authorId });
        await this.notifications?.posted(tx, { discussionId: id, category: row.category, subcategory: row.subcategory, authorId, mentionedIds });
      }
      return this.named(created, tx);
    });
  }

  async feed(query: { category?: string | undefined; subcategory?: string | undefined; cursor?: string | undefined; limit: number }) {
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (after === null) throw invalid('cursor: Invalid cursor');
    const page = await listFeed(this.db, { category: query.category, subcategory: query.subcategory, after, limit: query.limit });
    return { ...page, discussions: await withCurrentNames(this.db, page.discussions) };
  }

  async get(id: string): Promise<Discussion> {
    const discussion = await findDiscussion(this.db, id);
    // A held post is no one's to read until approved: the answer is cached for every member alike (ADR 149).
    if (!discussion || discussion.moderation === 'held') throw notFound(DISCUSSION_NOT_FOUND);
    return this.named(discussion);
  }

  /** What a post's page head names (issue 37): its id and title; undefined when there is no such post. */
  async summary(id: string): Promise<{ _id: string; title: string } | undefined> {
    const post = await findDiscussion(this.db, id);
    return post ? { _id: post._id, title: post.title } : undefined;
  }

  /** Resolves the post or fails: not found when missing, forbidden when the caller did not write it. */
  private async authoredBy(id: string, userId: string) {
    const author = await discussionAuthor(this.db, id);
    if (!author) throw notFound(DISCUSSION_NOT_FOUND);
    if (author !== userId) throw forbidden('Only the author can change this discussion');
  }

  /** The post, its search document and its comments' documents (which carry its title) change together. */
  async update(userId: string, id: string, changes: { title?: string | undefined; content?: string | undefined }): Promise<Discussion> {
    if (changes.title === undefined && changes.content === undefined) throw invalid('Nothing to update');
    await this.authoredBy(id, userId);
    const clean = {
      ...(changes.title !== undefined ? { title: cleanTitle(changes.title) } : {}),
      ...(changes.content !== undefined ? { content: cleanRichContent(changes.content, 'Content is required') } : {}),
    };
    return this.db.transaction(async (tx) => {
      // Deleted since the check: nothing is written.
      const before = await heldPostText(tx, id);
      if (!before) throw notFound(DISCUSSION_NOT_FOUND);
      // Only a real change is an edit: the text it replaces joins the history (issue 37) and the post reads 'edited'.
      if ((clean.title ?? before.title) === before.title && (clean.content ?? before.content) === before.content) return this.named((await findDiscussion(tx, id))!, tx);
      await keepRevision(tx, { targetType: 'discussion', targetId: id, title: before.title, content: before.content, writtenAt: before.editedAt ?? before.createdAt });
      await updateDiscussion(tx, id, clean);
      const changed = (await findDiscussion(tx, id))!;
      // A held or hidden post stays out of search (ADR 149).
      if (changed.moderation) return this.named(changed, tx);
      await upsertDocument(tx, discussionDocument({ ...changed, id }));
      await retitleComments(tx, { ...changed, id });
      if (clean.content !== undefined) {
        await this.mentions?.record(tx, { target: { targetType: 'discussion', targetId: id }, html: clean.content, actorId: userId, discussionId: id });
      }
      return this.named(changed, tx);
    });
  }

  /** Never found again: the post and its comments leave the index in the transaction that deletes them. */
  async delete(userId: string, id: string): Promise<void> {
    await this.authoredBy(id, userId);
    await this.db.transaction(async (tx) => {
      await dropPostRevisions(tx, id);
      await deleteDiscussion(tx, id);
      await removeDocuments(tx, 'discussion', [id]);
    });
  }

  async like(userId: string, id: string): Promise<LikeResult> {
    if (!isUuid(id)) throw notFound(DISCUSSION_NOT_FOUND);
    const result = await toggleDiscussionLike(this.db, id, userId);
    if (result === 'missing') throw notFound(DISCUSSION_NOT_FOUND);
    if (result.liked) await this.notifications?.liked(this.db, { ...result, commentId: null, likerId: userId });
    return { liked: result.liked, likeCount: result.likeCount };
  }

  /** Whether a post exists, for the comment rules. */
  async exists(id: string): Promise<boolean> {
    return isUuid(id) && (await discussionAuthor(this.db, id)) !== null;
  }
}
