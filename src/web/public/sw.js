/* Domaće service worker: hand-written, no build tooling beyond one list.
 *
 * - The app shell (index.html, offline page, manifest, icons and the hashed JS/CSS the build
 *   lists below) is cached on install. The Vite plugin in vite.config.ts replaces the
 *   PRECACHE line with the emitted files and BUILD with their hash, so every build is a new
 *   worker and a new shell cache.
 * - /assets/*: cache-first (file names carry a content hash; they never change).
 * - /media/*: cache-first, at most MEDIA_MAX entries (oldest dropped first).
 * - /api/*: never touched (network only; answers, above all auth, are never cached).
 * - Page loads: network first; offline, the cached shell (the app routes on the client);
 *   without a cached shell, the self-contained offline page.
 * A new worker takes over at once (skipWaiting + clients.claim): the next load uses it.
 */
const BUILD = 'dev';
const PRECACHE = [];

const SHELL_CACHE = `domace-shell-${BUILD}`;
const ASSET_CACHE = 'domace-assets-v1';
const MEDIA_CACHE = 'domace-media-v1';
const SHELL_URL = '/index.html';
const OFFLINE_URL = '/offline.html';
const SHELL = [SHELL_URL, OFFLINE_URL, '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png'];
const MEDIA_MAX = 200;
const ASSET_MAX = 150;

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

async function navigate(event) {
  try {
    // A navigation preload would be nice, but the server answers fast; keep it simple.
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
  // API answers go straight to the network, whatever kind of request asks.
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return;
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
