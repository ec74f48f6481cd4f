/**
 * The history of a post or a comment (issue 37): what it says now, then each text an edit replaced, newest first.
 * Every text was sanitised when it was written (services/posts.ts), so the history shows nothing the item never could.
 * A "[deleted]" comment has no history: its texts went with it.
 */
import type { Revision } from '../../src/domain/discussion';
import { isUuid } from '../../src/domain/ids';
import { findComment } from '../data/comments';
import type { Db } from '../data/client';
import { findDiscussion } from '../data/discussions';
import { listRevisions } from '../data/revisions';
import { COMMENT_NOT_FOUND } from './comments';
import { DISCUSSION_NOT_FOUND } from './discussions';
import { notFound } from './errors';

export interface History {
  current: Revision;
  revisions: Revision[];
}

/** Nobody reads: no email is filled in. */
const NOBODY = { id: '', email: '' };

export class RevisionService {
  constructor(private readonly db: Db) {}

  async ofDiscussion(id: string): Promise<History> {
    const post = await findDiscussion(this.db, id);
    if (!post) throw notFound(DISCUSSION_NOT_FOUND);
    return {
      current: { title: post.title, content: post.content, writtenAt: post.editedAt ?? post.createdAt },
      revisions: await listRevisions(this.db, 'discussion', id),
    };
  }

  async ofComment(id: string): Promise<History> {
    const comment = isUuid(id) ? await findComment(this.db, id, NOBODY) : null;
    if (!comment || comment.deleted) throw notFound(COMMENT_NOT_FOUND);
    return {
      current: { content: comment.content, writtenAt: comment.editedAt ?? comment.createdAt },
      revisions: await listRevisions(this.db, 'comment', id),
    };
  }
}
