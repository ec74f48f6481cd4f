/**
 * One real server for the whole end-to-end run: the SPA is built into a private folder (so parallel runs never share
 * a dist/), the server starts on a fresh database, and its URL reaches the tests through the environment.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../support/server';

export default async function globalSetup() {
  let staticDir = process.env.E2E_STATIC_DIR;
  let built: string | undefined;
  if (!staticDir) {
    built = mkdtempSync(join(tmpdir(), 'sustainlearn-spa-'));
    const result = spawnSync('npx', ['rspack', 'build', '--config', 'rspack.config.ts', '--output-path', built], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (result.status !== 0) throw new Error('SPA build failed');
    staticDir = built;
  }
  const server = await startServer({ STATIC_DIR: staticDir });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
    if (built) rmSync(built, { recursive: true, force: true });
  };
}
