/** Workshops a member can attend (issue 15): the list, one session, registration, cancellation, its calendar, mine. */
import type { FastifyInstance } from 'fastify';
import { listWorkshops } from '../../src/contract/content';
import * as workshops from '../../src/contract/workshops';
import { implement } from '../http/route';
import type { WorkshopService } from '../services/workshops';

export async function workshopRoutes(app: FastifyInstance, { service }: { service: WorkshopService }) {
  implement(app, listWorkshops, async () => ({ success: true, workshops: await service.upcoming() }) as const, { cache: 'content' });
  implement(app, workshops.getWorkshop, async ({ params, user }) => ({ success: true, workshop: await service.detail(user.id, params.id) }) as const);
  implement(app, workshops.registerWorkshop, async ({ params, user }) => ({ success: true, ...(await service.register(user.id, params.id)) }) as const);
  implement(app, workshops.cancelWorkshopRegistration, async ({ params, user }) => ({ success: true, ...(await service.cancel(user.id, params.id)) }) as const);
  implement(app, workshops.workshopCalendar, async ({ params, reply }) => {
    const { ics, filename } = await service.calendar(params.id);
    reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store');
    return Buffer.from(ics, 'utf8');
  });
  implement(app, workshops.myWorkshops, async ({ user }) => ({ success: true, ...(await service.mine(user.id)) }) as const);
}
