/** Workshops in the staff console (issue 36 item 5). Roles are checked by `implement` from each call's `staff`. */
import type { FastifyInstance } from 'fastify';
import * as calls from '../../src/contract/staff-workshops';
import { implement } from '../http/route';
import type { StaffSessionService } from '../services/staff-sessions';
import type { StaffWorkshopService } from '../services/staff-workshops';

export async function staffWorkshopRoutes(app: FastifyInstance, { service, sessions }: { service: StaffWorkshopService; sessions: StaffSessionService }) {
  implement(app, calls.staffWorkshops, async ({ query }) => ({ success: true, sessions: await service.sessions(query.when) }) as const);

  implement(app, calls.sessionRegistrations, async ({ params }) => ({ success: true, ...(await service.registrations(params.sessionId)) }) as const);

  implement(app, calls.markAttended, async ({ user, params, body }) => ({
    success: true, registration: await service.markAttended(user.id, params.sessionId, params.userId, body.attended),
  }) as const);

  implement(app, calls.messageRegistrants, async ({ user, params, body }) => ({ success: true, ...(await service.message(user.id, params.sessionId, body)) }) as const);

  implement(app, calls.moveSession, async ({ user, params, body }) => ({ success: true, ...(await sessions.move(user.id, params.sessionId, body.startsAt)) }) as const);

  implement(app, calls.cancelSession, async ({ user, params }) => ({ success: true, ...(await sessions.cancel(user.id, params.sessionId)) }) as const);

  implement(app, calls.registrationsCsv, async ({ user, params, reply }) => {
    const { body, filename } = await service.csv(user.id, params.sessionId);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store');
    return body;
  });
}
