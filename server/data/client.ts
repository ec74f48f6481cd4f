/** Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set; migrations run at open. */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { DEFAULT_MAX_WAITING, QueryQueue } from './query-queue';
import { type ParsingClient, readDatesAsText } from './pglite-parsers';
import { QueryTiming, QueryTracing } from './query-timing';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction: what `db.transaction` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Tells the other server processes on this database what a write made stale (ADR 061). */
  changes: ChangeBus;
  close(): Promise<void>;
  ping(): Promise<boolean>;
  /** PGlite's bounded queue (ADR 125): requests past it are refused before they start; null on PostgreSQL. */
  queue: QueryQueue | null;
  /** Runs `work` while no other process on this database runs its own (migrations, the first seed). */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** The driver's calls, timed for the metrics once an observer is set (ADR 143). */
  timing: QueryTiming;
  /** The driver's calls as spans, once tracing is on (ADR 145). */
  tracing: QueryTracing;
  /**
   * PGlite only: a gzipped tarball of the data folder, taken while no transaction is open (ADR 144); null on
   * PostgreSQL, which pg_dump backs up.
   */
  dump: (() => Promise<Blob>) | null;
  /** The PostgreSQL pool's connections; null on PGlite. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
}

/** What a write can make stale in another process's memory. */
export type ChangeTopic = 'community' | 'sessions' | 'content';
export const CHANGE_TOPICS: readonly ChangeTopic[] = ['community', 'sessions', 'content'];

export interface ChangeBus {
  /** Sends `topic` to every other process listening on this database; resolves once it is sent. */
  publish(topic: ChangeTopic): Promise<void>;
  /** Sends `topic` as part of the transaction `tx`: the other processes hear it when it commits, and never if it fails. */
  publishIn(tx: Tx, topic: ChangeTopic): Promise<void>;
  /** `listener` hears the topics other processes publish, and every topic after a lost connection comes back. */
  subscribe(listener: (topic: ChangeTopic) => void): void;
  /** Whether other processes' notices reach this one now (readiness): false while a lost listener reconnects. */
  connected(): boolean;
  /**
   * Hears each new notification (issue 37, ADR 146) once the transaction that wrote it commits, from every process on
   * the database, this one included (`notifyMember` sends it). `null` means a lost connection came back: anything may
   * have been missed.
   */
  listenNotices(listener: (notice: NotificationNotice | null) => void): Promise<void>;
}

/** Which member has a new notification, and its seq. */
export interface NotificationNotice {
  userId: string;
  seq: number;
}

/** The LISTEN/NOTIFY channel of new notifications; NOTIFY inside a transaction is delivered at its commit. */
export const NOTICE_CHANNEL = 'sustainlearn_notifications';
/**
 * The notice of a notification row, `userId:seq`, sent by the statement that writes the row (ADR 200): one round trip
 * to the database, not two. `parseNotice` reads it.
 */
export const noticeOf = (userId: SQLWrapper, seq: SQLWrapper) => sql`pg_notify(${NOTICE_CHANNEL}, ${userId}::text || ':' || ${seq}::text)`;
export function parseNotice(payload: string | undefined): NotificationNotice | null {
  const [userId, seq] = (payload ?? '').split(':');
  const n = Number(seq);
  return userId && Number.isSafeInteger(n) ? { userId, seq: n } : null;
}

const CHANNEL = 'sustainlearn_changes';
// One key for every startup lock of the product (pg_advisory_lock takes a 64-bit integer).
const STARTUP_LOCK = 7_340_011;

/**
 * One process alone on its database (PGlite): nobody else to tell of changes; notices of notifications come from the
 * database's own LISTEN, which PGlite delivers in process after the writer's commit.
 */
function aloneBus(listen: (channel: string, callback: (payload: string) => void) => Promise<unknown>): ChangeBus {
  const listeners: ((notice: NotificationNotice | null) => void)[] = [];
  let listening: Promise<unknown> | null = null;
  return {
    publish: async () => {},
    publishIn: async () => {},
    subscribe: () => {},
    connected: () => true,
    listenNotices: async (listener) => {
      listeners.push(listener);
      listening ??= listen(NOTICE_CHANNEL, (payload) => {
        const notice = parseNotice(payload);
        if (notice) for (const l of listeners) l(notice);
      });
      await listening;
    },
  };
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** `dataDir: null` keeps PGlite in memory (tests). */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string | null;
  /** PGlite only: how many queries may wait or run before a new request is refused (ADR 125). */
  maxWaitingQueries?: number;
  /** In-memory PGlite only: start from this dump of a data folder (`dumpDataDir`) rather than an empty one (tests). */
  loadDataDir?: Blob | undefined;
  /** PGlite only: its page cache, as PostgreSQL writes a size ('16MB'); unset, PostgreSQL's own 128MB (ADR 196). */
  pgliteSharedBuffers?: string | undefined;
}): Promise<Database> {
  let database: Database;
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A client can lose its connection (a restart, an admin's terminate), idle in the pool or checked out between a
    // transaction's statements; without a listener that error would crash the process. Every client gets one for its
    // whole life: the pool drops a broken client on release and opens a new one on the next query. The pool re-emits an
    // idle client's error, already logged here.
    pool.on('connect', (client) => client.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`)));
    pool.on('error', () => undefined);
    const timing = new QueryTiming();
    const tracing = new QueryTracing();
    timing.wrap(pool, ['query']);
    tracing.wrap(pool, ['query']);
    // A transaction's statements go through a client of its own: each client is timed as it is handed out.
    pool.on('acquire', (client) => {
      timing.wrap(client, ['query']);
      tracing.wrap(client, ['query']);
    });
    const db = drizzle(pool, { schema });
    const exclusively = async <T>(work: () => Promise<T>): Promise<T> => {
      // A session-level advisory lock held on one connection serialises the work across processes.
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        return await work();
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
        lock.release();
      }
    };
    await exclusively(() => migrate(db, { migrationsFolder }));
    const changes = new PostgresChangeBus(options.databaseUrl, pool, pg.Client);
    database = {
      db: db as unknown as Db,
      kind: 'postgres',
      changes,
      queue: null,
      exclusively,
      timing,
      tracing,
      dump: null,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await changes.close();
        await pool.end();
      },
      ping: async () => true,
    };
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    // pg_trgm, for search's 'Did you mean' (ADR 090): the same SQL as on PostgreSQL.
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    let client: InstanceType<typeof PGlite>;
    // PGlite's own start parameters, with the page cache's size when one is given: PGlite writes all of the cache at
    // every start, so a smaller one starts sooner (ADR 196).
    const startParams = options.pgliteSharedBuffers ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.pgliteSharedBuffers}`] } : {};
    if (options.dataDir) {
      const dir = join(options.dataDir, 'pglite');
      // The processes that write DATA_DIR make it private first (data-dir.ts); PGlite's files are born so (ADR 126).
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const { PrivateNodeFS } = await import('./private-node-fs');
      client = new PGlite({ fs: new PrivateNodeFS(dir), extensions: { pg_trgm }, ...startParams });
    } else {
      client = new PGlite({ extensions: { pg_trgm }, ...startParams, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
    }
    // Dates and times as text on the client itself, not copied with every query's own parsers (ADR 202).
    await client.waitReady;
    readDatesAsText(client as unknown as ParsingClient);
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    // Drizzle calls the client's own methods at each query, so the timing and the queue wrap them in place: the
    // timing first, so that it measures the call and not its wait in the queue.
    const timing = new QueryTiming();
    timing.wrap(client, ['query', 'exec']);
    timing.wrap(client, ['transaction'], 'transaction');
    const queue = new QueryQueue(options.maxWaitingQueries ?? DEFAULT_MAX_WAITING);
    queue.wrap(client, ['query', 'exec', 'transaction']);
    const tracing = new QueryTracing();
    tracing.wrap(client, ['query', 'exec']);
    tracing.wrap(client, ['transaction'], 'transaction');
    database = {
      db: db as unknown as Db, kind: 'pglite', changes: aloneBus((channel, callback) => client.listen(channel, callback)), queue, exclusively: (work) => work(), close: () => client.close(), ping: async () => true,
      timing, tracing, poolStats: () => null,
      // Inside a transaction: no other transaction is half done while the files are read (PGlite runs one at a time).
      dump: () => client.transaction(() => client.dumpDataDir('gzip')),
    };
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

type PgClient = import('pg').Client;

/**
 * LISTEN/NOTIFY on one dedicated connection. Each process tags what it sends with its own id and ignores its own
 * messages. A lost connection is reopened after a second; since notices sent meanwhile are lost, listeners then hear
 * every topic, so nothing stays stale.
 */
class PostgresChangeBus implements ChangeBus {
  readonly #origin = randomUUID();
  readonly #listeners: ((topic: ChangeTopic) => void)[] = [];
  readonly #noticeListeners: ((notice: NotificationNotice | null) => void)[] = [];
  #client: PgClient | null = null;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly pool: import('pg').Pool,
    private readonly Client: typeof import('pg').Client,
  ) {
    void this.#connect(false);
  }

  async #connect(reconnecting: boolean): Promise<void> {
    if (this.#closed) return;
    const client = new this.Client({ connectionString: this.url });
    const retry = () => {
      if (this.#client === client) this.#client = null;
      client.removeAllListeners();
      // The socket's end can still raise 'Connection terminated unexpectedly' after this: it must have a listener.
      client.on('error', () => undefined);
      client.end().catch(() => undefined);
      if (!this.#closed && !this.#retry) this.#retry = setTimeout(() => { this.#retry = undefined; void this.#connect(true); }, 1000).unref();
    };
    client.on('error', (error) => {
      console.warn(`PostgreSQL change listener lost: ${error.message}`);
      retry();
    });
    client.on('end', retry);
    client.on('notification', (message) => {
      if (message.channel === NOTICE_CHANNEL) {
        const notice = parseNotice(message.payload);
        if (notice) for (const listener of this.#noticeListeners) listener(notice);
        return;
      }
      const [origin, topic] = (message.payload ?? '').split(':');
      if (origin !== this.#origin && CHANGE_TOPICS.includes(topic as ChangeTopic)) this.#emit(topic as ChangeTopic);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      await client.query(`listen ${NOTICE_CHANNEL}`);
      if (this.#closed) {
        await client.end();
        return;
      }
      this.#client = client;
      if (reconnecting) {
        for (const topic of CHANGE_TOPICS) this.#emit(topic);
        for (const listener of this.#noticeListeners) listener(null);
      }
    } catch {
      retry();
    }
  }

  #emit(topic: ChangeTopic) {
    for (const listener of this.#listeners) listener(topic);
  }

  subscribe(listener: (topic: ChangeTopic) => void): void {
    this.#listeners.push(listener);
  }

  connected(): boolean {
    return this.#client !== null;
  }

  async listenNotices(listener: (notice: NotificationNotice | null) => void): Promise<void> {
    this.#noticeListeners.push(listener);
  }

  async publish(topic: ChangeTopic): Promise<void> {
    await this.pool.query('select pg_notify($1, $2)', [CHANNEL, `${this.#origin}:${topic}`]);
  }

  async publishIn(tx: Tx, topic: ChangeTopic): Promise<void> {
    await tx.execute(sql`select pg_notify(${CHANNEL}, ${`${this.#origin}:${topic}`})`);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = null;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}
