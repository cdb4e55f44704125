import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/api/endpoints.ts';
import { AppError } from '../../lib/errors.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { route } from '../../lib/route.ts';
import { jwtSecret } from '../../config/secrets.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createAuthRepository } from './auth.repository.ts';
import { createAuthService } from './auth.service.ts';
import { createSessionsRepository } from './sessions.repository.ts';

/**
 * Accounts: signup with an e-mailed code, login, refresh rotation, logout,
 * password reset, and the own profile (/api/me). Rules live in auth.service.ts.
 */
const MINUTE = 60_000;

export const authRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const service = createAuthService({
    repo: createAuthRepository(deps.db),
    sessions: createSessionsRepository(deps.db),
    tokens: deps.tokens,
    clock: deps.clock,
    codeKey: `auth-codes:${jwtSecret(deps.config.jwtSecret, deps.config.dataDir)}`,
    kickMail: () => deps.outbox.kick(),
    producerApproval: deps.config.producerApproval,
    publicUrl: deps.config.publicUrl,
  });

  // docs/architecture.md, Security: no auth answer (tokens, profile) may be cached anywhere.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  /**
   * Per-IP and per-account limits on every route (docs/architecture.md, Security). The IP limit runs
   * first (onRequest); the account limit needs the parsed body (preHandler).
   */
  const limit = (name: string, max: number, key: (request: FastifyRequest) => string) => {
    // createRateLimit, not rateLimit: the latter runs once per request, and a route has two limits.
    const check = app.createRateLimit({ max, timeWindow: MINUTE, keyGenerator: (request) => `auth:${name}:${key(request)}` });
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const state = await check(request);
      if (state.isAllowed || !state.isExceeded) return;
      reply.header('Retry-After', String(state.ttlInSeconds));
      throw new AppError(429, 'auth.rate_limited', `Too many requests; try again in ${state.ttlInSeconds} s`);
    };
  };
  const byIp = (request: FastifyRequest) => `ip:${request.ip}`;
  const byEmail = (request: FastifyRequest) => `email:${(request.body as { email?: string } | undefined)?.email ?? ''}`;
  const byUser = (request: FastifyRequest) => `user:${request.user?.id ?? request.ip}`;

  const userAgent = (request: FastifyRequest) => request.headers['user-agent']?.slice(0, 300) ?? null;

  /** The lockout answer says when to come back. */
  const withRetryAfter = async <T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      const seconds = (err as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (seconds) reply.header('Retry-After', String(seconds));
      throw err;
    }
  };

  app.route({
    ...route(endpoints.auth.signup),
    onRequest: limit('signup', 20, byIp),
    preHandler: limit('signup', 5, byEmail),
    handler: async (request, reply) => {
      const created = await service.signup(request.body);
      return reply.code(201).send(created);
    },
  });

  app.route({
    ...route(endpoints.auth.confirmSignup),
    onRequest: limit('confirm', 30, byIp),
    preHandler: limit('confirm', 10, byEmail),
    handler: async (request) => {
      await service.confirmSignup(request.body);
      return { ok: true as const };
    },
  });

  app.route({
    ...route(endpoints.auth.resendCode),
    onRequest: limit('resend', 20, byIp),
    preHandler: limit('resend', 5, byEmail),
    handler: async (request) => {
      await service.resendCode(request.body.email);
      return { ok: true as const };
    },
  });

  app.route({
    ...route(endpoints.auth.login),
    onRequest: limit('login', 60, byIp),
    preHandler: limit('login', 20, byEmail),
    handler: async (request, reply) => withRetryAfter(reply, () => service.login({ ...request.body, userAgent: userAgent(request) })),
  });

  app.route({
    ...route(endpoints.auth.refresh),
    onRequest: limit('refresh', 60, byIp),
    handler: async (request) => service.refresh(request.body.refreshToken),
  });

  app.route({
    ...route(endpoints.auth.logout),
    onRequest: [limit('logout', 60, byIp), app.authenticate],
    handler: async (request) => {
      await service.logout(currentUser(request).sessionId);
      return { ok: true as const };
    },
  });

  app.route({
    ...route(endpoints.auth.forgotPassword),
    onRequest: limit('forgot', 20, byIp),
    preHandler: limit('forgot', 5, byEmail),
    handler: async (request) => {
      await service.forgotPassword(request.body.email);
      return { ok: true as const };
    },
  });

  app.route({
    ...route(endpoints.auth.resetPassword),
    onRequest: limit('reset', 30, byIp),
    preHandler: limit('reset', 10, byEmail),
    handler: async (request) => {
      await service.resetPassword(request.body);
      return { ok: true as const };
    },
  });

  app.route({
    ...route(endpoints.me.get),
    onRequest: app.authenticate,
    handler: async (request) => service.profile(currentUser(request).id),
  });

  app.route({
    ...route(endpoints.me.update),
    onRequest: app.authenticate,
    handler: async (request) => service.updateProfile(currentUser(request).id, request.body),
  });

  app.route({
    ...route(endpoints.me.exportData),
    onRequest: [app.authenticate, limit('export', 10, byUser)],
    handler: async (request, reply) => {
      const data = await service.exportData(currentUser(request).id);
      reply.header('Content-Disposition', 'attachment; filename="domace-export.json"');
      return data;
    },
  });

  app.route({
    ...route(endpoints.me.remove),
    onRequest: [app.authenticate, limit('delete', 10, byUser)],
    handler: async (request) => {
      await service.deleteAccount(currentUser(request).id, request.body.password);
      return { ok: true as const };
    },
  });

  app.route({
    ...route(endpoints.me.changePassword),
    onRequest: [app.authenticate, limit('password', 10, byUser)],
    handler: async (request) => {
      const user = currentUser(request);
      await service.changePassword({ userId: user.id, sessionId: user.sessionId, ...request.body });
      return { ok: true as const };
    },
  });
};
