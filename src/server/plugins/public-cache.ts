import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';

export const PUBLIC_CHANGES_CHANNEL = 'domace_public';

export interface PublicCacheOptions {
  pool: pg.Pool;
  /** Anonymous GETs whose URL (path + query) matches are cached. */
  cacheable: RegExp[];
  maxEntries?: number;
}

interface Entry { body: string; contentType: string; version: number }

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
 *   an answer is stored under the version read when its request STARTED, so a write that
 *   commits while a read runs can never be cached as fresh;
 * - while the LISTEN connection is down, nothing is cached or served from cache.
 */
export default fp<PublicCacheOptions>(async function publicCachePlugin(app: FastifyInstance, opts) {
  const maxEntries = opts.maxEntries ?? 5000;
  const entries = new Map<string, Entry>();
  let version = 0;
  let listening = false;
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const bump = () => { version += 1; };

  async function listen(): Promise<void> {
    const c = new pg.Client(opts.pool.options);
    c.on('notification', bump);
    c.on('error', () => undefined);
    c.on('end', () => {
      listening = false;
      bump();
      if (!closed) retry = setTimeout(() => void listen().catch(() => undefined), 1000);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${PUBLIC_CHANGES_CHANNEL}`);
      client = c;
      bump(); // anything cached before we listened may have missed a notification
      listening = true;
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
    listening && request.method === 'GET' && !request.headers.authorization && opts.cacheable.some((re) => re.test(request.url));

  app.addHook('onRequest', async (request, reply) => {
    if (!isCacheable(request)) return;
    request.publicCacheVersion = version;
    const hit = entries.get(request.url);
    if (hit && hit.version === version) {
      return reply.header('content-type', hit.contentType).header('x-cache', 'hit').send(hit.body);
    }
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
    if (started !== version || !listening) return payload;
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(request.url, { body: payload, contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'), version: started });
    return payload;
  });
}, { name: 'public-cache' });
