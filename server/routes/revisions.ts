/** The edit history of posts and comments (issue 37): read by any signed-in member; the same answer for everyone. */
import type { FastifyInstance } from 'fastify';
import { commentRevisions } from '../../src/contract/comments';
import { discussionRevisions } from '../../src/contract/discussions';
import { implement } from '../http/route';
import type { RevisionService } from '../services/revisions';

export async function revisionRoutes(app: FastifyInstance, { revisions }: { revisions: RevisionService }) {
  // An edit is a community change: it drops these kept answers with the posts and threads.
  const cache = 'community';
  implement(app, discussionRevisions, async ({ params }) => ({ success: true, ...(await revisions.ofDiscussion(params.id)) }) as const, { cache });
  implement(app, commentRevisions, async ({ params }) => ({ success: true, ...(await revisions.ofComment(params.id)) }) as const, { cache });
}
