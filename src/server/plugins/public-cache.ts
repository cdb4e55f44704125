import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import querystring from 'fast-querystring';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { CACHE_TOPICS, type CacheTopic } from '#shared/api/endpoint.ts';
import type { ReadReplica } from '../db/replica.ts';
import type { AccessClaims, Tokens } from '../lib/tokens.ts';

export const PUBLIC_CHANGES_CHANNEL = 'domace_public';

/**
 * What a cached answer can depend on (declared in src/shared/api/endpoint.ts, CACHE_TOPICS):
 * database triggers NOTIFY these names; each cached endpoint names the topics its answers read
 * (its `publicCache` in the registry). A notification of a name that is not listed (a trigger
 * without an argument sends its table's name) drops everything.
 */
export const TOPICS = CACHE_TOPICS;
const TOPIC_SET: ReadonlySet<string> = new Set(TOPICS);
export type Topic = CacheTopic;

/** The cache's default budget: body bytes plus the prepared plain and gzip copies. */
export const DEFAULT_PUBLIC_CACHE_BYTES = 32 * 1024 * 1024;
/** A hit waits at most this long to hear of writes; then the answer is computed afresh. */
const SYNC_TIMEOUT_MS = 500;
/** Signed-in sessions remembered as active (a few dozen bytes each). */
const MAX_SESSIONS = 20_000;
/** Request URLs remembered with their key (URLs longer than MAX_MEMO_URL are parsed each time). */
const KEY_MEMO_BYTES = 2 * 1024 * 1024;
const MAX_MEMO_URL = 1024;

export interface CacheKeyInput {
  /** Path parameters, already percent-decoded (a path with '%' is never cached). */
  params: Record<string, string>;
  /** The query string as Fastify's router parses it (fast-querystring): not yet validated. */
  query: Record<string, unknown>;
  /** An Authorization header is present (its token verified or not). */
  signedIn: boolean;
}

/** One cached public read: see public-cache-routes.ts for how they derive from the registry. */
export interface CachedRoute {
  /** Fastify's route URL with the prefix, e.g. `/api/products/:id` (`:name` = one segment). */
  path: string;
  /**
   * The entry's key: the request's params and query as the route's own zod schemas parse
   * them, in a canonical order, so that every URL with the same answer shares one entry.
   * Undefined when the route would refuse the request (400) or the answer would depend on the
   * caller: then the request goes through Fastify untouched and is not stored.
   */
  key: (input: CacheKeyInput) => string | undefined;
  /** The topics whose writes can change this route's answers. */
  topics: readonly Topic[];
  /**
   * `verified`: the answer is the same for every caller; a signed-in caller is served from the
   * cache only once its access token verifies and its session is known active (so a bad
   * token still gets the route's own 401). `anonymous`: the answer depends on the caller
   * (isFollowing): only requests without an Authorization header are cached.
   */
  callers: 'verified' | 'anonymous';
}

interface Prepared { bytes: Buffer; headers: Record<string, string> }

interface Entry {
  topics: readonly Topic[];
  /** The topics' versions when the answer's request started. */
  stamp: number[];
  /** Clock time (ms) after which the answer may have changed without a write (a story expiring). */
  expiresAt: number;
  /** Every header the full pipeline set (security headers, content type), for the fast path. */
  headers: Record<string, string>;
  plain: Prepared;
  gzipped?: Prepared;
}

interface Match { route: CachedRoute; params: Record<string, string>; query: string }

export interface PublicCacheStoreOptions {
  routes: readonly CachedRoute[];
  /** The byte budget (DEFAULT_PUBLIC_CACHE_BYTES unless configured). */
  maxBytes?: number;
  /** The access-token checks the auth plugin uses (lib/tokens.ts), for signed-in hits. */
  tokens: Pick<Tokens, 'verifyAccess' | 'knownAccess'>;
  clock?: () => Date;
}

/**
 * The cache's state, created before Fastify so that the HTTP server can answer a hit before
 * Fastify's pipeline runs (the fast path), while the plugin below fills and invalidates it.
 */
export interface PublicCacheStore {
  /** Entries bounded by bytes (`maxSize`); least recently used goes first. */
  readonly entries: LRUCache<string, Entry>;
  /** Sessions seen active by the auth check, with the `sessions` version of that check. */
  readonly sessions: LRUCache<string, { userId: string; version: number }>;
  readonly versions: Record<string, number>;
  readonly maxBytes: number;
  listening: boolean;
  clock: () => Date;
  /** Answers served from memory (fast path or Fastify hook) and cacheable answers computed afresh, for /metrics. */
  counts: { hits: number; misses: number };
  /** Set by the plugin: resolves true once every write committed so far has been heard. */
  synced: () => Promise<boolean>;
  /** Called with the topics of each notification (all topics for none or an unknown name); returns what it bumped. */
  bump: (topics: readonly string[]) => readonly string[] | 'all';
  /** The cached route and key of a request URL, or undefined. */
  keyOf: (url: string, signedIn: boolean) => { route: CachedRoute; key: string } | undefined;
  /** The entry under `key` if it is still current. */
  fresh: (key: string) => Entry | undefined;
  stampOf: (topics: readonly Topic[]) => number[];
  isCurrent: (topics: readonly Topic[], stamp: number[]) => boolean;
  put: (key: string, entry: Omit<Entry, 'plain'> & { body: string }) => void;
  /** Wraps the auth plugin's session check so that active sessions are remembered. */
  rememberSessions: (check: (sessionId: string, userId: string) => Promise<boolean>) => (sessionId: string, userId: string) => Promise<boolean>;
  /**
   * Answers a cache hit straight on the socket. False (synchronously) when there is no hit,
   * so every other request reaches Fastify untouched; a promise of false when the hit could
   * not be confirmed fresh (or the caller's token and session could not be).
   */
  tryServe: (req: IncomingMessage, res: ServerResponse) => false | Promise<boolean>;
}

const SKIPPED_HEADERS = new Set(['content-length', 'content-encoding', 'x-cache', 'vary', 'date', 'connection', 'keep-alive', 'transfer-encoding',
  // Per caller, never shared: a rate limit's counters.
  'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after',
  // Where a miss was read (db/replica.ts): a hit was read from memory.
  'x-read-from']);
/** The auth plugin's own pattern: anything else is its 401, which only Fastify answers. */
const BEARER = /^Bearer ([A-Za-z0-9_\-.]+)$/;

function headerChars(headers: Record<string, string>): number {
  let n = 0;
  for (const name in headers) n += name.length + headers[name]!.length;
  return n;
}

/** The bytes an entry keeps: both prepared bodies plus its key and headers (as UTF-16). */
function entrySize(entry: Entry, key: string): number {
  return entry.plain.bytes.length + (entry.gzipped?.bytes.length ?? 0) + 2 * (key.length + 2 * headerChars(entry.headers)) + 256;
}

/** Splits the path where Fastify's router does (the first `?` or `#`). */
function splitUrl(url: string): { path: string; query: string } {
  let end = -1;
  for (let i = 1; i < url.length; i += 1) {
    const c = url.charCodeAt(i);
    if (c === 63 || c === 35) { end = i; break; }
  }
  return end === -1 ? { path: url, query: '' } : { path: url.slice(0, end), query: url.slice(end + 1) };
}

export function createPublicCacheStore(opts: PublicCacheStoreOptions): PublicCacheStore {
  const maxBytes = opts.maxBytes ?? DEFAULT_PUBLIC_CACHE_BYTES;
  const routes = opts.routes.map((route) => ({ route, segments: route.path.split('/') }));
  const versions: Record<string, number> = Object.fromEntries(TOPICS.map((t) => [t, 0]));

  function match(url: string): Match | undefined {
    const { path, query } = splitUrl(url);
    // A percent-encoded path is routed by Fastify after decoding; it is simply not cached.
    if (path.includes('%')) return undefined;
    const parts = path.split('/');
    for (const { route, segments } of routes) {
      if (segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < segments.length && ok; i += 1) {
        const s = segments[i]!;
        if (s.startsWith(':')) {
          if (parts[i] === '') ok = false;
          else params[s.slice(1)] = parts[i]!;
        } else ok = s === parts[i];
      }
      if (ok) return { route, params, query };
    }
    return undefined;
  }

  const keys = new LRUCache<string, { route: CachedRoute; key: string } | false>({
    maxSize: KEY_MEMO_BYTES,
    sizeCalculation: (found, url) => 2 * (url.length + (found ? found.key.length : 0)) + 64,
  });

  const store: PublicCacheStore = {
    entries: new LRUCache<string, Entry>({
      maxSize: maxBytes,
      // One answer may take at most an eighth of the budget (a 100-product page fits: docs/performance.md).
      maxEntrySize: Math.max(1, Math.floor(maxBytes / 8)),
      sizeCalculation: entrySize,
    }),
    sessions: new LRUCache({ max: MAX_SESSIONS }),
    versions,
    maxBytes,
    listening: false,
    clock: opts.clock ?? (() => new Date()),
    counts: { hits: 0, misses: 0 },
    synced: async () => false,

    bump(topics) {
      const bumped = topics.length > 0 && topics.every((t) => TOPIC_SET.has(t)) ? topics : 'all';
      for (const t of bumped === 'all' ? TOPICS : bumped) versions[t] = (versions[t] ?? 0) + 1;
      return bumped;
    },

    keyOf(url, signedIn) {
      // The parsing (query string, zod) costs a few µs, as much as the rest of a hit: URLs
      // seen recently keep their answer here, bounded by bytes like the entries.
      const memoKey = signedIn ? `+${url}` : url;
      const known = keys.get(memoKey);
      if (known !== undefined) return known || undefined;
      const m = match(url);
      let found: { route: CachedRoute; key: string } | false = false;
      if (m && !(signedIn && m.route.callers === 'anonymous')) {
        const key = m.route.key({ params: m.params, query: m.query.length === 0 ? {} : querystring.parse(m.query), signedIn });
        if (key !== undefined) found = { route: m.route, key: `${m.route.path} ${key}` };
      }
      if (url.length <= MAX_MEMO_URL) keys.set(memoKey, found);
      return found || undefined;
    },

    fresh(key) {
      const entry = store.entries.get(key);
      if (!entry || !store.isCurrent(entry.topics, entry.stamp) || store.clock().getTime() >= entry.expiresAt) return undefined;
      return entry;
    },

    stampOf: (topics) => topics.map((t) => versions[t]!),
    isCurrent: (topics, stamp) => topics.every((t, i) => versions[t] === stamp[i]),

    put(key, { body, ...rest }) {
      const entry: Entry = { ...rest, plain: prepare(rest.headers, Buffer.from(body), {}) };
      store.entries.set(key, entry);
    },

    rememberSessions(check) {
      const remembering = async (sessionId: string, userId: string) => {
        // The version read BEFORE the check: a revocation heard while it runs voids the result.
        const version = versions.sessions!;
        const active = await check(sessionId, userId);
        if (active && store.listening) store.sessions.set(sessionId, { userId, version });
        return active;
      };
      sessionCheck = remembering;
      return remembering;
    },

    tryServe(req, res) {
      if (!store.listening || req.method !== 'GET' || !req.url) return false;
      const header = req.headers.authorization;
      const found = store.keyOf(req.url, Boolean(header));
      if (!found || !store.fresh(found.key)) return false;
      if (!header) return store.synced().then((ok) => ok && serveIfFresh(found.key, req, res));
      // Signed in: served only when the auth plugin would let the request through (the same
      // token check and session check); anything else goes to Fastify for its own answer.
      const token = BEARER.exec(header)?.[1];
      if (!token) return false;
      const known = opts.tokens.knownAccess(token);
      if (known === null) return false;
      // The usual case, a token and session seen before: as cheap as an anonymous hit.
      if (known && sessionKnown(known) !== undefined) {
        return store.synced().then((ok) => ok && sessionKnown(known) === true && serveIfFresh(found.key, req, res));
      }
      return opts.tokens.verifyAccess(token).then(async (claims) => {
        if (!claims || !(await store.synced())) return false;
        if (!(await sessionActive(claims))) return false;
        return serveIfFresh(found.key, req, res);
      });
    },
  };

  let sessionCheck: ((sessionId: string, userId: string) => Promise<boolean>) | undefined;
  /** Per the session check remembered under the current `sessions` version; undefined when none is. */
  function sessionKnown(claims: AccessClaims): boolean | undefined {
    const known = store.sessions.get(claims.sid);
    return known && known.version === versions.sessions ? known.userId === claims.sub : undefined;
  }
  /** After a sync: the remembered answer, else the auth plugin's own check. */
  async function sessionActive(claims: AccessClaims): Promise<boolean> {
    return sessionKnown(claims) ?? (sessionCheck ? sessionCheck(claims.sid, claims.sub) : false);
  }

  function serveIfFresh(key: string, req: IncomingMessage, res: ServerResponse): boolean {
    const hit = store.fresh(key);
    if (!hit) return false;
    store.counts.hits += 1;
    // Encoded once per entry and encoding: a hit only writes ready bytes.
    const gzip = hit.plain.bytes.length >= 1024 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    let ready = hit.plain;
    if (gzip) {
      ready = hit.gzipped ?? prepare(hit.headers, gzipSync(hit.plain.bytes, { level: 6 }), { 'content-encoding': 'gzip' });
      // Stored as a new entry object so that the byte budget counts the gzip copy too
      // (lru-cache recomputes a size only when the value changes).
      if (!hit.gzipped && store.entries.peek(key) === hit) store.entries.set(key, { ...hit, gzipped: ready });
    }
    res.writeHead(200, ready.headers);
    res.end(ready.bytes);
    return true;
  }
  function prepare(headers: Record<string, string>, bytes: Buffer, extra: Record<string, string>): Prepared {
    return { bytes, headers: { ...headers, 'x-cache': 'hit', vary: 'accept-encoding', ...extra, 'content-length': String(bytes.length) } };
  }
  return store;
}

export interface PublicCacheOptions {
  pool: pg.Pool;
  /** Where to LISTEN when `pool` goes through a transaction pooler (DATABASE_DIRECT_URL): a session of its own. */
  listenUrl?: string | undefined;
  /**
   * DATABASE_READ_URL's replica: a miss of a cached route reads there once the replica has
   * replayed every write heard of to the route's topics (db/replica.ts).
   */
  replica?: ReadReplica | undefined;
  store: PublicCacheStore;
  /**
   * For a topic whose answers change with time alone: the next moment one will (the earliest
   * expiry of an active story for `households`), or null. Asked once per version of the topic.
   */
  timeLimits?: Partial<Record<Topic, (now: Date) => Promise<Date | null>>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The public read cache (tests and diagnostics read its size). */
    publicCache: PublicCacheStore;
  }
  interface FastifyRequest {
    publicCache?: { key: string; route: CachedRoute; stamp: number[]; expiresAt: number };
  }
}

/**
 * An in-process cache of public read answers, never stale after a write,
 * also across instances:
 * - every write to a table behind those answers NOTIFYs `domace_public` with the topics it
 *   can change (statement triggers, migration 0004); every instance LISTENs and bumps the
 *   version of each topic named. An entry is served only while the versions of its route's
 *   topics are those read when its request STARTED, so a write that commits while a read
 *   runs can never be cached as fresh, and a write that changes no cached answer (a login, a
 *   token refresh, an order's status) leaves every entry alone;
 * - before serving a hit or starting a miss, one round trip on the LISTEN connection
 *   (coalesced across concurrent requests): PostgreSQL signals listeners when a NOTIFYing
 *   transaction commits, before the writer gets its COMMIT answer, and delivers pending
 *   notifications before answering the next query on that connection. So a write
 *   acknowledged by any instance (this one included) is known here before the hit is served;
 * - while the LISTEN connection is down or slow, nothing is cached or served from cache;
 * - entries are keyed by route and the route's own parsing of the request (see CachedRoute),
 *   bounded by bytes in an LRU: a flood of distinct URLs evicts, it cannot grow the heap.
 */
export default fp<PublicCacheOptions>(async function publicCachePlugin(app: FastifyInstance, opts) {
  const { store } = opts;
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const bumpAll = () => store.bump([]);

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
  app.decorate('publicCache', store);

  const { replica } = opts;
  /** The primary's WAL position now, asked on the LISTEN connection (after the notifications heard so far). */
  const positionOn = (c: pg.Client) => () => c.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn').then((r) => r.rows[0]!.lsn);

  async function listen(): Promise<void> {
    const c = new pg.Client(opts.listenUrl ? { connectionString: opts.listenUrl } : opts.pool.options);
    c.on('notification', (msg) => {
      const bumped = store.bump(msg.payload ? msg.payload.split(',') : []);
      replica?.written(bumped, positionOn(c));
    });
    c.on('error', () => undefined);
    c.on('end', () => {
      store.listening = false;
      bumpAll();
      if (!closed) retry = setTimeout(() => void listen().catch(() => undefined), 1000);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${PUBLIC_CHANGES_CHANNEL}`);
      client = c;
      bumpAll(); // anything cached before we listened may have missed a notification
      replica?.written('all', positionOn(c));
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

  /**
   * The next time-only change of each topic, asked once per version of the topic and again
   * once that moment has passed (the one after it is then the next to wait for).
   */
  const limits = new Map<Topic, { version: number; at: Promise<number> }>();
  async function expiresAt(topics: readonly Topic[]): Promise<number> {
    let at = Number.POSITIVE_INFINITY;
    for (const topic of topics) {
      const limit = opts.timeLimits?.[topic];
      if (!limit) continue;
      let known = limits.get(topic);
      if (!known || known.version !== store.versions[topic] || (await known.at) <= store.clock().getTime()) {
        known = {
          version: store.versions[topic]!,
          // A failed question caches nothing of the topic (an expiry in the past).
          at: limit(store.clock()).then((d) => d?.getTime() ?? Number.POSITIVE_INFINITY, () => Number.NEGATIVE_INFINITY),
        };
        limits.set(topic, known);
      }
      at = Math.min(at, await known.at);
    }
    return at;
  }

  // Each request has a route state of its own: the hook below may send its reads to the replica.
  if (replica) app.addHook('onRequest', (_request, _reply, done) => replica.enter(done));

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET') return undefined;
    const signedIn = Boolean(request.headers.authorization);
    const found = store.keyOf(request.raw.url ?? request.url, signedIn);
    if (!found) return undefined;
    // First hear every write committed so far (one round trip on the LISTEN connection, shared
    // by the requests waiting at that moment): a hit is then known to be current, and a miss's
    // answer is stored under versions that a late notification of an older write cannot void.
    // Not listening, or without that round trip, nothing is served from or stored in memory;
    // while the primary is known to be down (a failover under way) the public reads then go to
    // the replica (db/replica.ts).
    if (!store.listening || !(await synced())) {
      if (replica?.whilePrimaryDown()) reply.header('x-read-from', 'replica');
      return undefined;
    }
    // Signed-in callers are served from memory by the fast path once their session is known;
    // here their token has not been checked yet, so they go on to the route (and may fill it).
    const hit = signedIn ? undefined : store.fresh(found.key);
    if (hit) {
      store.counts.hits += 1;
      return reply.headers(hit.headers).header('x-cache', 'hit').send(hit.plain.bytes);
    }
    store.counts.misses += 1;
    const stamp = store.stampOf(found.route.topics);
    request.publicCache = { key: found.key, route: found.route, stamp, expiresAt: await expiresAt(found.route.topics) };
    // Heard of every write so far (synced above): the replica is read only if it has them all.
    if (replica) reply.header('x-read-from', replica.useFor(found.route.topics) ? 'replica' : 'primary');
    return undefined;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = request.publicCache;
    if (!pending || reply.statusCode !== 200 || typeof payload !== 'string' || reply.getHeader('x-cache')) return payload;
    // The route that answered must be the one the key was made for (Fastify routed it there).
    if (request.routeOptions.url !== pending.route.path) return payload;
    if (!store.listening || !store.isCurrent(pending.route.topics, pending.stamp)) return payload;
    if (store.clock().getTime() >= pending.expiresAt) return payload;
    // An answer that sets a cookie is someone's own.
    if (reply.hasHeader('set-cookie')) return payload;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && !SKIPPED_HEADERS.has(name.toLowerCase())) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    headers['content-type'] ??= 'application/json; charset=utf-8';
    store.put(pending.key, { topics: pending.route.topics, stamp: pending.stamp, expiresAt: pending.expiresAt, headers, body: payload });
    return payload;
  });
}, { name: 'public-cache' });
