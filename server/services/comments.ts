/** Comments on posts: create (replies under the same post), the thread, change, delete by the rule of ADR 041, like. */
import type { Comment } from '../../src/domain/discussion';
import { isUuid } from '../../src/domain/ids';
import type { Db, Tx } from '../data/client';
import {
  commentFacts, findComment, insertComment, listThread, removeComment, updateCommentContent, type Viewer,
} from '../data/comments';
import { sharePost } from '../data/discussions';
import { type LikeResult, toggleCommentLike } from '../data/likes';
import { dropRevisions, heldCommentText, keepRevision } from '../data/revisions';
import { commentDocument, removeDocuments, upsertDocument } from '../data/search';
import type { DiscussionService } from './discussions';
import { DISCUSSION_NOT_FOUND } from './discussions';
import { forbidden, notFound } from './errors';
import { type MentionService, withCurrentNames } from './mentions';
import type { NotificationService } from './notifications';
import { cleanRichContent } from './posts';

export const COMMENT_NOT_FOUND = 'Comment not found';
export { threadSeenBy } from '../data/comments';

export class CommentService {
  constructor(
    private readonly db: Db,
    private readonly discussions: DiscussionService,
    /** Tells the post's author, the parent's author and the post's followers (issue 37). */
    private readonly notifications?: NotificationService,
    /** Keeps and tells the mentions of what is written (ADR 150). */
    private readonly mentions?: MentionService,
  ) {}

  private async named(comment: Comment, db: Db | Tx): Promise<Comment> {
    return (await withCurrentNames(db, [comment]))[0]!;
  }

  /** A live (not deleted) comment, or not found. */
  private async live(id: string, db: Db | Tx = this.db) {
    const facts = isUuid(id) ? await commentFacts(db, id) : null;
    if (!facts || facts.deletedAt) throw notFound(COMMENT_NOT_FOUND);
    return facts;
  }

  /**
   * The comment and its search document are one transaction (ADR 128): found the moment it is acknowledged, or never
   * saved. The post is held while they are written, so its edit or delete comes wholly before or after them.
   */
  async create(viewer: Viewer, input: { discussionId: string; content: string; parentCommentId?: string | null | undefined }): Promise<Comment> {
    const content = cleanRichContent(input.content, 'Comment is required');
    const { discussionId } = input;
    const parentCommentId = input.parentCommentId || null;
    return this.db.transaction(async (tx) => {
      const post = await sharePost(tx, discussionId);
      if (!post) throw notFound(DISCUSSION_NOT_FOUND);
      // A reply lives under the same post as the comment it answers.
      if (parentCommentId && (await this.live(parentCommentId, tx)).discussionId !== discussionId) throw notFound(COMMENT_NOT_FOUND);
      const added = await insertComment(tx, { discussionId, parentCommentId, content, createdBy: viewer.id }, viewer);
      // The parent went away between the check and the insert (the post is held).
      if (added === 'missing') throw notFound(COMMENT_NOT_FOUND);
      const id = added._id;
      await upsertDocument(tx, commentDocument({ id, discussionId, content }, post));
      const mentionedIds = await this.mentions?.keep(tx, { target: { targetType: 'comment', targetId: id }, html: content, actorId: viewer.id });
      await this.notifications?.commented(tx, { discussionId, commentId: id, parentCommentId, authorId: viewer.id, mentionedIds, postAuthorId: post.authorId });
      return this.named(added, tx);
    });
  }

  /** The thread of a post (or the replies below one comment), the same for every viewer. */
  async thread(discussionId: string, parentCommentId?: string): Promise<Comment[]> {
    if (!isUuid(discussionId)) throw notFound(DISCUSSION_NOT_FOUND);
    if (parentCommentId !== undefined && !isUuid(parentCommentId)) throw notFound(COMMENT_NOT_FOUND);
    const thread = await listThread(this.db, discussionId, parentCommentId);
    // Only an empty answer needs to know whether the post exists; a full thread is one query.
    if (thread.length === 0 && !(await this.discussions.exists(discussionId))) throw notFound(DISCUSSION_NOT_FOUND);
    return withCurrentNames(this.db, thread);
  }

  /** The text and its search document change together; a comment deleted meanwhile is not found. */
  async update(viewer: Viewer, id: string, content: string): Promise<Comment> {
    const facts = await this.live(id);
    if (facts.createdBy !== viewer.id) throw forbidden('Only the author can change this comment');
    const clean = cleanRichContent(content, 'Comment is required');
    return this.db.transaction(async (tx) => {
      const post = await sharePost(tx, facts.discussionId);
      const before = post && (await heldCommentText(tx, id));
      if (!before || before.deletedAt) throw notFound(COMMENT_NOT_FOUND);
      // Only a real change is an edit: the text it replaces joins the history (issue 37) and the comment reads 'edited'.
      if (before.content === clean) return this.named((await findComment(tx, id, viewer))!, tx);
      await keepRevision(tx, { targetType: 'comment', targetId: id, title: null, content: before.content, writtenAt: before.editedAt ?? before.createdAt });
      if (!(await updateCommentContent(tx, id, clean))) throw notFound(COMMENT_NOT_FOUND);
      const changed = (await findComment(tx, id, viewer))!;
      // A hidden comment stays out of search (ADR 149).
      if (!changed.moderation) await upsertDocument(tx, commentDocument({ id, discussionId: facts.discussionId, content: clean }, post));
      await this.mentions?.record(tx, {
        target: { targetType: 'comment', targetId: id }, html: clean, actorId: viewer.id, discussionId: facts.discussionId, commentId: id,
      });
      return this.named(changed, tx);
    });
  }

  /** Removed or "[deleted]": either way its words leave the index in the same transaction. */
  async delete(viewer: Viewer, id: string): Promise<void> {
    const facts = await this.live(id);
    if (facts.createdBy !== viewer.id) throw forbidden('Only the author can delete this comment');
    await this.db.transaction(async (tx) => {
      await removeComment(tx, id, facts.parentCommentId);
      await removeDocuments(tx, 'comment', [id]);
      await dropRevisions(tx, 'comment', [id]);
    });
  }

  async like(viewer: Viewer, id: string): Promise<LikeResult> {
    const result = isUuid(id) ? await toggleCommentLike(this.db, id, viewer.id) : 'missing';
    if (result === 'missing') throw notFound(COMMENT_NOT_FOUND);
    if (result.liked) await this.notifications?.liked(this.db, { ...result, commentId: id, likerId: viewer.id });
    return { liked: result.liked, likeCount: result.likeCount };
  }
}
