/** Throwaway PostgreSQL databases for tests: created on the server DATABASE_URL names, dropped after. */
import { randomBytes } from 'node:crypto';

/** Runs `work` on a connection to `baseUrl`'s database, closed after. */
export async function withAdminClient<T>(baseUrl: string, work: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `baseUrl` pointing at the database `name` instead. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new database, empty or a copy of `template` (which must have no connections), dropped by `drop`. */
export async function createPostgresDatabase(baseUrl: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sl_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(baseUrl, (client) => client.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  return {
    url: databaseUrl(baseUrl, name),
    drop: async () => {
      await withAdminClient(baseUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
