/** Health and page-view analytics. */
import type { FastifyInstance } from 'fastify';
import { pageView } from '../../src/contract/analytics';
import { health, healthReady } from '../../src/contract/health';
import { HttpError } from '../http/errors';
import { implement } from '../http/route';
import type { SiteService } from '../services/site';

/** What readiness looks at besides the database: the change bus and the job runner (issue 40). */
export interface Readiness {
  changeBusUp(): boolean;
  /** 'off' when JOB_POLL_SECONDS is 0: this process was told not to run jobs, which is not a fault. */
  jobs(): 'running' | 'off' | 'stopped';
}

/** How long one answer of the database's ping stands: health checks and load balancers may ask many times a second. */
export const PING_KEPT_MS = 1_000;

/** One ping at a time, its answer kept for PING_KEPT_MS: a thousand health checks a second ask the database once. */
export function keptPing(ping: () => Promise<boolean>, now: () => number): () => Promise<boolean> {
  let kept: { at: number; answer: Promise<boolean> } | null = null;
  return () => {
    const at = now();
    if (!kept || at - kept.at >= PING_KEPT_MS) kept = { at, answer: ping().catch(() => false) };
    return kept.answer;
  };
}

export async function systemRoutes(
  app: FastifyInstance,
  { site, ping, readiness, now }: { site: SiteService; ping: () => Promise<boolean>; readiness: Readiness; now: () => number },
) {
  const databaseUp = keptPing(ping, now);
  implement(app, health, async () => {
    if (!(await databaseUp())) throw new HttpError(503, 'Database unreachable');
    return { success: true, database: 'up' } as const;
  });

  // Migrations ran before the app was built, so a process that answers has them applied.
  implement(app, healthReady, async ({ reply }) => {
    const database = (await databaseUp()) ? 'up' : 'down';
    const changeBus = readiness.changeBusUp() ? 'up' : 'down';
    const jobs = readiness.jobs();
    const ready = database === 'up' && changeBus === 'up' && jobs !== 'stopped';
    reply.header('cache-control', 'no-store');
    if (!ready) reply.code(503);
    return { success: ready, ready, database, migrations: 'applied', changeBus, jobs } as const;
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
