/** Comments on posts: create (replies under the same post), the thread, change, delete by the rule of ADR 041, like. */
import type { Comment } from '../../src/domain/discussion';
import { isUuid } from '../../src/domain/ids';
import type { Db } from '../data/client';
import {
  commentFacts, findComment, insertComment, listThread, removeComment, updateCommentContent, type Viewer,
} from '../data/comments';
import { findDiscussion } from '../data/discussions';
import { type LikeResult, toggleCommentLike } from '../data/likes';
import { commentDocument, removeDocuments, upsertDocument } from '../data/search';
import type { DiscussionService } from './discussions';
import { DISCUSSION_NOT_FOUND } from './discussions';
import { forbidden, notFound } from './errors';
import { cleanRichContent } from './posts';

export const COMMENT_NOT_FOUND = 'Comment not found';
export { threadSeenBy } from '../data/comments';

export class CommentService {
  constructor(
    private readonly db: Db,
    private readonly discussions: DiscussionService,
  ) {}

  /** A live (not deleted) comment, or not found. */
  private async live(id: string) {
    const facts = isUuid(id) ? await commentFacts(this.db, id) : null;
    if (!facts || facts.deletedAt) throw notFound(COMMENT_NOT_FOUND);
    return facts;
  }

  async create(viewer: Viewer, input: { discussionId: string; content: string; parentCommentId?: string | null | undefined }): Promise<Comment> {
    const content = cleanRichContent(input.content, 'Comment is required');
    if (!(await this.discussions.exists(input.discussionId))) throw notFound(DISCUSSION_NOT_FOUND);
    const parentCommentId = input.parentCommentId || null;
    if (parentCommentId) {
      const parent = await this.live(parentCommentId);
      // A reply lives under the same post as the comment it answers.
      if (parent.discussionId !== input.discussionId) throw notFound(COMMENT_NOT_FOUND);
    }
    const id = await insertComment(this.db, { discussionId: input.discussionId, parentCommentId, content, createdBy: viewer.id });
    // The post or the parent went away between the check and the insert.
    if (id === 'missing') throw notFound(parentCommentId ? COMMENT_NOT_FOUND : DISCUSSION_NOT_FOUND);
    await this.index(id, input.discussionId, content);
    return (await findComment(this.db, id, viewer))!;
  }

  /** Keeps the search index current (ADR 090): a comment is found at once, with its post's title. */
  private async index(id: string, discussionId: string, content: string) {
    const post = await findDiscussion(this.db, discussionId);
    if (post) await upsertDocument(this.db, commentDocument({ id, discussionId, content }, { ...post, id: post._id }));
  }

  /** The thread of a post (or the replies below one comment), the same for every viewer. */
  async thread(discussionId: string, parentCommentId?: string): Promise<Comment[]> {
    if (!isUuid(discussionId)) throw notFound(DISCUSSION_NOT_FOUND);
    if (parentCommentId !== undefined && !isUuid(parentCommentId)) throw notFound(COMMENT_NOT_FOUND);
    const thread = await listThread(this.db, discussionId, parentCommentId);
    // Only an empty answer needs to know whether the post exists; a full thread is one query.
    if (thread.length === 0 && !(await this.discussions.exists(discussionId))) throw notFound(DISCUSSION_NOT_FOUND);
    return thread;
  }

  async update(viewer: Viewer, id: string, content: string): Promise<Comment> {
    const facts = await this.live(id);
    if (facts.createdBy !== viewer.id) throw forbidden('Only the author can change this comment');
    const clean = cleanRichContent(content, 'Comment is required');
    await updateCommentContent(this.db, id, clean);
    await this.index(id, facts.discussionId, clean);
    const comment = await findComment(this.db, id, viewer);
    if (!comment) throw notFound(COMMENT_NOT_FOUND);
    return comment;
  }

  async delete(viewer: Viewer, id: string): Promise<void> {
    const facts = await this.live(id);
    if (facts.createdBy !== viewer.id) throw forbidden('Only the author can delete this comment');
    await removeComment(this.db, id, facts.parentCommentId);
    // Removed or "[deleted]": either way its words are no longer found.
    await removeDocuments(this.db, 'comment', [id]);
  }

  async like(viewer: Viewer, id: string): Promise<LikeResult> {
    await this.live(id);
    const result = await toggleCommentLike(this.db, id, viewer.id);
    if (result === 'missing') throw notFound(COMMENT_NOT_FOUND);
    return result;
  }
}
