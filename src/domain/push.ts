/**
 * Web Push (issue 42 item 4, ADR 169): what a push message says, and which push services the server will post to.
 * A subscription's endpoint is a URL the browser chose; the server posts to it, so only the push services of the
 * browsers are accepted (anything else would let a member make the server call any address).
 */
import { type NotificationFacts, notificationHref, notificationText } from './notifications';

/** The hosts of the browsers' push services (Chrome and Edge via FCM, Firefox's autopush, Safari's, Windows'). */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com', 'push.services.mozilla.com',
  'web.push.apple.com', 'notify.windows.com',
] as const;

/** The text a member sees when push is refused by the browser, or the address is not a push service. */
export const PUSH_TEXT = {
  notAPushService: 'This browser gave an address that is not a known push service',
  saved: 'Push notifications are on for this device',
  removed: 'Push notifications are off for this device',
  unsupported: 'This browser cannot show push notifications',
  denied: 'Notifications are blocked for this site in your browser settings',
} as const;

/**
 * Whether `endpoint` belongs to a push service: https on one of PUSH_SERVICE_HOSTS (or a subdomain of one), or one of
 * the `extra` origins the operator configured (a self-hosted push service; the tests' stand-in).
 */
export function isPushServiceEndpoint(endpoint: string, extra: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extra.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  return PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}

export interface PushMessage {
  title: string;
  body: string;
  /** The page a click opens: the exact comment when there is one. */
  url: string;
  /** One notification, one message: a later push of the same notification (a like's group growing) replaces it. */
  tag: string;
}

export function pushMessage(productName: string, id: string, n: NotificationFacts & { discussionId: string | null }): PushMessage {
  return { title: productName, body: notificationText(n), url: notificationHref(n), tag: `notification-${id}` };
}
