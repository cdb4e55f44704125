/* Domaće service worker: hand-written, no build tooling beyond one list.
 *
 * - The app shell (index.html, offline page, manifest, icons and the hashed JS/CSS the build
 *   lists below) is cached on install. The Vite plugin in vite.config.ts replaces the
 *   PRECACHE line with the emitted files and BUILD with their hash, so every build is a new
 *   worker and a new shell cache.
 * - /assets/*: cache-first (file names carry a content hash; they never change).
 * - /media/*: cache-first, at most MEDIA_MAX entries (oldest dropped first).
 * - Public catalogue reads (GET /api/products*, /api/households*, /api/stories*, which covers
 *   /api/products/:id/reviews): network first; an answer is kept (at most API_MAX entries,
 *   oldest dropped first) and served only when the network fails, so a page seen once still
 *   shows its data offline. A request with an Authorization header (anything a signed-in
 *   user asks, whose answer may be about them), any other /api path (orders, /api/me, auth)
 *   and any non-GET go straight to the network and are never stored.
 * - Page loads: network first. Public pages (feed, search, product, household, buyer) are
 *   kept as loaded (server-rendered, anonymous, with their data; at most PAGE_MAX); offline,
 *   the kept copy of that very page, else the cached shell (the app routes on the client),
 *   else the self-contained offline page.
 * A new worker takes over at once (skipWaiting + clients.claim): the next load uses it.
 */
const BUILD = 'dev';
const PRECACHE = [];

const SHELL_CACHE = `domace-shell-${BUILD}`;
const ASSET_CACHE = 'domace-assets-v1';
const MEDIA_CACHE = 'domace-media-v1';
const API_CACHE = 'domace-api-v1';
const PAGE_CACHE = 'domace-pages-v1';
const SHELL_URL = '/index.html';
const OFFLINE_URL = '/offline.html';
/** The first path segment of the API (src/server/lib/route.ts, API_PREFIX). */
const API_SEGMENT = 'api';
const SHELL = [SHELL_URL, OFFLINE_URL, '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png'];
const MEDIA_MAX = 200;
const ASSET_MAX = 150;
const API_MAX = 120;
const PAGE_MAX = 40;
/** Anonymous, public reads: the same answer for every visitor. */
const PUBLIC_API = /^\/api\/(products|households|stories)(\/|$)/;
/** Pages rendered the same for every visitor (the server renders them anonymously). */
const PUBLIC_PAGE = /^\/(|search|product\/[^/]+|household\/[^/]+|buyer\/[^/]+)\/?$/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL_CACHE);
      // `cache: 'reload'` skips the HTTP cache: the shell must be this build's.
      await shell.addAll(SHELL.map((url) => new Request(url, { cache: 'reload' })));
      const assets = await caches.open(ASSET_CACHE);
      const missing = [];
      for (const url of PRECACHE) if (!(await assets.match(url))) missing.push(url);
      await assets.addAll(missing);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith('domace-shell-') && name !== SHELL_CACHE).map((name) => caches.delete(name)),
      );
      // Hashed files of older builds may still be asked for by an open tab; keep the newest
      // ones and those of this build, drop the oldest beyond the bound.
      await trim(ASSET_CACHE, ASSET_MAX, new Set(PRECACHE.map((url) => new URL(url, self.location.origin).href)));
      await self.clients.claim();
    })(),
  );
});

/** Drops the oldest entries (insertion order) beyond `max`, sparing the `keep` URLs. */
async function trim(cacheName, max, keep = new Set()) {
  const cache = await caches.open(cacheName);
  const requests = await cache.keys();
  let excess = requests.length - max;
  for (const request of requests) {
    if (excess <= 0) break;
    if (keep.has(request.url)) continue;
    await cache.delete(request);
    excess -= 1;
  }
}

async function cacheFirst(request, cacheName, max) {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  // Only whole, successful same-origin answers (no 206 ranges, no errors).
  if (response.status === 200 && response.type === 'basic') {
    await cache.put(request, response.clone());
    void trim(cacheName, max);
  }
  return response;
}

/** Whether an answer may be kept: whole, successful, same-origin, and not marked private. */
function storable(response) {
  // A redirected answer cannot stand in for a navigation later.
  if (response.status !== 200 || response.type !== 'basic' || response.redirected) return false;
  const cacheControl = response.headers.get('cache-control') ?? '';
  return !/no-store|private/i.test(cacheControl);
}

/** Network first; a good answer is kept (bounded), the kept one is used when the network fails. */
async function networkFirst(request, cacheName, max) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (storable(response)) {
      // A full disk only means this answer is not kept.
      await cache.put(request, response.clone()).then(() => trim(cacheName, max), () => undefined);
    }
    return response;
  } catch (error) {
    // The server varies pages by Cookie and Accept-Language; offline, the copy seen is the best one.
    const cached = await cache.match(request, { ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

async function navigate(event) {
  const url = new URL(event.request.url);
  try {
    // A navigation preload would be nice, but the server answers fast; keep it simple.
    if (PUBLIC_PAGE.test(url.pathname)) return await networkFirst(event.request, PAGE_CACHE, PAGE_MAX);
    return await fetch(event.request);
  } catch (error) {
    const shell = await caches.open(SHELL_CACHE);
    const cached = (await shell.match(SHELL_URL)) ?? (await caches.match(SHELL_URL));
    if (cached) return cached;
    const offline = (await shell.match(OFFLINE_URL)) ?? (await caches.match(OFFLINE_URL));
    if (offline) return offline;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.split('/')[1] === API_SEGMENT) {
    // Signed-in requests and everything but the public catalogue go straight to the network.
    if (!PUBLIC_API.test(url.pathname) || request.headers.has('authorization')) return;
    event.respondWith(networkFirst(request, API_CACHE, API_MAX));
    return;
  }
  // Range requests (video seeking) are left to the browser and the server.
  if (request.headers.has('range')) return;

  if (request.mode === 'navigate') {
    event.respondWith(navigate(event));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request, ASSET_CACHE, ASSET_MAX));
    return;
  }
  if (url.pathname.startsWith('/media/')) {
    event.respondWith(cacheFirst(request, MEDIA_CACHE, MEDIA_MAX));
    return;
  }
  if (SHELL.includes(url.pathname)) {
    // Manifest, icons, offline page: the network when it answers, else this build's copy.
    event.respondWith(fetch(request).catch(async () => (await caches.match(url.pathname)) ?? Response.error()));
  }
});

/* Web Push: the server sends { id, type, orderId, title, url } encrypted; the
 * notification opens `url` (the order's conversation) in an open tab of the app, or a new one. */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : '' };
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
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
          await client.focus();
          if ('navigate' in client) await client.navigate(url);
          return;
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
