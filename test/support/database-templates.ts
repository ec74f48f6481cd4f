/**
 * Databases for the server tests, made once per run and copied per test file: migrating a fresh PGlite costs seconds
 * and seeding the content several more, once per file and database kind. The vitest global setup makes an empty
 * migrated database and a seeded one of each kind; a file then starts from a copy (PGlite: from a dump of its data
 * folder; PostgreSQL: CREATE DATABASE … TEMPLATE).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, openAsBlob } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTENT_DIR } from '../../server/app';
import { importContent } from '../../server/content-import/import';
import { type Database, openDatabase } from '../../server/data/client';
import { databaseUrl, withAdminClient } from './postgres';

/**
 * What the global setup made: dump files of PGlite data folders, each also unpacked as a DATA_DIR (for tests that
 * start server processes), and template database names on DATABASE_URL.
 */
export interface DatabaseTemplates {
  pglite: { empty: string; seeded: string; emptyDataDir: string; seededDataDir: string };
  postgres: { baseUrl: string; empty: string; seeded: string } | null;
}

type PGliteClient = import('@electric-sql/pglite').PGlite;

/** The PGlite client behind a database openDatabase made. */
function pgliteClientOf(database: Database): PGliteClient {
  return (database.db as unknown as { $client: PGliteClient }).$client;
}

async function dump(client: PGliteClient, file: string): Promise<void> {
  // Written out to the data files, so a copy starts without replaying the log.
  await client.exec('checkpoint');
  const tarball = await client.dumpDataDir('none');
  await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
}

/** A DATA_DIR beside `dump` holding it: PGlite's folder in pglite/ (server/data/client.ts), private (ADR 126). */
function unpackAsDataDir(dump: string): string {
  const dataDir = dump.replace(/\.tar$/, '-data-dir');
  mkdirSync(join(dataDir, 'pglite'), { recursive: true, mode: 0o700 });
  const untar = spawnSync('sh', ['-c', 'umask 077 && exec tar --no-same-permissions -xf "$0" -C "$1"', dump, join(dataDir, 'pglite')], { encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`could not unpack ${dump}: ${untar.stderr}`);
  return dataDir;
}

/** An empty migrated PGlite database and a seeded one, dumped into `dir`. */
export async function makePgliteTemplates(dir: string): Promise<DatabaseTemplates['pglite']> {
  const database = await openDatabase({ dataDir: null });
  try {
    const client = pgliteClientOf(database);
    const empty = join(dir, 'pglite-empty.tar');
    await dump(client, empty);
    await importContent(database.db, CONTENT_DIR);
    const seeded = join(dir, 'pglite-seeded.tar');
    await dump(client, seeded);
    return { empty, seeded, emptyDataDir: unpackAsDataDir(empty), seededDataDir: unpackAsDataDir(seeded) };
  } finally {
    await database.close();
  }
}

const TEMPLATE_PREFIX = 'sl_tpl_';
// A run's templates carry their birth (seconds since 2020, base 36); a run that died without its teardown leaves them.
const STALE_AFTER_SECONDS = 12 * 3600;
const EPOCH_2020 = 1_577_836_800;

/** An empty migrated PostgreSQL database and a seeded one, closed to connections so they can serve as templates. */
export async function makePostgresTemplates(baseUrl: string): Promise<NonNullable<DatabaseTemplates['postgres']>> {
  const born = Math.floor(Date.now() / 1000) - EPOCH_2020;
  const stem = `${TEMPLATE_PREFIX}${born.toString(36)}_${randomBytes(3).toString('hex')}`;
  const empty = `${stem}_empty`;
  const seeded = `${stem}_seeded`;
  await withAdminClient(baseUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${TEMPLATE_PREFIX}%`]);
    for (const { datname } of rows) {
      const age = born - Number.parseInt(datname.slice(TEMPLATE_PREFIX.length).split('_')[0] ?? '', 36);
      if (age > STALE_AFTER_SECONDS) await client.query(`drop database if exists ${datname} with (force)`);
    }
    await client.query(`create database ${empty}`);
  });
  try {
    const migrating = await openDatabase({ databaseUrl: databaseUrl(baseUrl, empty), dataDir: null });
    await migrating.close();
    await withAdminClient(baseUrl, async (client) => {
      await closeToConnections(client, empty);
      await client.query(`create database ${seeded} template ${empty}`);
    });
    const seeding = await openDatabase({ databaseUrl: databaseUrl(baseUrl, seeded), dataDir: null });
    try {
      await importContent(seeding.db, CONTENT_DIR);
    } finally {
      await seeding.close();
    }
    await withAdminClient(baseUrl, (client) => closeToConnections(client, seeded));
  } catch (error) {
    await dropPostgresTemplates({ baseUrl, empty, seeded }).catch(() => undefined);
    throw error;
  }
  return { baseUrl, empty, seeded };
}

/**
 * No connection may reach `name` again, and none is left: CREATE DATABASE … TEMPLATE refuses a template anyone is
 * connected to, and a copy taken while a session writes could be torn. A closed pool's backends take a moment to
 * exit; one still there after 5 s is ended.
 */
async function closeToConnections(client: import('pg').Client, name: string): Promise<void> {
  await client.query(`alter database ${name} allow_connections false`);
  const others = 'from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()';
  for (const deadline = Date.now() + 5_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n ${others}`, [name]);
    if (rows[0]?.n === 0) return;
  }
  await client.query(`select pg_terminate_backend(pid) ${others}`, [name]);
}

export async function dropPostgresTemplates(templates: NonNullable<DatabaseTemplates['postgres']>): Promise<void> {
  await withAdminClient(templates.baseUrl, async (client) => {
    for (const name of [templates.seeded, templates.empty]) await client.query(`drop database if exists ${name} with (force)`);
  });
}

/** An in-memory PGlite database started from a dump: openDatabase's own, with its migrations (none left to run). */
export async function openPgliteCopy(dumpFile: string, maxWaitingQueries?: number): Promise<Database> {
  return openDatabase({
    dataDir: null, loadDataDir: await openAsBlob(dumpFile), pgliteSharedBuffers: process.env.PGLITE_SHARED_BUFFERS, ...(maxWaitingQueries ? { maxWaitingQueries } : {}),
  });
}
