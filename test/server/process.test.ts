/** The server as a process: config errors stop it with one clear line; data survives a graceful restart. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { startServer } from '../support/server';

describe('configuration', () => {
  it.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'mysql://x'],
    ['JWT_SECRET', 'short'],
    ['API_BASE_PATH', 'api'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}=`));
  });

  it('stops the process at start with one line naming the variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: 'abc', DATA_DIR: join(tmpdir(), 'sl-never-used') },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: PORT="abc"/)]);
  });

  it('keeps a generated JWT secret in DATA_DIR across starts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sl-secret-'));
    try {
      const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('restart', () => {
  it('keeps the data in DATA_DIR after a graceful stop (SIGTERM)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sl-restart-'));
    try {
      const first = await startServer({ STATIC_DIR: '/nonexistent' }, dir);
      const post = await fetch(`${first.url}/api/feedback`, {
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
