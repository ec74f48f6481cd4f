/**
 * What the public-site end-to-end files share: their two widths, and private servers, one on an empty database (for
 * the empty states) and one that a test may stop (for the error states and to read what the server stored). Both serve
 * the SPA the global setup built.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { openDatabase } from '../../../server/data/client';
import { salesBanners } from '../../../server/data/schema';
import { type RunningServer, startServer } from '../../support/server';
import { seededDataDirCopy } from './data-dirs';

/** The widths the public-site files look at: a desktop and a phone. */
export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 375, height: 812 };

export interface PrivateServer extends RunningServer {
  /** Stops the server (if running) and then reads its database. */
  readDatabase<T>(read: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

function staticDir(): string {
  const dir = process.env.E2E_STATIC_DIR_BUILT ?? process.env.E2E_STATIC_DIR;
  if (!dir) throw new Error('the global setup did not publish the built SPA folder');
  return dir;
}

/**
 * Starts a server on its own PGlite folder, seeded like the run's server. `empty: true` leaves the content tables
 * empty: the database is migrated and given one inactive sales banner first, which is what makes the server skip its
 * first-start seeding, and an inactive banner is never served.
 */
export async function startPrivateServer({ empty = false, env = {}, prepare }: {
  empty?: boolean;
  env?: Record<string, string>;
  /** Changes the copied database before the server starts (e.g. credit lines on a course, issue 39). */
  prepare?: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<void>;
} = {}): Promise<PrivateServer> {
  // Not empty: a copy of the run's seeded folder, as the server's first start would leave it.
  const dataDir = empty ? mkdtempSync(join(tmpdir(), 'sustainlearn-public-e2e-')) : seededDataDirCopy();
  if (prepare) {
    const database = await openDatabase({ dataDir });
    try {
      await prepare(database.db);
    } finally {
      await database.close();
    }
  }
  if (empty) {
    const database = await openDatabase({ dataDir });
    await database.db.insert(salesBanners).values({ text: 'placeholder that is never shown', active: false });
    await database.close();
  }
  const server = await startServer({ STATIC_DIR: staticDir(), RATE_LIMIT: 'off', ...env }, dataDir);
  return {
    ...server,
    async readDatabase(read) {
      await server.stop();
      const database = await openDatabase({ dataDir });
      try {
        return await read(database.db);
      } finally {
        await database.close();
      }
    },
    async dispose() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Takes the expected errors out of the fixture's console-error list (the rest still fail the test). */
export function allowConsoleErrors(consoleErrors: string[], pattern: RegExp): number {
  const kept = consoleErrors.filter((text) => !pattern.test(text));
  const removed = consoleErrors.length - kept.length;
  consoleErrors.splice(0, consoleErrors.length, ...kept);
  return removed;
}

/**
 * Holds the browser's requests for a screen's code (its `page-<name>` chunk) until the returned function is called:
 * the route changes at once, and its page arrives when the test says.
 */
export async function holdPageCode(page: Page, name: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(new RegExp(`/page-${name}\\.[^/]*\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Waits two frames: what a frame's work would do (a late focus move, a layout shift's entry) has happened. */
export async function twoFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The page must not scroll sideways at its current width. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
