import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBody, confirmSignupBody, emailBody, loginBody, logoutBody, profile, refreshBody,
  resetPasswordBody, signupBody, signupResponse, tokensResponse, updateProfileBody,
} from '#shared/contracts/auth.ts';
import { errorResponse, okResponse } from '#shared/contracts/common.ts';
import { AppError } from '../../lib/errors.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { jwtSecret } from '../../lib/secrets.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createAuthRepository } from './auth.repository.ts';
import { createAuthService } from './auth.service.ts';
import { createSessionsRepository } from './sessions.repository.ts';

/**
 * Accounts (issue 3): signup with an e-mailed code, login, refresh rotation, logout,
 * password reset, and the own profile (/api/me). Rules live in auth.service.ts.
 */
const MINUTE = 60_000;
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse, 429: errorResponse };

export const authRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const service = createAuthService({
    repo: createAuthRepository(deps.db),
    sessions: createSessionsRepository(deps.db),
    tokens: deps.tokens,
    clock: deps.clock,
    codeKey: `auth-codes:${jwtSecret(deps.config.jwtSecret, deps.config.dataDir)}`,
    kickMail: () => deps.outbox.kick(),
  });

  // DESIGN.md section 6: no auth answer (tokens, profile) may be cached anywhere.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  /**
   * Per-IP and per-account limits on every route (DESIGN.md section 6). The IP limit runs
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

  app.post('/auth/signup', {
    schema: { tags: ['auth'], summary: 'Create an account; mails a 6-digit code', body: signupBody, response: { 201: signupResponse, ...errors } },
    onRequest: limit('signup', 20, byIp),
    preHandler: limit('signup', 5, byEmail),
  }, async (request, reply) => {
    const created = await service.signup(request.body);
    return reply.code(201).send(created);
  });

  app.post('/auth/confirm-signup', {
    schema: { tags: ['auth'], summary: 'Confirm the e-mail with its code', body: confirmSignupBody, response: { 200: okResponse, ...errors } },
    onRequest: limit('confirm', 30, byIp),
    preHandler: limit('confirm', 10, byEmail),
  }, async (request) => {
    await service.confirmSignup(request.body);
    return { ok: true as const };
  });

  app.post('/auth/resend-code', {
    schema: { tags: ['auth'], summary: 'Send a new signup code (at most once a minute); always 200', body: emailBody, response: { 200: okResponse, ...errors } },
    onRequest: limit('resend', 20, byIp),
    preHandler: limit('resend', 5, byEmail),
  }, async (request) => {
    await service.resendCode(request.body.email);
    return { ok: true as const };
  });

  app.post('/auth/login', {
    schema: { tags: ['auth'], summary: 'Log in', body: loginBody, response: { 200: tokensResponse, ...errors } },
    onRequest: limit('login', 60, byIp),
    preHandler: limit('login', 20, byEmail),
  }, async (request, reply) => withRetryAfter(reply, () => service.login({ ...request.body, userAgent: userAgent(request) })));

  app.post('/auth/refresh', {
    schema: { tags: ['auth'], summary: 'New tokens for a refresh token (rotation)', body: refreshBody, response: { 200: tokensResponse, ...errors } },
    onRequest: limit('refresh', 60, byIp),
  }, async (request) => service.refresh(request.body.refreshToken));

  app.post('/auth/logout', {
    schema: { tags: ['auth'], summary: 'End this session: its tokens stop working', body: logoutBody, response: { 200: okResponse, ...errors }, security: [{ bearer: [] }] },
    onRequest: [limit('logout', 60, byIp), app.authenticate],
  }, async (request) => {
    await service.logout(currentUser(request).sessionId);
    return { ok: true as const };
  });

  app.post('/auth/forgot-password', {
    schema: { tags: ['auth'], summary: 'Mail a password reset code if the account exists; always 200', body: emailBody, response: { 200: okResponse, ...errors } },
    onRequest: limit('forgot', 20, byIp),
    preHandler: limit('forgot', 5, byEmail),
  }, async (request) => {
    await service.forgotPassword(request.body.email);
    return { ok: true as const };
  });

  app.post('/auth/reset-password', {
    schema: { tags: ['auth'], summary: 'Set a new password with the mailed code; ends all sessions', body: resetPasswordBody, response: { 200: okResponse, ...errors } },
    onRequest: limit('reset', 30, byIp),
    preHandler: limit('reset', 10, byEmail),
  }, async (request) => {
    await service.resetPassword(request.body);
    return { ok: true as const };
  });

  app.get('/me', {
    schema: { tags: ['auth'], summary: 'Own profile with real counters', response: { 200: profile, 401: errorResponse }, security: [{ bearer: [] }] },
    onRequest: app.authenticate,
  }, async (request) => service.profile(currentUser(request).id));

  app.patch('/me', {
    schema: { tags: ['auth'], summary: 'Change own profile (not the e-mail or the user type)', body: updateProfileBody, response: { 200: profile, ...errors }, security: [{ bearer: [] }] },
    onRequest: app.authenticate,
  }, async (request) => service.updateProfile(currentUser(request).id, request.body));

  app.post('/me/password', {
    schema: { tags: ['auth'], summary: 'Change own password; ends the other sessions', body: changePasswordBody, response: { 200: okResponse, ...errors }, security: [{ bearer: [] }] },
    onRequest: [app.authenticate, limit('password', 10, byUser)],
  }, async (request) => {
    const user = currentUser(request);
    await service.changePassword({ userId: user.id, sessionId: user.sessionId, ...request.body });
    return { ok: true as const };
  });
};
