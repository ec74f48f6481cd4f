/** Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set; migrations run at open. */
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction: what `db.transaction` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  ping(): Promise<boolean>;
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** `dataDir: null` keeps PGlite in memory (tests). */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string | null }): Promise<Database> {
  let database: Database;
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client can lose its connection (a restart, an admin's terminate); without a listener that error would
    // crash the process. The pool drops the client and opens a new one on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    database = { db: db as unknown as Db, kind: 'postgres', close: () => pool.end(), ping: async () => true };
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    let client: InstanceType<typeof PGlite>;
    if (options.dataDir) {
      const dir = join(options.dataDir, 'pglite');
      mkdirSync(dir, { recursive: true });
      client = new PGlite(dir);
    } else {
      client = new PGlite();
    }
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    database = { db: db as unknown as Db, kind: 'pglite', close: () => client.close(), ping: async () => true };
  }
  const { db } = database;
  database.ping = async () => {
    try {
      await db.execute(sql`select 1`);
      return true;
    } catch {
      return false;
    }
  };
  return database;
}
