/** A member's data (issue 35, ADR 134): the export ZIP, the code for a delete without a password, the delete. */
import type { FastifyInstance } from 'fastify';
import { deleteAccount, exportAccountData, requestDeleteCode } from '../../src/contract/account-data';
import { implement } from '../http/route';
import { ACCOUNT_DATA_TEXT, type AccountDataService } from '../services/account-data';

export async function accountDataRoutes(app: FastifyInstance, { service }: { service: AccountDataService }) {
  // A GET, so `implement` counts nothing: an export draws every PDF of the member, so it has a budget of its own.
  implement(app, exportAccountData, async ({ user, request, reply }) => {
    await app.limits.check(exportAccountData.name, { memberId: user.id, address: request.ip });
    const { stream, filename } = await service.exportZip(user.id);
    reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store');
    // Streamed as it is made (the reply pipes it); the handler answers the reply itself.
    return reply.send(stream) as unknown as Buffer;
  });

  implement(app, requestDeleteCode, async ({ user }) => {
    await service.requestDeleteCode(user);
    return { success: true, message: ACCOUNT_DATA_TEXT.codeSent } as const;
  });

  // Every token of the member dies: the sessions kept by every process are stale (`changes`), and so are the answers
  // that showed their name on posts and comments.
  implement(app, deleteAccount, async ({ user, body }) => {
    await service.deleteAccount(user, body);
    app.communityAnswers.changed();
    app.renderedPages.changed();
    await app.changes.publish('community');
    return { success: true, message: ACCOUNT_DATA_TEXT.deleted } as const;
  }, { changes: 'sessions' });
}
