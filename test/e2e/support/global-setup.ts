/**
 * One real server for the whole end-to-end run: the SPA is built into a private folder (so parallel runs never share
 * a dist/) while a seeded data folder is made (data-dirs.ts), a real SMTP receiver catches the mail, the server starts
 * on a copy of that folder, and the URLs reach the tests through the environment. E2E_STATIC_DIR names an SPA already
 * built, and then none is built here.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import { startServer } from '../../support/server';
import { AXE_FILE } from './axe';
import { makeSeededDataDir, seededDataDirCopy } from './data-dirs';
import { startMailbox } from './mailbox';
import { E2E_CONTACT_EMAIL } from './contact';

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function buildSpa(outputPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['rspack', 'build', '--config', 'rspack.config.ts', '--output-path', outputPath], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`SPA build failed (exit ${code})`))));
  });
}

export default async function globalSetup() {
  const started = Date.now();
  let staticDir = process.env.E2E_STATIC_DIR;
  let built: string | undefined;
  const made: string[] = [];
  const cleanUp = () => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  };
  try {
    const building = (async () => {
      if (staticDir) return;
      built = mkdtempSync(join(tmpdir(), 'sustainlearn-spa-'));
      made.push(built);
      await buildSpa(built);
      staticDir = built;
      console.log(`SPA built in ${seconds(started)}`);
    })();
    // The build runs in its own processes; the seeding, on this thread, meanwhile.
    const seeding = makeSeededDataDir().then((dir) => {
      made.push(dir);
      console.log(`Seeded data folder made in ${seconds(started)}`);
      return dir;
    });
    // Both finish before a failure is thrown, so nothing is still writing into what the clean-up removes.
    const [build, seed] = await Promise.allSettled([building, seeding]);
    if (build.status === 'rejected') throw build.reason;
    if (seed.status === 'rejected') throw seed.reason;
    process.env.E2E_SEEDED_DATA_DIR = seed.value;
  } catch (error) {
    cleanUp();
    throw error;
  }
  // axe's source as a file the server serves (support/axe.ts): a document loads it in a fraction of the time, and
  // the browser keeps what it compiled. Removed at the end, so the SPA's folder is left as it was found.
  const axeFile = join(staticDir!, AXE_FILE);
  writeFileSync(axeFile, axe.source);
  made.push(axeFile);
  const mailDir = mkdtempSync(join(tmpdir(), 'sustainlearn-mail-'));
  made.push(mailDir);
  const mailFile = join(mailDir, 'mails.jsonl');
  const mailbox = await startMailbox(mailFile);
  const dataDir = seededDataDirCopy();
  made.push(dataDir);
  // Rate limits are off here: every test signs its users up from 127.0.0.1. Server tests cover the limits.
  // Jobs every second: a mail sent through the queue (a message to registrants, a newsletter) arrives while the test waits.
  const server = await startServer({ STATIC_DIR: staticDir!, SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`, RATE_LIMIT: 'off', JOB_POLL_SECONDS: '1', CONTACT_EMAIL: E2E_CONTACT_EMAIL }, dataDir);
  console.log(`End-to-end server ready in ${seconds(started)}`);
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_MAIL_FILE = mailFile;
  process.env.E2E_SMTP_URL = `smtp://127.0.0.1:${mailbox.port}`;
  process.env.E2E_STATIC_DIR_BUILT = staticDir;
  return async () => {
    await server.stop();
    await mailbox.close();
    cleanUp();
  };
}
