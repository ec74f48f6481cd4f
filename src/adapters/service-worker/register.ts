/**
 * Registers the service worker (ADR 170) once the page has loaded and the browser is idle, so the first visit pays
 * nothing for it; and when a new version has installed while this one runs, offers 'Reload' instead of reloading: a
 * member in the middle of a lesson or a quiz is never reloaded under their hands. The new version takes over only when
 * asked, then the page reloads once.
 */
import { REPLAY_COMPLETIONS, SERVICE_WORKER_URL, SKIP_WAITING } from './messages';

export const UPDATE_READY = 'A new version is ready';
export const UPDATE_ACTION = 'Reload';

function offerUpdate(waiting: ServiceWorker) {
  void import('sonner').then(({ toast }) =>
    toast(UPDATE_READY, {
      id: 'service-worker-update',
      duration: Number.POSITIVE_INFINITY,
      action: {
        label: UPDATE_ACTION,
        onClick: () => {
          navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
          waiting.postMessage({ type: SKIP_WAITING });
        },
      },
    }),
  );
}

async function register(): Promise<void> {
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  // A version that installed in an earlier visit and still waits for the old one's tabs to close.
  if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      // The first install has no controller: nothing is replaced, nothing to offer.
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offerUpdate(installing);
    });
  });
}

export function registerServiceWorker(whenIdle: (run: () => void) => unknown): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  // Lessons marked complete without a connection are sent once it is back, where the browser has no background sync
  // to wake the worker (ADR 174); where it has, the second send finds the queue empty.
  window.addEventListener('online', () => navigator.serviceWorker.controller?.postMessage({ type: REPLAY_COMPLETIONS }));
  const start = () =>
    whenIdle(() => {
      register().catch((error: unknown) => console.warn('The service worker could not be registered', error));
    });
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
