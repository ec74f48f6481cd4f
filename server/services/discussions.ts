/** Posts of the SDG community: create, read the feed or one post, change, delete, like. Only the author changes a post. */
import type { Discussion } from '../../src/domain/discussion';
import { isUuid } from '../../src/domain/ids';
import { isKnownTopic } from '../../src/domain/sdg-topics';
import type { Db } from '../data/client';
import {
  decodeCursor, deleteDiscussion, discussionAuthor, findDiscussion, insertDiscussion, listFeed, updateDiscussion,
} from '../data/discussions';
import { type LikeResult, toggleDiscussionLike } from '../data/likes';
import { dropPostRevisions, heldPostText, keepRevision } from '../data/revisions';
import { discussionDocument, removeDocuments, retitleComments, upsertDocument } from '../data/search';
import { forbidden, invalid, notFound } from './errors';
import { cleanRichContent, cleanTitle } from './posts';

export const DISCUSSION_NOT_FOUND = 'Discussion not found';

export interface NewPost {
  title: string;
  content: string;
  category: string;
  subcategory: string;
}

export class DiscussionService {
  constructor(private readonly db: Db) {}

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
      const id = await insertDiscussion(tx, row);
      const created = (await findDiscussion(tx, id))!;
      await upsertDocument(tx, discussionDocument({ ...created, id }));
      return created;
    });
  }

  async feed(query: { category?: string | undefined; subcategory?: string | undefined; cursor?: string | undefined; limit: number }) {
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (after === null) throw invalid('cursor: Invalid cursor');
    return listFeed(this.db, { category: query.category, subcategory: query.subcategory, after, limit: query.limit });
  }

  async get(id: string): Promise<Discussion> {
    const discussion = await findDiscussion(this.db, id);
    if (!discussion) throw notFound(DISCUSSION_NOT_FOUND);
    return discussion;
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
      if ((clean.title ?? before.title) === before.title && (clean.content ?? before.content) === before.content) return (await findDiscussion(tx, id))!;
      await keepRevision(tx, { targetType: 'discussion', targetId: id, title: before.title, content: before.content, writtenAt: before.editedAt ?? before.createdAt });
      await updateDiscussion(tx, id, clean);
      const changed = (await findDiscussion(tx, id))!;
      await upsertDocument(tx, discussionDocument({ ...changed, id }));
      await retitleComments(tx, { ...changed, id });
      return changed;
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
    return result;
  }

  /** Whether a post exists, for the comment rules. */
  async exists(id: string): Promise<boolean> {
    return isUuid(id) && (await discussionAuthor(this.db, id)) !== null;
  }
}
