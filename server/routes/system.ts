/** Health and page-view analytics. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pageView } from '../../src/contract/analytics';
import { health } from '../../src/contract/health';
import type { Db } from '../db/client';
import { pageViews } from '../db/schema';
import { HttpError } from '../http/errors';
import { implement } from '../http/route';

export async function systemRoutes(app: FastifyInstance, { db, ping }: { db: Db; ping: () => Promise<boolean> }) {
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
    const path = body.path.split('?')[0]!.slice(0, 300);
    const day = new Date().toISOString().slice(0, 10);
    await db
      .insert(pageViews)
      .values({ path, day, views: 1 })
      .onConflictDoUpdate({ target: [pageViews.path, pageViews.day], set: { views: sql`${pageViews.views} + 1` } });
    return { success: true } as const;
  });
}
