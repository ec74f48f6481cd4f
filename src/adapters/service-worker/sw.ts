/**
 * The service worker (issue 42, ADR 170), built by Workbox: the app's shell (its first scripts and styles, the
 * manifest's icons and the offline page) is precached, every other hashed asset is kept as it is first fetched, a
 * page asked for without a connection gets the offline page, and a push message (ADR 169) is shown and, on a click,
 * opens its comment. What the member kept for offline reading (ADR 174) answers pages, API reads and files when the
 * network fails, and 'Mark as complete' without a connection waits in a queue (kept.ts). It never reloads a page: a new version waits until every tab of the old one is closed, unless
 * a page asks it to take over (the member pressed 'Reload').
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { COMPLETE_LESSON, completeLesson, completions, keptFallback, matchKept } from './kept';
import { NOTIFICATION_STREAM_PATH, OFFLINE_PAGE, REPLAY_COMPLETIONS, SKIP_WAITING, STATIC_CACHE, type ShownPush, shownPush } from './messages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// No clean URLs: '/offline' is the app's list of kept items (ADR 174), not the precached offline.html.
precacheAndRoute(self.__WB_MANIFEST, { cleanURLs: false });
cleanupOutdatedCaches();

// Hashed assets never change under their name: kept on first use, a few hundred at most.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/static/'),
  new CacheFirst({ cacheName: STATIC_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true }), keptFallback] }),
);
// Pages come from the network (the server draws them fresh); without one, a kept copy, else the offline page. The
// browser sends the page's request while the worker starts (navigation preload): a stopped worker does not hold it.
enableNavigationPreload();
registerRoute(new NavigationRoute(new NetworkOnly({ plugins: [keptFallback] })));
// API reads and files come from the network too, or from what is kept; the live stream is left to the browser.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.destination !== 'document'
    && ((url.pathname.startsWith('/api/') && url.pathname !== NOTIFICATION_STREAM_PATH) || url.pathname.startsWith('/files/')),
  new NetworkOnly({ plugins: [keptFallback] }),
);
registerRoute(({ url }) => url.origin === self.location.origin && COMPLETE_LESSON.test(url.pathname), completeLesson, 'POST');
setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') return (await matchKept(request)) ?? (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  return Response.error();
});

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === SKIP_WAITING) void self.skipWaiting();
  // Where the browser has no background sync, a page says when the connection is back.
  if (type === REPLAY_COMPLETIONS) event.waitUntil(completions.replayRequests());
});

self.addEventListener('push', (event) => {
  const shown = shownPush(event.data?.text() ?? null, self.location.origin);
  if (!shown) return;
  event.waitUntil(self.registration.showNotification(shown.title, shown.options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as ShownPush['options']['data'] | undefined)?.url ?? '/';
  event.waitUntil(openOrFocus(url));
});

/** A tab already at the page is focused; otherwise a tab of the site goes there, or a new one opens. */
async function openOrFocus(url: string): Promise<void> {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const exact = tabs.find((tab) => tab.url === url);
  if (exact) {
    await exact.focus();
    return;
  }
  const ours = tabs.find((tab) => new URL(tab.url).origin === self.location.origin);
  if (ours) {
    await ours.focus();
    await ours.navigate(url);
    return;
  }
  await self.clients.openWindow(url);
}
