/**
 * Dates, times and intervals read from PGlite as text, set once on the client instead of with every query (ADR 202).
 *
 * Drizzle reads these types as PostgreSQL's text and maps them itself, so it hands PGlite a table of parsers that
 * return the text as it is, with every query. PGlite then copies its own table of parsers (one per type it knows,
 * about 380 here) into a new object, with drizzle's laid over it, to read each answer: 130 µs of a 450 µs one-row
 * query, more than the database took to find the row. Here the client's own table reads those types as text, and a
 * query's parsers are dropped when they only ask for that.
 */

/** What drizzle asks PGlite to read as text (drizzle-orm/pglite/session.js): timestamp, timestamptz, interval, date,
 * and the arrays of numeric, timestamp, timestamptz, interval and date. */
export const TEXT_TYPE_IDS = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182] as const;

const asText = (value: string) => value;
const TEXT = new Set<number>(TEXT_TYPE_IDS);

interface QueryOptions {
  parsers?: Record<number, unknown>;
  [option: string]: unknown;
}
type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;
interface Transaction {
  query: Query;
}
export interface ParsingClient {
  parsers: Record<number, (value: string, typeId: number) => unknown>;
  query: Query;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
}

/** `options` without parsers that only read TEXT_TYPE_IDS as text (which the client now does itself). */
export function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  const ids = Object.keys(options.parsers).map(Number);
  if (!ids.every((id) => TEXT.has(id))) return options;
  const { parsers: _, ...rest } = options;
  return rest;
}

const dropping = (query: Query, self: unknown): Query => (text, params, options) => query.call(self, text, params, withoutTextParsers(options));

/**
 * Makes `client` read TEXT_TYPE_IDS as text, and its queries (a transaction's included) leave out parsers that ask
 * only for that. Call it once the client is ready: PGlite fills its table of array types as it starts.
 */
export function readDatesAsText(client: ParsingClient): void {
  for (const id of TEXT_TYPE_IDS) client.parsers[id] = asText;
  client.query = dropping(client.query, client);
  const transaction = client.transaction;
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    transaction.call(client, (tx: Transaction) => {
      tx.query = dropping(tx.query, tx);
      return callback(tx);
    }) as Promise<T>;
}
