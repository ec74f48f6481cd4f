/**
 * The server project's vitest global setup: makes the run's template databases once (database-templates.ts) and
 * hands their names to the test files through `inject('databaseTemplates')`; drops them after the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type DatabaseTemplates, dropPostgresTemplates, makePgliteTemplates, makePostgresTemplates } from './database-templates';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'sustainlearn-test-db-'));
  const baseUrl = process.env.DATABASE_URL;
  // PGlite works on this thread and PostgreSQL in its own processes: made side by side.
  const [pglite, postgres] = await Promise.allSettled([makePgliteTemplates(dir), baseUrl ? makePostgresTemplates(baseUrl) : Promise.resolve(null)]);
  const teardown = async () => {
    rmSync(dir, { recursive: true, force: true });
    if (postgres.status === 'fulfilled' && postgres.value) await dropPostgresTemplates(postgres.value);
  };
  if (pglite.status === 'rejected' || postgres.status === 'rejected') {
    await teardown();
    throw pglite.status === 'rejected' ? pglite.reason : (postgres as PromiseRejectedResult).reason;
  }
  project.provide('databaseTemplates', { pglite: pglite.value, postgres: postgres.value });
  console.log(`Server test databases made in ${((Date.now() - started) / 1000).toFixed(1)} s (empty and seeded, ${baseUrl ? 'PGlite and PostgreSQL' : 'PGlite'}).`);
  return teardown;
}
