/**
 * The service worker (issue 42, ADR 170), built by Workbox: the app's shell (its first scripts and styles, the
 * manifest's icons and the offline page) is precached, every other hashed asset is kept as it is first fetched, a
 * page asked for without a connection gets the offline page, and a push message (ADR 169) is shown and, on a click,
 * opens its comment. It never reloads a page: a new version waits until every tab of the old one is closed, unless
 * a page asks it to take over (the member pressed 'Reload').
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { OFFLINE_PAGE, SKIP_WAITING, STATIC_CACHE, type ShownPush, shownPush } from './messages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Hashed assets never change under their name: kept on first use, a few hundred at most.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/static/'),
  new CacheFirst({ cacheName: STATIC_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })] }),
);
// Pages come from the network (the server draws them fresh); without one, the offline page answers.
registerRoute(new NavigationRoute(new NetworkOnly()));
setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  return Response.error();
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
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
