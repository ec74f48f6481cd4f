/**
 * Issue 40 item 5 (ADR 144): a database with members, a post, a comment, a like, course progress, a certificate and
 * files (an avatar, the library's PDFs) is backed up while its server runs, restored into an empty database, and
 * every table of the two is compared row by row. PGlite: the real server answers `npm run backup` on its socket.
 * PostgreSQL: pg_dump while the app holds its connections. Restoring into a database that is not empty is refused.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { runBackupCommand } from '../../scripts/backup';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type Database, openDatabase } from '../../server/data/client';
import { courseQuestions } from '../../server/data/schema';
import { createComment } from '../../src/contract/comments';
import { getCourse } from '../../src/contract/content';
import { createDiscussion, likeDiscussion } from '../../src/contract/discussions';
import * as learning from '../../src/contract/learning';
import { createPostgresDatabase } from '../support/postgres';
import { startServer } from '../support/server';
import { send } from './api';
import { dataDirCopy, MemoryMailer, type TestContext } from './fixture';
import { member } from './members';

const COURSE = 'material-passports-and-digital-product-data';
const work = mkdtempSync(join(tmpdir(), 'sl-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A fingerprint per table: its row count and the md5 of its rows in one order. */
const FINGERPRINTS = `select format('select %L as name, count(*)::int as n, md5(coalesce(string_agg(t::text, %L order by t::text), %L)) as digest from %I.%I t', table_schema || '.' || table_name, '|', '', table_schema, table_name) as q
  from information_schema.tables where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1`;

async function fingerprints(query: (text: string) => Promise<Record<string, unknown>[]>): Promise<Record<string, { n: number; digest: string }>> {
  const out: Record<string, { n: number; digest: string }> = {};
  for (const { q } of (await query(FINGERPRINTS)) as { q: string }[]) {
    const [row] = (await query(q)) as { name: string; n: number; digest: string }[];
    out[row!.name] = { n: Number(row!.n), digest: row!.digest };
  }
  return out;
}

async function pgliteFingerprints(dataDir: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = new PGlite({ dataDir: join(dataDir, 'pglite'), extensions: { pg_trgm } });
  try {
    return await fingerprints(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.close();
  }
}

async function postgresFingerprints(url: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fingerprints(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
}

/** What a member leaves: a post, a comment and a like, a course passed with its certificate, a picture. */
async function populate(database: Database, env: Record<string, string>) {
  const config = loadConfig({ JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789', LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent', RATE_LIMIT: 'off', JOB_POLL_SECONDS: '0', ...env });
  const clock = { now: Date.now(), advance(ms: number) { this.now += ms; } };
  const mailer = new MemoryMailer();
  const app = await buildApp({ config, database, mailer, logger: false, now: () => clock.now });
  await app.ready();
  const ctx: TestContext = { app, database, mailer, clock };
  const ada = await member(ctx, 'backup-ada@example.com', 'Ada', 'Lovelace');
  const grace = await member(ctx, 'backup-grace@example.com', 'Grace', 'Hopper');
  const post = await send(ctx, createDiscussion, {
    body: { title: 'Reusing steel beams', content: '<p>Who has certified reclaimed steel?</p>', category: 'sustainable-cities-and-communities', subcategory: 'heritage-and-adaptive-reuse' },
    token: ada.token,
  });
  const postId = post.json().discussion._id as string;
  expect((await send(ctx, createComment, { body: { discussionId: postId, content: '<p>We tested ours with a lab.</p>' }, token: grace.token })).statusCode).toBe(200);
  await send(ctx, likeDiscussion, { params: { id: postId }, token: grace.token });
  const course = (await send(ctx, getCourse, { params: { id: COURSE }, token: ada.token })).json().course as { _id: string; sections: { content: { _id: string }[] }[] };
  for (const lesson of course.sections.flatMap((s) => s.content)) await send(ctx, learning.completeLesson, { params: { id: course._id, lessonId: lesson._id }, token: ada.token });
  const key = await database.db.select({ correct: courseQuestions.correctIndex }).from(courseQuestions).where(eq(courseQuestions.courseId, course._id)).orderBy(courseQuestions.position);
  const attempt = (await send(ctx, learning.startAssessment, { params: { id: course._id }, token: ada.token })).json().attempt as { _id: string };
  for (const [questionIndex, { correct }] of key.entries()) {
    await send(ctx, learning.answerAssessment, { params: { id: attempt._id }, body: { questionIndex, selectedOption: correct }, token: ada.token });
  }
  await send(ctx, learning.completeAssessment, { params: { id: attempt._id }, token: ada.token });
  expect((await send(ctx, learning.issueCertificate, { params: { id: course._id }, body: { name: 'Ada Lovelace' }, token: ada.token })).statusCode).toBe(200);
  return app;
}

/** The tables this test means to carry across, each with rows. */
function expectCarried(prints: Record<string, { n: number }>) {
  for (const table of ['users', 'discussions', 'comments', 'discussion_likes', 'lesson_progress', 'assessment_attempts', 'certificates', 'files']) {
    expect(prints[`public.${table}`]?.n, table).toBeGreaterThan(0);
  }
  expect(prints['drizzle.__drizzle_migrations']?.n).toBeGreaterThan(0);
}

const lines = () => {
  const out: string[] = [];
  return { out, push: (line: string) => out.push(line) };
};

describe('backup and restore [pglite]', () => {
  it('backs up the running server over its socket, restores into an empty DATA_DIR, and every table matches', async () => {
    const dir = dataDirCopy();
    const database = await openDatabase({ dataDir: dir });
    const app = await populate(database, { DATA_DIR: dir });
    await app.close();
    await database.close();

    const server = await startServer({ JOB_POLL_SECONDS: '0', RATE_LIMIT: 'off' }, dir);
    const file = join(work, 'pglite.tar.gz');
    const said = lines();
    try {
      // What the start does on its own (pruning, the workshops' window, the first page drawn) settles first.
      expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 3000));
      expect(await runBackupCommand('backup', [file], said.push, said.push, { DATA_DIR: dir })).toBe(0);
    } finally {
      await server.stop();
    }
    expect(said.out.join('\n')).toContain('PGlite, from the running server');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const restored = mkdtempSync(join(work, 'restored-'));
    expect(await runBackupCommand('restore', [file], said.push, said.push, { DATA_DIR: restored })).toBe(0);
    const refused = lines();
    expect(await runBackupCommand('restore', [file], refused.push, refused.push, { DATA_DIR: restored })).toBe(1);
    expect(refused.out.join('\n')).toContain('already holds a database: restore into an empty DATA_DIR.');
    expect(await runBackupCommand('restore', [file], refused.push, refused.push, { DATA_DIR: join(work, 'elsewhere'), DATABASE_URL: 'postgres://127.0.0.1:1/none' })).toBe(1);
    expect(refused.out.at(-1)).toBe('This is a PGlite backup: restore it with DATA_DIR and no DATABASE_URL.');

    const original = await pgliteFingerprints(dir);
    expectCarried(original);
    expect(await pgliteFingerprints(restored)).toEqual(original);
    rmSync(dir, { recursive: true, force: true });
  }, 300_000);

  it('backs up a stopped server\'s folder, and says so', async () => {
    const dir = dataDirCopy();
    const said = lines();
    expect(await runBackupCommand('backup', [join(work, 'stopped.tar.gz')], said.push, said.push, { DATA_DIR: dir })).toBe(0);
    expect(said.out.join('\n')).toContain('from the stopped server\'s folder');
    const empty = lines();
    expect(await runBackupCommand('backup', [join(work, 'none.tar.gz')], empty.push, empty.push, { DATA_DIR: join(work, 'no-database') })).toBe(1);
    expect(empty.out.join('\n')).toContain('There is no database in DATA_DIR=');
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});

describe.skipIf(!process.env.DATABASE_URL)('backup and restore [postgres]', () => {
  it('backs up with pg_dump while the app runs, restores into an empty database, and every table matches', async () => {
    const base = process.env.DATABASE_URL!;
    const source = await createPostgresDatabase(base, inject('databaseTemplates')?.postgres?.seeded);
    const target = await createPostgresDatabase(base);
    const database = await openDatabase({ databaseUrl: source.url, dataDir: null });
    try {
      const app = await populate(database, { DATABASE_URL: source.url });
      const file = join(work, 'postgres.dump');
      const said = lines();
      try {
        expect(await runBackupCommand('backup', [file], said.push, said.push, { DATABASE_URL: source.url })).toBe(0);
      } finally {
        await app.close();
      }
      expect(said.out.join('\n')).toContain('PostgreSQL, pg_dump custom format');
      expect(await runBackupCommand('restore', [file], said.push, said.push, { DATABASE_URL: target.url })).toBe(0);
      const refused = lines();
      expect(await runBackupCommand('restore', [file], refused.push, refused.push, { DATABASE_URL: source.url })).toBe(1);
      expect(refused.out.at(-1)).toBe('The database in DATABASE_URL is not empty: restore into a new, empty database.');
      expect(await runBackupCommand('restore', [file], refused.push, refused.push, { DATA_DIR: join(work, 'pg-into-pglite') })).toBe(1);
      expect(refused.out.at(-1)).toBe('This is a PostgreSQL backup: restore it with DATABASE_URL set.');

      const original = await postgresFingerprints(source.url);
      expectCarried(original);
      expect(await postgresFingerprints(target.url)).toEqual(original);
    } finally {
      await database.close();
      await source.drop();
      await target.drop();
    }
  }, 300_000);
});
