/** Reports to the bodies in the staff console (issue 39 item 6). Roles are checked by `implement` from each call's `staff`. */
import type { FastifyInstance } from 'fastify';
import * as calls from '../../src/contract/cpd';
import { implement } from '../http/route';
import type { StaffCpdService } from '../services/staff-cpd';

export async function staffCpdRoutes(app: FastifyInstance, { service }: { service: StaffCpdService }) {
  implement(app, calls.unreportedCompletions, async ({ query }) => ({ success: true, ...(await service.completions(query.body)) }) as const);

  implement(app, calls.exportCompletions, async ({ user, reply }) => {
    const { body, filename } = await service.exportAia(user.id);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store');
    return body;
  });
}
