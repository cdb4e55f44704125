/* Domaće service worker, built with Workbox by scripts/vite/service-worker.ts (ADR 0023).
 *
 * - The app shell (index.html, offline page, manifest, icons and the hashed JS/CSS the first
 *   pages need) is precached on install; the build injects the list (self.__WB_MANIFEST) with
 *   a revision per file, so every build with a changed file is a new worker.
 * - /assets/*: cache-first (file names carry a content hash; they never change), bounded.
 * - /media/*: cache-first, bounded (oldest dropped first).
 * - Public reads (SW_PUBLIC_API, generated from the endpoint registry): network first; an
 *   anonymous whole answer is kept (bounded) and served only when the network fails. A request
 *   with an Authorization header, any other /api path and any non-GET go straight to the
 *   network and are never stored.
 * - Page loads: network first. Public pages (SW_PUBLIC_PAGES, generated from the page table)
 *   are kept as loaded (server-rendered, with their data); offline, the kept copy of that very
 *   page, else the precached shell (the app routes on the client), else the offline page.
 * - When it takes control it keeps what the open pages already loaded before it did (their
 *   URLs, and the public reads they post with KEEP_MESSAGE), so the first page of a first
 *   visit reads offline too.
 * A new worker takes over at once (skipWaiting + clients.claim).
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { API_SEGMENT, KEEP_MESSAGE, type KeepMessage } from './lib/service-worker-messages.ts';

interface PrecacheEntry { url: string; revision: string | null }
/** The few service-worker globals used here (the project's TypeScript lib is the DOM's). */
interface WorkerScope {
  __WB_MANIFEST: PrecacheEntry[];
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<Array<{ url: string; focus?: () => Promise<unknown>; navigate?: (url: string) => Promise<unknown> }>>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: string, listener: (event: WorkerEvent) => void): void;
}
interface WorkerEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
  data?: unknown;
  notification?: Notification;
}
declare const self: WorkerScope;
/** Regular expression sources, written by the build from src/shared/offline-routes.ts. */
declare const SW_PUBLIC_API: string[];
declare const SW_PUBLIC_PAGES: string[];

const ASSET_CACHE = 'domace-assets-v1';
const MEDIA_CACHE = 'domace-media-v1';
const API_CACHE = 'domace-api-v1';
const PAGE_CACHE = 'domace-pages-v1';
const SHELL_URL = '/index.html';
const OFFLINE_URL = '/offline.html';
const publicApi = SW_PUBLIC_API.map((source) => new RegExp(source));
const publicPages = SW_PUBLIC_PAGES.map((source) => new RegExp(source));
const isPublicApi = (url: URL) => url.pathname.split('/')[1] === API_SEGMENT && publicApi.some((re) => re.test(url.pathname));
const isPublicPage = (url: URL) => publicPages.some((re) => re.test(url.pathname));

self.addEventListener('install', () => {
  void self.skipWaiting();
});
clientsClaim();
cleanupOutdatedCaches();
// Only the precached files' own URLs: `/` must not be answered with /index.html, nor
// `/offline` with /offline.html (page loads go to the server first, below).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

/** Keeps an answer only when whole, successful, same-origin, not redirected and not marked private. */
const storable = {
  cacheWillUpdate: async ({ response }: { response: Response }) => {
    if (response.status !== 200 || response.type !== 'basic' || response.redirected) return null;
    return /no-store|private/i.test(response.headers.get('cache-control') ?? '') ? null : response;
  },
};
// The server varies pages by Cookie and Accept-Language; offline, the copy seen is the best one.
const pages = new NetworkFirst({ cacheName: PAGE_CACHE, plugins: [storable, new ExpirationPlugin({ maxEntries: 40 })], matchOptions: { ignoreVary: true } });
const reads = new NetworkFirst({ cacheName: API_CACHE, plugins: [storable, new ExpirationPlugin({ maxEntries: 120 })], matchOptions: { ignoreVary: true } });

registerRoute(({ request, url }) => request.method === 'GET' && url.origin === self.location.origin && isPublicApi(url) && !request.headers.has('authorization'), reads);
registerRoute(({ request, url }) => request.mode === 'navigate' && isPublicPage(url), pages);
// Other pages: the network; offline the shell (setCatchHandler below).
registerRoute(({ request }) => request.mode === 'navigate', ({ request }) => fetch(request));
// Range requests (video seeking) are left to the browser and the server.
registerRoute(({ request, url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && !request.headers.has('range'),
  new CacheFirst({ cacheName: ASSET_CACHE, plugins: [storable, new ExpirationPlugin({ maxEntries: 150 })] }));
registerRoute(({ request, url }) => url.origin === self.location.origin && url.pathname.startsWith('/media/') && !request.headers.has('range'),
  new CacheFirst({ cacheName: MEDIA_CACHE, plugins: [storable, new ExpirationPlugin({ maxEntries: 200 })] }));

setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache(SHELL_URL)) ?? (await matchPrecache(OFFLINE_URL)) ?? Response.error();
  return Response.error();
});

/** What pages that loaded before this worker took control had: their own URL (public pages). */
async function keepOpenPages(event: WorkerEvent): Promise<void> {
  // The hand-written worker before Workbox kept its shell here.
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith('domace-shell-')).map((name) => caches.delete(name)));
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  await Promise.all(windows.map((client) => {
    const url = new URL(client.url);
    // Through the route's own strategy: the same checks and bounds as a page load.
    return url.origin === self.location.origin && isPublicPage(url) ? pages.handle({ event: event as never, request: url.href }).catch(() => undefined) : undefined;
  }));
}
self.addEventListener('activate', (event) => event.waitUntil(keepOpenPages(event)));

// The page's public reads made before the worker took control (src/web/lib/register-service-worker.ts).
self.addEventListener('message', (event) => {
  const data = event.data as Partial<KeepMessage> | undefined;
  if (data?.type !== KEEP_MESSAGE || !Array.isArray(data.urls)) return;
  const urls = data.urls.map((href) => new URL(String(href), self.location.origin)).filter((url) => url.origin === self.location.origin && isPublicApi(url));
  event.waitUntil(Promise.all(urls.map((url) => reads.handle({ event: event as never, request: url.href }).catch(() => undefined))));
});

/* Web Push: the server sends { id, type, orderId, title, url } encrypted; the
 * notification opens `url` (the order's conversation) in an open tab of the app, or a new one. */
self.addEventListener('push', (event) => {
  const message = (event as WorkerEvent & { data: { json(): unknown; text(): string } | null }).data;
  let data: { id?: unknown; title?: unknown; url?: unknown } = {};
  try {
    data = (message ? message.json() : {}) as typeof data;
  } catch {
    data = { title: message ? message.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Domaće';
  event.waitUntil(
    self.registration.showNotification(title, {
      tag: typeof data.id === 'string' ? data.id : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification?.close();
  const target = (event.notification?.data as { url?: string } | undefined)?.url ?? '/';
  const url = new URL(target, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && client.focus) {
          await client.focus();
          if (client.navigate) await client.navigate(url);
          return;
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
