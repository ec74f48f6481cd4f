/**
 * The live notifications (issue 37, ADR 146): each open `GET /notifications/stream` is a Server-Sent Events answer
 * held here, per member. A notice (member, seq) from the database's notice channel, heard from whichever process wrote
 * the notification, wakes the member's streams on this process; each then sends every notification after the last it
 * sent, in order, so a lost notice is made good by the next, and a reconnect's Last-Event-ID by the first.
 */
import type { ServerResponse } from 'node:http';
import { NOTIFICATION_STREAM_PATH } from '../../src/contract/notifications';
import type { ChangeBus, Db } from '../data/client';
import { latestSeq, notificationsAfter, unreadCount } from '../data/notification-lists';
import { notificationItem } from './notifications';

export { NOTIFICATION_STREAM_PATH };

/** A comment line this often keeps proxies and the server's own idle timeout from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** How long a browser waits before it reconnects (the `retry` field). */
const RETRY_MS = 3_000;

interface Stream {
  userId: string;
  res: ServerResponse;
  sentSeq: number;
  busy: boolean;
  again: boolean;
}

export class NotificationStreams {
  readonly #byMember = new Map<string, Set<Stream>>();
  #heartbeat: NodeJS.Timeout | undefined;
  #listening: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly bus: ChangeBus,
    private readonly onError: (error: unknown) => void,
    private readonly heartbeatMs = HEARTBEAT_MS,
  ) {}

  /** Open streams now (metrics, tests). */
  get size(): number {
    let n = 0;
    for (const set of this.#byMember.values()) n += set.size;
    return n;
  }

  /** Listens for notices (at the app's start, outside any request); idempotent. */
  start(): Promise<void> {
    return this.#listen();
  }

  #listen(): Promise<void> {
    this.#listening ??= this.bus.listenNotices((notice) => {
      if (notice) this.#wake(this.#byMember.get(notice.userId));
      else for (const set of this.#byMember.values()) this.#wake(set);
    });
    if (!this.#heartbeat) {
      this.#heartbeat = setInterval(() => {
        for (const set of this.#byMember.values()) for (const s of set) s.res.write(': keep-alive\n\n');
      }, this.heartbeatMs);
      this.#heartbeat.unref();
    }
    return this.#listening;
  }

  #wake(streams: Set<Stream> | undefined): void {
    for (const stream of streams ?? []) void this.#flush(stream);
  }

  /** Sends what the stream has not sent yet; one flush at a time per stream, again when woken meanwhile. */
  async #flush(stream: Stream): Promise<void> {
    if (stream.busy) {
      stream.again = true;
      return;
    }
    stream.busy = true;
    try {
      do {
        stream.again = false;
        const rows = await notificationsAfter(this.db, stream.userId, stream.sentSeq);
        if (rows.length === 0 || stream.res.writableEnded) continue;
        const unread = await unreadCount(this.db, stream.userId);
        for (const row of rows) {
          stream.res.write(`id: ${row.seq}\nevent: notification\ndata: ${JSON.stringify({ notification: notificationItem(row), unread })}\n\n`);
          stream.sentSeq = row.seq;
        }
        // A hundred at a time: a long absence is sent in pages.
        if (rows.length === 100) stream.again = true;
      } while (stream.again && !stream.res.writableEnded);
    } catch (error) {
      this.onError(error);
    } finally {
      stream.busy = false;
    }
  }

  /**
   * Holds `res` open as the member's stream: from `lastEventId` when the client had one (what it missed is sent at
   * once), else from now. The caller has written the headers.
   */
  async open(userId: string, res: ServerResponse, lastEventId: number | null): Promise<void> {
    await this.#listen();
    const stream: Stream = { userId, res, sentSeq: lastEventId ?? (await latestSeq(this.db, userId)), busy: false, again: false };
    const set = this.#byMember.get(userId) ?? new Set<Stream>();
    this.#byMember.set(userId, set);
    set.add(stream);
    res.on('close', () => {
      set.delete(stream);
      if (set.size === 0 && this.#byMember.get(userId) === set) this.#byMember.delete(userId);
    });
    res.write(`retry: ${RETRY_MS}\n: connected\n\n`);
    // What was written between the start and now, or since Last-Event-ID.
    await this.#flush(stream);
  }

  /** Ends every open stream (shutdown): the browsers reconnect to another process. */
  endAll(): void {
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
    for (const set of this.#byMember.values()) for (const s of set) s.res.end();
  }
}
