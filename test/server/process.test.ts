/** The server as a process: config errors stop it with one clear line; data survives a graceful restart. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jwtSecretOf } from '../../server/data/secrets';
import { ConfigError, loadConfig } from '../../server/config';
import { submitFeedback } from '../../src/contract/feedback';
import { startServer } from '../support/server';
import { urlOf } from './api';
import { dataDirCopy, openTestDatabase } from './fixture';

describe('configuration', () => {
  it.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'mysql://x'],
    ['JWT_SECRET', 'short'],
    ['API_BASE_PATH', 'api'],
    ['PGLITE_SHARED_BUFFERS', '16'],
    ['PGLITE_SHARED_BUFFERS', '0MB'],
    ['PGLITE_SHARED_BUFFERS', '127kB'],
    ['PGLITE_SHARED_BUFFERS', '2GB'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}=`));
  });

  it('gives the embedded database the page cache PGLITE_SHARED_BUFFERS names, PostgreSQL\'s own without it', async () => {
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '16MB' }).pgliteSharedBuffers).toBe('16MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '128kB' }).pgliteSharedBuffers).toBe('128kB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '1GB' }).pgliteSharedBuffers).toBe('1GB');
    expect(loadConfig({}).pgliteSharedBuffers).toBeUndefined();
    // This project's tests set 16MB (vitest.config.ts); a database opened without it has PostgreSQL's 128MB.
    expect(process.env.PGLITE_SHARED_BUFFERS).toBe('16MB');
    const { database } = await openTestDatabase('pglite');
    try {
      expect(((await database.db.execute(sql`show shared_buffers`)) as unknown as { rows: unknown[] }).rows).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await database.close();
    }
  });

  it('stops the process at start with one line naming the variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: 'abc', DATA_DIR: join(tmpdir(), 'sl-never-used') },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: PORT="abc"/)]);
  });

  it('keeps a generated JWT secret in the database for every start and process, taking over an older DATA_DIR file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sl-secret-'));
    const { database } = await openTestDatabase('pglite');
    try {
      const config = loadConfig({ DATA_DIR: dir });
      expect(config.jwtSecret).toBeUndefined();
      const first = await jwtSecretOf(config, database);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(await jwtSecretOf(config, database)).toBe(first);
      // An install that kept its secret in DATA_DIR keeps its sessions: the file's secret becomes the shared one.
      const { database: older } = await openTestDatabase('pglite');
      writeFileSync(join(dir, 'jwt-secret'), 'an-older-secret-kept-in-the-data-dir-0123456789');
      expect(await jwtSecretOf(config, older)).toBe('an-older-secret-kept-in-the-data-dir-0123456789');
      await older.close();
      // JWT_SECRET, when set, wins.
      expect(await jwtSecretOf(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'y'.repeat(40) }), database)).toBe('y'.repeat(40));
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('restart', () => {
  it('keeps the data in DATA_DIR after a graceful stop (SIGTERM)', async () => {
    // The first start finds a seeded folder, as any start after the very first does.
    const dir = dataDirCopy();
    try {
      const first = await startServer({ STATIC_DIR: '/nonexistent' }, dir);
      const post = await fetch(`${first.url}${urlOf(submitFeedback)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Rita', email: 'rita@example.com', mobile: '+1 555 0100', feedback: 'Kept?' }),
      });
      expect(post.status).toBe(200);
      await first.stop();
      expect(first.process.exitCode).toBe(0);

      const second = await startServer({ STATIC_DIR: '/nonexistent' }, dir);
      try {
        const { PGlite } = await import('@electric-sql/pglite');
        await second.stop();
        const db = new PGlite(join(dir, 'pglite'));
        const { rows } = await db.query<{ feedback: string }>('select feedback from feedback');
        await db.close();
        expect(rows).toEqual([{ feedback: 'Kept?' }]);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
