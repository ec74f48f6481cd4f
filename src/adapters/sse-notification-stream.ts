/**
 * The live notification stream over Server-Sent Events (issue 37, ADR 147): an EventSource on `/api` +
 * NOTIFICATION_STREAM_PATH, authenticated by the session cookie it sends like any same-origin request. Each
 * `notification` event is checked against the contract's schema; one that does not parse is logged and skipped. On
 * an error the EventSource is closed and the machine decides when to open a new one, after the last `seq` it holds
 * (`?lastEventId=`), so reconnection waits grow instead of the browser's fixed retry.
 */
import { inject, injectable } from 'inversify';
import type { NotificationStream, NotificationStreamListener } from '../application/ports';
import { type ApiConfig, TOKENS } from './di-tokens';

/** The contract module (and zod) loads with the first stream, not with the app shell. */
const contract = () => import(/* webpackChunkName: "contract-notifications" */ '../contract/notifications');

@injectable()
export class SseNotificationStream implements NotificationStream {
  constructor(@inject(TOKENS.ApiConfig) private readonly config: ApiConfig) {}

  open(lastSeq: number | null, listener: NotificationStreamListener): () => void {
    let closed = false;
    let source: EventSource | null = null;
    const fail = () => {
      if (closed) return;
      closed = true;
      source?.close();
      listener.failed();
    };
    contract().then(({ NOTIFICATION_STREAM_PATH, notificationEventSchema }) => {
      if (closed) return;
      const query = lastSeq === null ? '' : `?lastEventId=${encodeURIComponent(String(lastSeq))}`;
      source = new EventSource(`${this.config.baseUrl}${NOTIFICATION_STREAM_PATH}${query}`);
      source.onopen = () => {
        if (!closed) listener.opened();
      };
      source.onerror = fail;
      source.addEventListener('notification', (message) => {
        if (closed) return;
        let data: unknown;
        try {
          data = JSON.parse((message as MessageEvent<string>).data);
        } catch {
          data = undefined;
        }
        const parsed = notificationEventSchema.safeParse(data);
        if (parsed.success) listener.received(parsed.data);
        else console.warn('a notification event did not match the contract', parsed.error?.issues ?? data);
      });
    }, fail);
    return () => {
      closed = true;
      source?.close();
    };
  }
}
