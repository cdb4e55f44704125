import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import type { Tokens } from '../lib/tokens.ts';

export interface WriteLimitsOptions {
  /** Writes per window per signed-in user (by the access token's subject); 0 = no limit. */
  perUser: number;
  /** Writes per window per client IP (behind a proxy: TRUST_PROXY); 0 = no limit. */
  perIp: number;
  tokens: Tokens;
  windowMs?: number;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Who the bearer token says the caller is; the route's own authentication still decides access. */
const callers = new WeakMap<FastifyRequest, string>();

/**
 * Per-user and per-IP limits on every write under /api (docs/architecture.md, Security), applied to each
 * such route as it is registered, so routes added later are covered without any change of
 * theirs. Counters live in @fastify/rate-limit's store: Redis when REDIS_URL is set (shared by
 * all instances), memory otherwise. An exceeded limit answers 429 `rate_limited` with
 * Retry-After. Routes keep their own stricter limits (auth) on top of these.
 *
 * Register after @fastify/rate-limit and before the feature routes.
 */
export default fp<WriteLimitsOptions>(async function writeLimitsPlugin(app: FastifyInstance, opts) {
  const timeWindow = opts.windowMs ?? 60_000;
  const byIp = opts.perIp > 0
    ? app.createRateLimit({ max: opts.perIp, timeWindow, keyGenerator: (request) => `write:ip:${request.ip}` })
    : undefined;
  const byUser = opts.perUser > 0
    ? app.createRateLimit({ max: opts.perUser, timeWindow, keyGenerator: (request) => `write:user:${callers.get(request) ?? ''}` })
    : undefined;
  if (!byIp && !byUser) return;

  const refuse = (reply: FastifyReply, seconds: number) => {
    reply.header('Retry-After', String(Math.max(1, seconds)));
    return new AppError(429, 'rate_limited', `Too many changes in a short time; try again in ${Math.max(1, seconds)} s`);
  };

  /**
   * The counters' store failing (Redis down) lets the write through: a limit is a guard, and
   * refusing every write of every user for it would turn a Redis outage into an app outage.
   */
  const counted = async (limiter: NonNullable<typeof byIp>, request: FastifyRequest) => {
    try {
      return await limiter(request);
    } catch (err) {
      request.log.warn({ err }, 'write limits: the rate-limit store failed; letting the request through');
      return undefined;
    }
  };

  const check: onRequestHookHandler = async (request, reply) => {
    if (byIp) {
      const state = await counted(byIp, request);
      if (state && !state.isAllowed && state.isExceeded) throw refuse(reply, state.ttlInSeconds);
    }
    if (byUser) {
      const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(request.headers.authorization ?? '');
      const claims = match?.[1] ? await opts.tokens.verifyAccess(match[1]) : null;
      if (!claims) return; // anonymous or a bad token: the IP limit applies, the route answers 401
      callers.set(request, claims.sub);
      const state = await counted(byUser, request);
      if (state && !state.isAllowed && state.isExceeded) throw refuse(reply, state.ttlInSeconds);
    }
  };

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((m) => WRITE_METHODS.has(m)) || !route.url.startsWith('/api/')) return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [check, ...own];
  });
}, { name: 'write-limits', dependencies: ['@fastify/rate-limit'] });
