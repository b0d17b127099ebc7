/**
 * The service worker, bundled by scripts/build-sw.ts after `next build` (the build's static
 * files are precached from the list injected into `self.__SW_MANIFEST`). What it does:
 * - precaches the app shell (the build's scripts, styles and fonts, the icons, the offline page);
 * - chapter pages and their data: only kept copies answer when the network fails (the chapters a
 *   reader downloaded), else the offline page, which lists what is kept;
 * - other pages: network first, the last copy seen when offline, else the offline page;
 * - server audio parts: a downloaded part from the device (also online, to spare the reader's
 *   data), anything else from the network, never stored by the worker itself;
 * - images: stale while revalidate;
 * - Web Push: new-chapter notifications, a click opens the chapter (swPush.ts).
 * A new version waits until the reader accepts "Có phiên bản mới" (SKIP_WAITING), so a chapter
 * being played is never cut by an update.
 */
import {
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  PrecacheFallbackPlugin,
  Serwist,
  StaleWhileRevalidate,
  type PrecacheEntry,
  type SerwistPlugin,
} from 'serwist';
import { KEPT_AUDIO_CACHE, KEPT_PAGES_CACHE, OFFLINE_PAGE } from './constants';
import { keptAudioKey, keptKeyOf } from './keys';
import { registerPushHandlers } from './swPush';

interface ActivateEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

declare const self: {
  __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  location: Location;
  addEventListener(type: 'activate', listener: (event: ActivateEvent) => void): void;
};

const CHAPTER_PATH = /^\/[^/]+\/chuong-\d+$/;
const CHAPTER_DATA_PATH = /^\/_next\/data\/[^/]+\/[^/]+\/chuong-\d+\.json$/;
const AUDIO_PART_PATH = /\/audio\/[^/]+\/\d+\/\d+$/;

const sameOrigin = (url: URL) => url.origin === self.location.origin;

/** When the network fails: the kept copy of a downloaded chapter (or of the downloads page). */
const keptCopy: SerwistPlugin = {
  handlerDidError: async ({ request }) => {
    const cache = await caches.open(KEPT_PAGES_CACHE);
    return cache.match(keptKeyOf(new URL(request.url)), { ignoreSearch: true, ignoreVary: true });
  },
};

/** Downloaded audio parts are looked up without `prefetch`; the worker never adds to them. */
const keptAudio: SerwistPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => keptAudioKey(new URL(request.url)),
  cacheWillUpdate: async () => null,
  // Offline with another voice chosen than the one downloaded: any kept voice rather than silence.
  handlerDidError: async ({ request }) => {
    const cache = await caches.open(KEPT_AUDIO_CACHE);
    return cache.match(request.url, { ignoreSearch: true, ignoreVary: true });
  },
};

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true, concurrency: 4 },
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: false,
  disableDevLogs: true,
});

const offlinePage = new PrecacheFallbackPlugin({
  fallbackUrls: [{ url: OFFLINE_PAGE, matcher: ({ request }) => request.destination === 'document' }],
  serwist,
});
const recent = (maxEntries: number) => new ExpirationPlugin({ maxEntries, maxAgeSeconds: 7 * 24 * 60 * 60 });

serwist.registerCapture(
  ({ request, url }) => sameOrigin(url) && request.mode === 'navigate' && CHAPTER_PATH.test(url.pathname),
  new NetworkOnly({ plugins: [keptCopy, offlinePage] }),
);
serwist.registerCapture(
  ({ request, url }) => sameOrigin(url) && request.mode === 'navigate',
  new NetworkFirst({ cacheName: 'pages', networkTimeoutSeconds: 6, matchOptions: { ignoreVary: true }, plugins: [recent(32), keptCopy, offlinePage] }),
);
serwist.registerCapture(({ url }) => sameOrigin(url) && CHAPTER_DATA_PATH.test(url.pathname), new NetworkOnly({ plugins: [keptCopy] }));
serwist.registerCapture(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/_next/data/'),
  new NetworkFirst({ cacheName: 'next-data', networkTimeoutSeconds: 6, plugins: [recent(32)] }),
);
serwist.registerCapture(
  ({ url }) => AUDIO_PART_PATH.test(url.pathname),
  new CacheFirst({ cacheName: KEPT_AUDIO_CACHE, matchOptions: { ignoreVary: true }, plugins: [keptAudio] }),
);
serwist.registerCapture(
  ({ request, url }) => sameOrigin(url) && request.destination === 'image',
  new StaleWhileRevalidate({ cacheName: 'images', plugins: [recent(64)] }),
);

/**
 * A kept chapter page names the scripts of the build it was saved with, which a new version
 * removes from the precache: on taking over, the worker saves the kept pages again (when online;
 * offline the old copies stay, and their data still answers the new scripts).
 */
async function refreshKeptPages(): Promise<void> {
  const cache = await caches.open(KEPT_PAGES_CACHE);
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname.startsWith('/_next/')) continue;
    try {
      const response = await fetch(request.url, { credentials: 'same-origin' });
      if (response.ok) await cache.put(request, response);
    } catch {
      return;
    }
  }
}

self.addEventListener('activate', (event) => event.waitUntil(refreshKeptPages()));
registerPushHandlers();
serwist.addEventListeners();
