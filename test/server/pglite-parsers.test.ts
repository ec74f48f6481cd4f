/**
 * Dates and times read as text by PGlite's own table, not by parsers sent with every query (ADR 202): what drizzle
 * reads is the same, in and out of a transaction, and PGlite gets no parsers that would make it copy its table.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/data/client';
import { pageViews, revokedTokens } from '../../server/data/schema';
import { type ParsingClient, readDatesAsText, TEXT_TYPE_IDS, withoutTextParsers } from '../../server/data/pglite-parsers';
import { openTestDatabase } from './fixture';

/** drizzle-orm/pglite's own query options: its parsers read each of these types as text. */
const DRIZZLE_OPTIONS = { rowMode: 'array', parsers: Object.fromEntries(TEXT_TYPE_IDS.map((id) => [id, (value: string) => value])) };

describe('the options a query passes to PGlite', () => {
  it('leave out parsers that only read dates, times and intervals as text, and keep the rest', () => {
    expect(withoutTextParsers(DRIZZLE_OPTIONS)).toEqual({ rowMode: 'array' });
    const other = { rowMode: 'object', parsers: { ...DRIZZLE_OPTIONS.parsers, 25: (value: string) => value.toUpperCase() } };
    expect(withoutTextParsers(other)).toBe(other);
    expect(withoutTextParsers(undefined)).toBeUndefined();
    expect(withoutTextParsers({ rowMode: 'array' })).toEqual({ rowMode: 'array' });
  });

  it('reach the client and a transaction without those parsers', async () => {
    const seen: unknown[] = [];
    const query = async (_text: string, _params?: unknown[], options?: unknown) => void seen.push(options);
    const client: ParsingClient = {
      parsers: { 1184: () => new Date(0) },
      query,
      transaction: (callback) => callback({ query }),
    };
    readDatesAsText(client);
    await client.query('select 1', [], DRIZZLE_OPTIONS);
    await client.transaction((tx) => tx.query('select 2', [], DRIZZLE_OPTIONS));
    expect(seen).toEqual([{ rowMode: 'array' }, { rowMode: 'array' }]);
    expect(TEXT_TYPE_IDS.map((id) => client.parsers[id]?.('2026-12-03 10:00:00+00', id))).toEqual(TEXT_TYPE_IDS.map(() => '2026-12-03 10:00:00+00'));
  });
});

describe('PGlite reading dates and times', () => {
  let database: Database;
  beforeAll(async () => {
    database = (await openTestDatabase('pglite')).database;
  });
  afterAll(() => database.close());

  const RAW = sql`select '2026-12-03 10:00:00+00'::timestamptz as at, '2026-12-03'::date as day, interval '1 day' as span,
    array['2026-12-03 10:00:00+00'::timestamptz] as ats, array['2026-12-03'::date] as days`;
  const TEXTS = { at: '2026-12-03 10:00:00+00', day: '2026-12-03', span: '1 day', ats: '{"2026-12-03 10:00:00+00"}', days: '{2026-12-03}' };

  it('gives raw SQL its dates, times, intervals and their arrays as PostgreSQL writes them, in a transaction too', async () => {
    const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
    expect(rowsOf(await database.db.execute(RAW))).toEqual([TEXTS]);
    expect(await database.db.transaction(async (tx) => rowsOf(await tx.execute(RAW)))).toEqual([TEXTS]);
  });

  it('gives drizzle its columns mapped as before: a timestamp with time zone as the same Date, a date as its day', async () => {
    const expiresAt = new Date('2026-12-03T10:00:00.123Z');
    await database.db.insert(revokedTokens).values({ jti: 'parsers-test', expiresAt });
    await database.db.insert(pageViews).values({ path: '/parsers-test', day: '2026-12-03', views: 1 });
    const [token] = await database.db.select().from(revokedTokens).where(eq(revokedTokens.jti, 'parsers-test'));
    expect(token?.expiresAt).toEqual(expiresAt);
    const inTransaction = await database.db.transaction((tx) => tx.select().from(pageViews).where(eq(pageViews.path, '/parsers-test')));
    expect(inTransaction).toEqual([{ path: '/parsers-test', day: '2026-12-03', views: 1 }]);
  });
});
