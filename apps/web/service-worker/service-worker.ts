// The site's service worker (ADR 052), built by scripts/build-service-worker.mjs with Workbox: the
// app's hashed scripts and styles, the icons, the manifest and the offline page are precached; every
// navigation goes to the network, and one that cannot reach it is sent to /offline. Nothing else is
// cached here: no page HTML (personal for members), no API answer, no page image. Downloads live in
// the page's own Cache Storage and IndexedDB, keyed by account (features/offline/offline-store.ts).
import { clientsClaim } from 'workbox-core';
import { addPlugins, cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

/** The offline page: precached without cookies, so that it is the same for every visitor. */
const OFFLINE_PAGE = '/offline';

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

// Precached files are fetched without cookies: the offline page must never be a member's page.
addPlugins([{ requestWillFetch: async ({ request }) => new Request(request, { credentials: 'omit' }) }]);
precacheAndRoute(self.__WB_MANIFEST, {
  // `/offline?read=12` is the same document: the page reads its query in the browser.
  ignoreURLParametersMatching: [/.*/],
});

const network = new NetworkOnly();
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch {
        const from = new URL(options.request.url);
        const cached = from.pathname === OFFLINE_PAGE ? await matchPrecache(OFFLINE_PAGE) : undefined;
        if (cached) return cached;
        return Response.redirect(`${OFFLINE_PAGE}?from=${encodeURIComponent(from.pathname + from.search)}`, 302);
      }
    },
    { denylist: [/^\/api\//, /^\/dev\//] },
  ),
);
