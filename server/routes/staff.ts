/** The staff console's API (issue 36) and the contact form. Roles are checked by `implement` from each call's `staff`. */
import type { FastifyInstance } from 'fastify';
import { sendContactMessage } from '../../src/contract/contact';
import { auditLog, inbox, listStaff, markHandled, myRoles, setRoles, staffHome } from '../../src/contract/staff';
import { implement } from '../http/route';
import type { StaffService } from '../services/staff';

export async function staffRoutes(app: FastifyInstance, { staff }: { staff: StaffService }) {
  implement(app, sendContactMessage, async ({ body }) => {
    await staff.receiveContact(body);
    return { success: true, message: 'Message sent successfully!' } as const;
  });

  implement(app, myRoles, async ({ user }) => ({ success: true, roles: await staff.roles(user.id) }) as const);

  implement(app, staffHome, async () => ({ success: true, ...(await staff.home()) }) as const);

  implement(app, inbox, async ({ query }) => ({ success: true, ...(await staff.inbox(query.status, query.page)) }) as const);

  implement(app, markHandled, async ({ user, params }) => ({ success: true, item: await staff.markHandled(user.id, params.kind, params.id) }) as const);

  implement(app, listStaff, async ({ query }) => ({ success: true, members: await staff.listStaff(query.q) }) as const);

  implement(app, setRoles, async ({ user, params, body }) => ({ success: true, member: await staff.setRoles(user.id, params.id, body.roles) }) as const);

  implement(app, auditLog, async ({ query }) => ({ success: true, ...(await staff.audit({ actorId: query.actor, action: query.action }, query.page)) }) as const);
}
