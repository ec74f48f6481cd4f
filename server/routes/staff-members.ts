/** The staff console's members (issue 36 item 6): roles are checked by `implement` from each call's `staff`. */
import type { FastifyInstance } from 'fastify';
import { liftSuspension, memberDetail, searchMembers, suspendMember } from '../../src/contract/staff-members';
import { implement } from '../http/route';
import type { StaffMemberService } from '../services/staff-members';

export async function staffMemberRoutes(app: FastifyInstance, { members }: { members: StaffMemberService }) {
  implement(app, searchMembers, async ({ query }) => ({ success: true, ...(await members.search(query.q, query.page)) }) as const);

  implement(app, memberDetail, async ({ params }) => ({ success: true, member: await members.detail(params.id) }) as const);

  // A suspension ends the member's tokens: the sessions kept here and in every other process are stale.
  implement(app, suspendMember, async ({ user, params, body }) => ({
    success: true, member: await members.suspend(user.id, params.id, body.reason),
  }) as const, { changes: 'sessions' });

  implement(app, liftSuspension, async ({ user, params }) => ({ success: true, member: await members.lift(user.id, params.id) }) as const, { changes: 'sessions' });
}
