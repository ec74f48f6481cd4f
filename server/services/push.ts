/**
 * Web Push (issue 42 item 4, ADR 169). A member turns push on per device for the kinds they choose; each notification
 * of such a kind becomes a 'notification-push' job (NotificationService.notify), which this service sends to every
 * device of the member that receives the kind. The message is encrypted (RFC 8291) and signed with the server's VAPID
 * key (RFC 8292) by the web-push library; the request itself is sent here, with fetch, so a push service that
 * answers that a subscription is gone (404, 410) has it removed at once.
 */
import webpush from 'web-push';
import { isUuid } from '../../src/domain/ids';
import { isPushServiceEndpoint, PUSH_TEXT, pushMessage } from '../../src/domain/push';
import type { NotificationKind } from '../../src/domain/notifications';
import type { Db } from '../data/client';
import type { JobRow } from '../data/jobs';
import { notificationById } from '../data/notification-lists';
import { dropSubscription, kindsOf, markPushed, pushTargets, removeSubscription, saveSubscription } from '../data/push';
import { sharedSecret } from '../data/secrets';
import { invalid } from './errors';
/** How long a push service keeps a message for a device that is offline. */
const TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The VAPID key pair: generated once and kept in the database with the other secrets, shared by every process. */
export async function vapidKeysOf(db: Db): Promise<VapidKeys> {
  return JSON.parse(await sharedSecret(db, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys()))) as VapidKeys;
}

export interface PushOptions {
  keys: VapidKeys;
  /** Who runs the server, for the push services: `mailto:` the contact address. */
  subject: string;
  productName: string;
  publicUrl: string;
  /** Push services allowed besides the browsers' (PUSH_SERVICE_ORIGINS). */
  extraOrigins: readonly string[];
  now: () => number;
}

export class PushService {
  constructor(
    private readonly db: Db,
    private readonly options: PushOptions,
  ) {}

  get publicKey(): string {
    return this.options.keys.publicKey;
  }

  async subscribe(userId: string, s: { endpoint: string; keys: { p256dh: string; auth: string }; kinds: readonly NotificationKind[] }) {
    if (!isPushServiceEndpoint(s.endpoint, this.options.extraOrigins)) throw invalid(`endpoint: ${PUSH_TEXT.notAPushService}`);
    const kinds = [...new Set(s.kinds)];
    await saveSubscription(this.db, { userId, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth, kinds });
    return { message: PUSH_TEXT.saved, kinds };
  }

  kinds(userId: string, endpoint: string): Promise<NotificationKind[] | null> {
    return kindsOf(this.db, userId, endpoint);
  }

  async unsubscribe(userId: string, endpoint: string): Promise<string> {
    await removeSubscription(this.db, userId, endpoint);
    return PUSH_TEXT.removed;
  }

  /**
   * The 'notification-push' job: the notification to each of the member's devices that receive its kind, unless it
   * was read meanwhile. A device the push service calls gone is removed; any other failure makes the job try again
   * (a device that had it gets it again, under the same tag, so it replaces the first rather than adding one).
   */
  async sendOne(job: JobRow): Promise<void> {
    const id = job.payload.id ?? '';
    const [n] = isUuid(id) ? await notificationById(this.db, id) : [];
    if (!n || n.readAt) return;
    const targets = await pushTargets(this.db, n.userId, n.kind);
    if (targets.length === 0) return;
    const message = pushMessage(this.options.productName, n.id, {
      kind: n.kind, actorName: n.actor?.name ?? null, actorCount: n.actorCount, discussionTitle: n.discussion?.title ?? null,
      discussionId: n.discussion?.id ?? null, commentId: n.commentId, detail: n.detail,
    });
    const payload = JSON.stringify({ ...message, url: `${this.options.publicUrl}${message.url}` });
    const failures: string[] = [];
    for (const target of targets) {
      const status = await this.#post(target, payload).catch((error: unknown) => {
        failures.push(error instanceof Error ? error.message : String(error));
        return null;
      });
      if (status === null) continue;
      if (status === 404 || status === 410) await dropSubscription(this.db, target.id);
      else if (status >= 200 && status < 300) await markPushed(this.db, target.id, new Date(this.options.now()));
      else failures.push(`the push service answered ${status}`);
    }
    if (failures.length > 0) throw new Error(`push failed for ${failures.length} of ${targets.length} devices: ${failures[0]}`);
  }

  async #post(target: { endpoint: string; p256dh: string; auth: string }, payload: string): Promise<number> {
    const request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
      vapidDetails: { subject: this.options.subject, publicKey: this.options.keys.publicKey, privateKey: this.options.keys.privateKey },
      TTL: TTL_SECONDS,
      urgency: 'normal',
      contentEncoding: 'aes128gcm',
    });
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  }
}
