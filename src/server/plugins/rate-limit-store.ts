import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { faultCounters } from '../lib/fault-counters.ts';

/**
 * The store of @fastify/rate-limit when REDIS_URL is set (docs/decisions/0027-rate-limits-without-redis.md):
 * counters in Redis, shared by every instance, while Redis answers; in this instance's memory
 * while it does not (not connected, an error, or no answer within REDIS_TIMEOUT_MS). So a Redis
 * outage never makes a request fail or wait, and the login, signup and code limits still hold
 * (per instance) meanwhile; when Redis is back, the shared counters count again.
 */

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, res: Result | null) => void;
interface Store {
  incr: (key: string, cb: Callback, timeWindow: number, max: number) => void;
  read?: (key: string, cb: Callback, timeWindow: number, max: number) => void;
  child: (routeOptions: RouteOptions) => Store;
}
interface RouteOptions { continueExceeding?: boolean; exponentialBackoff?: boolean; routeInfo: { method: string; url: string } }
type StoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;

/** A Redis call slower than this is counted in memory instead: no request waits on a hung Redis. */
export const REDIS_TIMEOUT_MS = 300;

/** The stores @fastify/rate-limit ships; loaded from its package (they are not exported by name). */
async function builtInStores(): Promise<{ RedisStore: StoreClass; LocalStore: StoreClass }> {
  const [redis, local] = await Promise.all([
    import('@fastify/rate-limit/store/RedisStore.js' as string) as Promise<{ default: StoreClass }>,
    import('@fastify/rate-limit/store/LocalStore.js' as string) as Promise<{ default: StoreClass }>,
  ]);
  return { RedisStore: redis.default, LocalStore: local.default };
}

/** The `store` option for @fastify/rate-limit: a class it constructs with its global options. */
export async function redisWithMemoryFallback(redis: Redis, nameSpace: string, timeoutMs = REDIS_TIMEOUT_MS): Promise<FastifyRateLimitStoreCtor> {
  const { RedisStore, LocalStore } = await builtInStores();

  class FallbackStore implements Store {
    private readonly shared: Store;
    private readonly local: Store;
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }, shared?: Store, local?: Store) {
      this.shared = shared ?? new RedisStore(params.continueExceeding ?? false, params.exponentialBackoff ?? false, redis, nameSpace);
      this.local = local ?? new LocalStore(params.continueExceeding ?? false, params.exponentialBackoff ?? false, 5000);
    }

    private run(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
      const inMemory = () => {
        faultCounters.rateLimitFallbacks++;
        const local = this.local[method];
        if (local) local.call(this.local, key, cb, timeWindow, max);
        else cb(null, { current: 0, ttl: 0 });
      };
      const shared = this.shared[method];
      if (redis.status !== 'ready' || !shared) return inMemory();
      let settled = false;
      const timer = setTimeout(() => { if (!settled) { settled = true; inMemory(); } }, timeoutMs);
      shared.call(this.shared, key, (err, res) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (err || !res) inMemory();
        else cb(null, res);
      }, timeWindow, max);
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number) { this.run('incr', key, cb, timeWindow, max); }
    read(key: string, cb: Callback, timeWindow: number, max: number) { this.run('read', key, cb, timeWindow, max); }
    child(routeOptions: RouteOptions): Store {
      return new FallbackStore(routeOptions, this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  // The plugin's declared types lag its callback shapes (`res` may be null on error).
  return FallbackStore as unknown as FastifyRateLimitStoreCtor;
}
