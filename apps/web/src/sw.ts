/// <reference lib="webworker" />
// The service worker: the app opens without a connection, and pages and data already seen are
// there offline. Built by vite-plugin-pwa (injectManifest) into dist/sw.js.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { API_CACHE_PREFIX, apiCacheName, isCacheableApiRequest } from './app/offline/api-cache-rules.ts';
import { receiveShare, SHARE_TARGET_ACTION } from './app/share-target/share-target.ts';
import { keepSharedFiles } from './app/share-target/shared-files.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// The app shell: every script, style and translation of this build, fetched once at install.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The first install takes charge of the open page at once, so it works offline without a reload.
// A later version waits until the user agrees to reload (the page sends SKIP_WAITING).
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Files shared from the phone's share sheet: kept on the device for the upload tab to send.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === SHARE_TARGET_ACTION,
  ({ request }) =>
    receiveShare(request, {
      keep: keepSharedFiles,
      newId: () => crypto.randomUUID(),
      now: () => new Date(),
    }),
  'POST',
);

// Pages: the network first, so an online visit always gets the current page; offline, the app
// shell (every address is the same single-page app).
const pages = new NetworkFirst({
  cacheName: 'voxpress-pages',
  networkTimeoutSeconds: 10,
  plugins: [new CacheableResponsePlugin({ statuses: [200] })],
});
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    { denylist: [/^\/api\//] },
  ),
);

// The API: the network first; offline, the last answer this same account got. Each account has a
// cache of its own, named by its id, so one person's data is never shown to another, and the page
// empties them all on sign-out.
const strategies = new Map<string, NetworkFirst>();
function strategyFor(cacheName: string): NetworkFirst {
  let strategy = strategies.get(cacheName);
  if (!strategy) {
    strategy = new NetworkFirst({
      cacheName,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
      ],
    });
    strategies.set(cacheName, strategy);
  }
  return strategy;
}

registerRoute(
  ({ request, url }) => url.origin === self.location.origin && isCacheableApiRequest(request, url),
  async (options) => {
    const cacheName = apiCacheName(options.request.headers.get('authorization'));
    // No account to file it under: straight to the network, kept nowhere.
    if (!cacheName) return fetch(options.request);
    return strategyFor(cacheName).handle(options);
  },
);

// Caches of API answers left by older builds' naming are removed when this one takes over.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => k.startsWith('voxpress-api') && !k.startsWith(API_CACHE_PREFIX))
            .map((k) => caches.delete(k)),
        ),
      ),
  );
});
