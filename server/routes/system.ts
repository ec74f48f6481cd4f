/** Health and page-view analytics. */
import type { FastifyInstance } from 'fastify';
import { pageView } from '../../src/contract/analytics';
import { health } from '../../src/contract/health';
import { HttpError } from '../http/errors';
import { implement } from '../http/route';
import type { SiteService } from '../services/site';

export async function systemRoutes(app: FastifyInstance, { site, ping }: { site: SiteService; ping: () => Promise<boolean> }) {
  implement(app, health, async () => {
    if (!(await ping())) throw new HttpError(503, 'Database unreachable');
    return { success: true, database: 'up' } as const;
  });

  // sendBeacon posts text/plain; accept it as JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, body ? JSON.parse(String(body)) : undefined);
    } catch {
      done(new HttpError(400, 'Body is not valid JSON'), undefined);
    }
  });

  implement(app, pageView, async ({ body }) => {
    await site.recordPageView(body.path);
    return { success: true } as const;
  });
}
