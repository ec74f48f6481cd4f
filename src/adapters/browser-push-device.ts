/**
 * This browser's push (ADR 169): through the service worker's registration (ADR 170), so a browser without one (the
 * development server, a browser without service workers) says 'unsupported'; permission is asked only when the
 * member turns push on.
 */
import type { PushDevice, PushSubscriptionKeys } from '../application/ports';

const keysOf = (subscription: PushSubscription): PushSubscriptionKeys => {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
};

/** The server's key (base64url, as web-push gives it) as the bytes PushManager asks for. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || typeof window.PushManager === 'undefined' || typeof Notification === 'undefined') return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export class BrowserPushDevice implements PushDevice {
  async status() {
    const worker = await registration();
    if (!worker) return { state: 'unsupported' as const };
    if (Notification.permission === 'denied') return { state: 'denied' as const };
    const subscription = await worker.pushManager.getSubscription();
    return subscription ? { state: 'on' as const, subscription: keysOf(subscription) } : { state: 'off' as const };
  }

  async subscribe(publicKey: string) {
    const worker = await registration();
    if (!worker) throw new Error('This browser cannot show push notifications');
    const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    if (permission !== 'granted') return 'denied' as const;
    const existing = await worker.pushManager.getSubscription();
    const subscription = existing ?? (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
    return keysOf(subscription);
  }

  async unsubscribe() {
    const worker = await registration();
    const subscription = await worker?.pushManager.getSubscription();
    if (!subscription) return null;
    const { endpoint } = subscription;
    await subscription.unsubscribe();
    return endpoint;
  }
}
