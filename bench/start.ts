/**
 * A start, as the first visitor meets it: the server is started on an already seeded database, and once its health
 * answers, the home page is asked for at once. That page loads the page bundle and draws for the first time.
 */
import { startServer } from '../test/support/server';
import { type Figure, figure } from './stats';

export interface StartResult {
  /** From the process's spawn to the health check's first 200 (ms). */
  toHealth: Figure;
  /** The first GET / right after it (ms). */
  firstPage: Figure;
}

export async function benchStarts(staticDir: string, dataDir: string, runs: number): Promise<StartResult> {
  const toHealth: number[] = [];
  const firstPage: number[] = [];
  for (let run = 0; run < runs; run++) {
    const spawned = performance.now();
    const server = await startServer({ STATIC_DIR: staticDir, RATE_LIMIT: 'off', LOG_LEVEL: 'warn' }, dataDir);
    try {
      toHealth.push(performance.now() - spawned);
      const asked = performance.now();
      const res = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'br' } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`the first page answered ${res.status}`);
      firstPage.push(performance.now() - asked);
    } finally {
      await server.stop();
    }
  }
  return { toHealth: figure(toHealth), firstPage: figure(firstPage) };
}
