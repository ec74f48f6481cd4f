/**
 * Backups that restore (issue 40 item 5, ADR 144). PostgreSQL: pg_dump's custom format, taken while the servers run,
 * restored with pg_restore into an empty database. PGlite: a gzipped tarball of the data folder, asked of the running
 * server over its socket (or read from the folder of a stopped one), restored into an empty DATA_DIR. A backup holds
 * every member's data and the server's secrets: it is written 0600, and should be kept like the database itself.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join, resolve } from 'node:path';
import { adminSocketPath } from './admin-socket';

export class BackupError extends Error {}

export interface DatabaseTarget {
  databaseUrl: string | undefined;
  dataDir: string;
}

const PG_TOOLS_MISSING = (tool: string) =>
  `${tool} was not found. Install PostgreSQL's client tools, of the server's major version or newer (Debian: apt-get install postgresql-client).`;

function run(tool: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => fail(error.code === 'ENOENT' ? new BackupError(PG_TOOLS_MISSING(tool)) : error));
    child.on('exit', (code) => (code === 0 ? done() : fail(new BackupError(`${tool} failed (exit ${code}): ${errors.trim().split('\n').slice(-3).join(' ')}`))));
  });
}

/** The running server's dump over its socket; null when no server answers there. */
function askServer(dataDir: string): Promise<Buffer | null> {
  const path = adminSocketPath(dataDir);
  if (!existsSync(path)) return Promise.resolve(null);
  return new Promise((done, fail) => {
    const socket = createConnection(path);
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.write('backup\n'));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? done(null) : fail(error)));
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(10);
      const head = all.subarray(0, newline < 0 ? all.length : newline).toString('utf8');
      const ok = /^OK (\d+)$/.exec(head);
      if (!ok) return fail(new BackupError(`The server refused the backup: ${head.replace(/^ERR /, '')}`));
      const body = all.subarray(newline + 1);
      if (body.length !== Number(ok[1])) return fail(new BackupError(`The server's backup arrived cut short (${body.length} of ${ok[1]} bytes).`));
      done(body);
    });
  });
}

async function dumpStoppedPglite(dataDir: string): Promise<Buffer> {
  const dir = join(dataDir, 'pglite');
  if (!existsSync(dir) || readdirSync(dir).length === 0) throw new BackupError(`There is no database in DATA_DIR=${dataDir}.`);
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { PrivateNodeFS } = await import('../data/private-node-fs');
  const client = new PGlite({ fs: new PrivateNodeFS(dir), extensions: { pg_trgm } });
  try {
    // Ready first: a dump asked of a PGlite still starting waits for a start that waits for it.
    await client.waitReady;
    return Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await client.close();
  }
}

/** Writes a backup of the configured database to `file` (0600, whole or not at all); answers how it was taken. */
export async function backupTo(file: string, target: DatabaseTarget): Promise<'pg_dump' | 'server' | 'stopped'> {
  const path = resolve(file);
  const partial = `${path}.partial`;
  try {
    if (target.databaseUrl) {
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${target.databaseUrl}`]);
      renameSync(partial, path);
      return 'pg_dump';
    }
    const fromServer = await askServer(target.dataDir);
    const bytes = fromServer ?? (await dumpStoppedPglite(target.dataDir));
    writeFileSync(partial, bytes, { mode: 0o600 });
    renameSync(partial, path);
    return fromServer ? 'server' : 'stopped';
  } finally {
    rmSync(partial, { force: true });
  }
}

const isPgDump = (head: Buffer) => head.subarray(0, 5).toString('latin1') === 'PGDMP';
const isGzip = (head: Buffer) => head[0] === 0x1f && head[1] === 0x8b;

async function tablesIn(databaseUrl: string): Promise<number> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
      where c.relkind in ('r', 'p') and s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg\\_%'`);
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** Loads `file` into the configured database, which must be empty; the next start migrates it forward if needed. */
export async function restoreFrom(file: string, target: DatabaseTarget): Promise<void> {
  const path = resolve(file);
  if (!existsSync(path)) throw new BackupError(`No backup at ${path}.`);
  const bytes = readFileSync(path);
  if (target.databaseUrl) {
    if (!isPgDump(bytes)) throw new BackupError(isGzip(bytes) ? 'This is a PGlite backup: restore it with DATA_DIR and no DATABASE_URL.' : 'This file is not a SustainLearn backup.');
    if ((await tablesIn(target.databaseUrl)) > 0) throw new BackupError('The database in DATABASE_URL is not empty: restore into a new, empty database.');
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${target.databaseUrl}`, path]);
    return;
  }
  if (!isGzip(bytes)) throw new BackupError(isPgDump(bytes) ? 'This is a PostgreSQL backup: restore it with DATABASE_URL set.' : 'This file is not a SustainLearn backup.');
  const dir = join(target.dataDir, 'pglite');
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new BackupError(`DATA_DIR=${target.dataDir} already holds a database: restore into an empty DATA_DIR.`);
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { PrivateNodeFS } = await import('../data/private-node-fs');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    const client = new PGlite({ fs: new PrivateNodeFS(dir), extensions: { pg_trgm }, loadDataDir: new Blob([bytes]) });
    await client.waitReady;
    await client.close();
  } catch (error) {
    // Nothing half-restored is left to be mistaken for a database.
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
