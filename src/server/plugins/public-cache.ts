import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';

export const PUBLIC_CHANGES_CHANNEL = 'domace_public';
/** A hit waits at most this long to hear of writes; then the answer is computed afresh. */
const SYNC_TIMEOUT_MS = 500;

import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

interface Entry {
  body: string;
  version: number;
  /** Every header the full pipeline set (security headers, content type), for the fast path. */
  headers: Record<string, string>;
  plain?: Prepared;
  gzipped?: Prepared;
}

interface Prepared { bytes: Buffer; headers: Record<string, string> }

/**
 * The cache's state, created before Fastify so that the HTTP server can answer a hit before
 * Fastify's pipeline runs (the fast path), while the plugin below fills and invalidates it.
 */
export interface PublicCacheStore {
  entries: Map<string, Entry>;
  version: number;
  listening: boolean;
  cacheable: RegExp[];
  maxEntries: number;
  /** Set by the plugin: resolves true once every write committed so far has been heard. */
  synced: () => Promise<boolean>;
  /**
   * Answers a cache hit straight on the socket. False (synchronously) when there is no hit,
   * so every other request reaches Fastify untouched; a promise of false when the hit could
   * not be confirmed fresh.
   */
  tryServe: (req: IncomingMessage, res: ServerResponse) => false | Promise<boolean>;
}

const SKIPPED_HEADERS = new Set(['content-length', 'content-encoding', 'x-cache', 'vary', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

export function createPublicCacheStore(opts: { cacheable: RegExp[]; maxEntries?: number }): PublicCacheStore {
  const store: PublicCacheStore = {
    entries: new Map(),
    version: 0,
    listening: false,
    cacheable: opts.cacheable,
    maxEntries: opts.maxEntries ?? 5000,
    synced: async () => false,
    tryServe(req, res) {
      if (!store.listening || req.method !== 'GET' || req.headers.authorization || !req.url) return false;
      const hit = store.entries.get(req.url);
      if (!hit || hit.version !== store.version) return false;
      return store.synced().then((fresh) => fresh && hit.version === store.version && serve(hit, req, res));
    },
  };
  function serve(hit: Entry, req: IncomingMessage, res: ServerResponse): true {
    // Encoded once per entry and encoding: a hit only writes ready bytes.
    const gzip = hit.body.length >= 1024 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const ready = gzip
      ? (hit.gzipped ??= prepare(hit, gzipSync(hit.body, { level: 6 }), { 'content-encoding': 'gzip' }))
      : (hit.plain ??= prepare(hit, Buffer.from(hit.body), {}));
    res.writeHead(200, ready.headers);
    res.end(ready.bytes);
    return true;
  }
  function prepare(hit: Entry, bytes: Buffer, extra: Record<string, string>): Prepared {
    return { bytes, headers: { ...hit.headers, 'x-cache': 'hit', vary: 'accept-encoding', ...extra, 'content-length': String(bytes.length) } };
  }
  return store;
}

export interface PublicCacheOptions {
  pool: pg.Pool;
  store: PublicCacheStore;
}

declare module 'fastify' {
  interface FastifyRequest { publicCacheVersion?: number }
}

/**
 * An in-process cache of public, anonymous read answers (issue 8), never stale after a write
 * (issue 9), also across instances:
 * - every write to the tables behind those answers NOTIFYs `domace_public` (a statement
 *   trigger, migration 0003); every instance LISTENs and bumps its version on each one;
 * - this instance also bumps its version when it answers any successful write request,
 *   before the answer leaves, so a client never reads its own write stale;
 * - an entry is served only while the version it was computed under is still current, and
 *   an answer is stored under the version read when its request STARTED (after the round
 *   trip below), so a write that commits while a read runs can never be cached as fresh;
 * - before serving a hit or starting a miss, one round trip on the LISTEN connection
 *   (coalesced across concurrent requests): PostgreSQL signals listeners when a NOTIFYing transaction commits,
 *   before the writer gets its COMMIT answer, and delivers pending notifications before
 *   answering the next query on that connection. So a write acknowledged by another instance
 *   is known here before the hit is served (read-your-writes through any instance; without
 *   it the notification raced the client's next request and lost about 1 time in 10);
 * - while the LISTEN connection is down or slow, nothing is cached or served from cache.
 */
export default fp<PublicCacheOptions>(async function publicCachePlugin(app: FastifyInstance, opts) {
  const { store } = opts;
  const { entries } = store;
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const bump = () => { store.version += 1; };

  /**
   * Resolves once every notification committed before this call has been received: a query
   * on the LISTEN connection that was SENT after the call. Hits arriving while one is in
   * flight wait for the next; all hits waiting for the same one share it.
   */
  let waiting: Promise<void> | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();
  function sync(c: pg.Client): Promise<void> {
    if (waiting) return waiting;
    const mine: Promise<void> = inFlight.then(async () => {
      if (waiting === mine) waiting = undefined; // later callers need a query sent after them
      await c.query('SELECT 1');
    });
    waiting = mine;
    inFlight = mine.catch(() => undefined);
    return mine;
  }
  async function synced(): Promise<boolean> {
    const c = client;
    if (!c || !store.listening) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS); });
    try {
      return await Promise.race([sync(c).then(() => true, () => false), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  store.synced = synced;

  async function listen(): Promise<void> {
    const c = new pg.Client(opts.pool.options);
    c.on('notification', bump);
    c.on('error', () => undefined);
    c.on('end', () => {
      store.listening = false;
      bump();
      if (!closed) retry = setTimeout(() => void listen().catch(() => undefined), 1000);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${PUBLIC_CHANGES_CHANNEL}`);
      client = c;
      bump(); // anything cached before we listened may have missed a notification
      store.listening = true;
    } catch (err) {
      app.log.warn({ err }, 'public cache: could not LISTEN; serving without cache, retrying');
      await c.end().catch(() => undefined);
    }
  }
  await listen();

  app.addHook('onClose', async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  });

  const isCacheable = (request: FastifyRequest) =>
    store.listening && request.method === 'GET' && !request.headers.authorization && store.cacheable.some((re) => re.test(request.url));

  app.addHook('onRequest', async (request, reply) => {
    if (!isCacheable(request)) return;
    // First hear every write committed so far (one round trip on the LISTEN connection, shared
    // by the requests waiting at that moment): a hit is then known to be current, and a miss's
    // answer is stored under a version that a late notification of an older write cannot void.
    // Without that round trip nothing is served from or stored in memory.
    if (!(await synced())) return undefined;
    const hit = entries.get(request.url);
    if (hit && hit.version === store.version) return reply.headers(hit.headers).header('x-cache', 'hit').send(hit.body);
    request.publicCacheVersion = store.version;
    return undefined;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const ok = reply.statusCode < 400;
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') {
      if (ok) bump();
      return payload;
    }
    const started = request.publicCacheVersion;
    if (started === undefined || reply.statusCode !== 200 || typeof payload !== 'string' || reply.getHeader('x-cache')) return payload;
    if (started !== store.version || !store.listening) return payload;
    if (entries.size >= store.maxEntries) entries.delete(entries.keys().next().value!);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && !SKIPPED_HEADERS.has(name.toLowerCase())) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    headers['content-type'] ??= 'application/json; charset=utf-8';
    entries.set(request.url, { body: payload, version: started, headers });
    return payload;
  });
}, { name: 'public-cache' });
