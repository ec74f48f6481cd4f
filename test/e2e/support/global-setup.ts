/**
 * One real server for the whole end-to-end run: the SPA is built into a private folder (so parallel runs never share
 * a dist/), a real SMTP receiver catches the mail, the server starts on a fresh database, and the URLs reach the tests
 * through the environment.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../support/server';
import { startMailbox } from './mailbox';

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
  const mailDir = mkdtempSync(join(tmpdir(), 'sustainlearn-mail-'));
  const mailFile = join(mailDir, 'mails.jsonl');
  const mailbox = await startMailbox(mailFile);
  // Rate limits are off here: every test signs its users up from 127.0.0.1. Server tests cover the limits.
  const server = await startServer({ STATIC_DIR: staticDir, SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`, RATE_LIMIT: 'off' });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_MAIL_FILE = mailFile;
  process.env.E2E_SMTP_URL = `smtp://127.0.0.1:${mailbox.port}`;
  process.env.E2E_STATIC_DIR_BUILT = staticDir;
  return async () => {
    await server.stop();
    await mailbox.close();
    rmSync(mailDir, { recursive: true, force: true });
    if (built) rmSync(built, { recursive: true, force: true });
  };
}
