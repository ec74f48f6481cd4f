/**
 * What the service worker and the pages agree on (ADR 170), and the push message read into what the system shows:
 * pure, so it is tested without a browser.
 */
export const OFFLINE_PAGE = '/offline.html';
export const STATIC_CACHE = 'static-assets';
/** A page tells the waiting worker to take over (the member chose 'Reload'). */
export const SKIP_WAITING = 'SKIP_WAITING';
export const SERVICE_WORKER_URL = '/sw.js';
/** A page tells the worker the connection is back: queued completions are sent (ADR 174). */
export const REPLAY_COMPLETIONS = 'REPLAY_COMPLETIONS';
/** The member's live notification stream, which the worker leaves to the browser. */
export const NOTIFICATION_STREAM_PATH = '/api/notifications/stream';

export interface ShownPush {
  title: string;
  options: { body: string; tag: string; icon: string; badge: string; data: { url: string } };
}

/**
 * The push message (ADR 169: `{ title, body, url, tag }`) as the system shows it, or null when it is not one: the
 * url must be on this site, so a message can never send a member elsewhere.
 */
export function shownPush(text: string | null, origin: string): ShownPush | null {
  if (!text) return null;
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const { title, body, url, tag } = message as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof url !== 'string' || typeof tag !== 'string') return null;
  let target: URL;
  try {
    target = new URL(url, origin);
  } catch {
    return null;
  }
  if (target.origin !== origin) return null;
  return { title, options: { body, tag, icon: '/icons/icon-192.png', badge: '/icons/badge-96.png', data: { url: target.href } } };
}
