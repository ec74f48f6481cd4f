/**
 * DATA_DIR is the server's alone (ADR 126): the real server process, started with the usual umask 022, leaves no file
 * or folder in it that group or others may read, write or enter; an open folder from before is tightened at start
 * with one log line; a folder open to others that belongs to another user stops the start with one line naming it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { submitFeedback } from '../../src/contract/feedback';
import { freePort } from '../support/server';
import { urlOf } from './api';
import { dataDirCopy } from './fixture';

const made: string[] = [];
const running: ChildProcess[] = [];
afterEach(async () => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sl-data-dir-'));
  made.push(dir);
  return dir;
}

/** Every path under `dir` (itself included) with its mode, links not followed. */
function walk(dir: string): { path: string; folder: boolean; mode: number }[] {
  const stats = lstatSync(dir);
  const here = { path: dir, folder: stats.isDirectory(), mode: stats.mode & 0o777 };
  if (!here.folder) return [here];
  return [here, ...readdirSync(dir).flatMap((name) => walk(join(dir, name)))];
}

/** The paths that break the rule: folders other than 0700, files with any group or other bit. */
function openPaths(dir: string): string[] {
  return walk(dir)
    .filter(({ folder, mode }) => (folder ? mode !== 0o700 : (mode & 0o077) !== 0))
    .map(({ path, mode }) => `${path} ${mode.toString(8)}`);
}

/** `command` with the usual umask 022, whatever the test runner's own is. */
function withUmask022(command: string[], env: Record<string, string>) {
  return spawn('/bin/sh', ['-c', 'umask 022 && exec "$@"', 'sh', ...command], {
    env: { ...process.env, HOST: '127.0.0.1', STATIC_DIR: '/nonexistent', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function start(dataDir: string) {
  const port = await freePort();
  const child = withUmask022([process.execPath, '--import', 'tsx', 'server/main.ts'], { PORT: String(port), DATA_DIR: dataDir });
  running.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => { output += chunk; });
  child.stderr.on('data', (chunk) => { output += chunk; });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 110_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start in 110 s: ${output}`);
    if (await fetch(`${url}/api/health`).then((res) => res.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    output: () => output,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      expect(child.exitCode).toBe(0);
    },
  };
}

/** A write, so PGlite writes its WAL and tables while the test looks. */
async function writeSomething(url: string) {
  const res = await fetch(`${url}${urlOf(submitFeedback)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Rita', email: 'rita@example.com', mobile: '+1 555 0100', feedback: 'Private?' }),
  });
  expect(res.status).toBe(200);
}

describe('DATA_DIR modes', () => {
  it('makes a fresh DATA_DIR, the folders above it and every file PGlite writes private, under umask 022', async () => {
    const base = tempDir();
    const dataDir = join(base, 'made', 'data');
    const server = await start(dataDir);
    await writeSomething(server.url);
    // While the server runs: PGlite's files are born private, not tightened later.
    const files = walk(join(base, 'made')).filter((entry) => !entry.folder);
    expect(files.length).toBeGreaterThan(500);
    expect(openPaths(join(base, 'made'))).toEqual([]);
    await server.stop();
    expect(openPaths(join(base, 'made'))).toEqual([]);
    expect(statSync(join(base, 'made')).mode & 0o777).toBe(0o700);
    // Nothing was open, so nothing was tightened and no line says so.
    expect(server.output()).not.toMatch(/open to other users/);
  }, 180_000);

  it('tightens an existing DATA_DIR left open (folders 0777, files 0666) at start, with one log line', async () => {
    // An install that has run before: a copy of the run's data folder as a first start leaves it (not a first start
    // here, which seeds for seconds more).
    const dataDir = dataDirCopy();
    made.push(dataDir);
    // As an install from before ADR 126 left it, plus the JWT secret file older installs kept.
    writeFileSync(join(dataDir, 'jwt-secret'), 'an-older-secret-kept-in-the-data-dir-0123456789');
    const paths = walk(dataDir);
    for (const { path, folder } of paths) chmodSync(path, folder ? 0o777 : 0o666);
    expect(openPaths(dataDir)).toHaveLength(paths.length);

    const second = await start(dataDir);
    const lines = second.output().split('\n').filter((line) => line.includes('open to other users'));
    expect(lines).toEqual([`DATA_DIR ${dataDir}: ${paths.length} paths were open to other users and are now the server's alone (folders 0700, files 0600)`]);
    expect(openPaths(dataDir)).toEqual([]);
    await writeSomething(second.url);
    await second.stop();
    expect(openPaths(dataDir)).toEqual([]);
  }, 240_000);

  const root = process.getuid?.() === 0;
  it.skipIf(!root)('refuses to start, naming the path, on a DATA_DIR open to others that belongs to another user (root only)', async () => {
    const nobody = Number(spawnSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).stdout.trim());
    expect(Number.isInteger(nobody) && nobody > 0).toBe(true);
    const dataDir = join(tempDir(), 'theirs');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o777);
    chownSync(dataDir, nobody, nobody);

    const run = (command: string[]) => new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = withUmask022(command, { DATA_DIR: dataDir });
      running.push(child);
      let stderr = '';
      child.stderr.on('data', (chunk) => { stderr += chunk; });
      child.on('close', (code) => resolve({ code, stderr }));
    });
    const refusal = new RegExp(
      `^Invalid configuration: DATA_DIR="${dataDir}": ${dataDir} is open to other users \\(mode 0777\\) and cannot be made private: it belongs to uid ${nobody}, not to this server's uid 0$`,
    );
    const server = await run([process.execPath, '--import', 'tsx', 'server/main.ts']);
    expect(server.code).toBe(1);
    expect(server.stderr.trim().split('\n')).toEqual([expect.stringMatching(refusal)]);
    // The content import writes DATA_DIR too, and refuses the same way (its config errors exit 2).
    const content = await run([process.execPath, '--import', 'tsx', 'scripts/content-import.ts', 'content']);
    expect(content.code).toBe(2);
    expect(content.stderr.trim().split('\n')).toEqual([expect.stringMatching(refusal)]);
    // Nothing was written, and the folder was left as its owner keeps it.
    expect(readdirSync(dataDir)).toEqual([]);
    expect(statSync(dataDir).mode & 0o777).toBe(0o777);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
  }, 60_000);
});
