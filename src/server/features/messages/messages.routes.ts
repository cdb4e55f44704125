import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/api/endpoints.ts';
import { MESSAGE_RATE_PER_MINUTE } from '#shared/contracts/messages.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createMessagesRepository } from './messages.repository.ts';
import { createMessagesService } from './messages.service.ts';

/**
 * An order's conversation. Only the order's buyer and its producer see it: everyone else,
 * signed out included, gets 404 (not 401), so an order id reveals nothing. Hence optionalAuth
 * and the service's check rather than app.authenticate.
 */
export const messagesRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const service = createMessagesService({ db: deps.db, repo: createMessagesRepository(), clock: deps.clock, outbox: deps.outbox, publicUrl: deps.config.publicUrl });
  const { messages } = endpoints;

  app.route({
    ...route(messages.list),
    onRequest: app.optionalAuth,
    handler: async (request) => service.list(request.user?.id, request.params.id, request.query),
  });

  app.route({
    ...route(messages.send),
    onRequest: app.optionalAuth,
    // Per user (the key is read after onRequest has resolved the token), in Redis when REDIS_URL is set.
    config: { rateLimit: { max: MESSAGE_RATE_PER_MINUTE, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: (request) => `messages:${request.user?.id ?? `ip:${request.ip}`}` } },
    handler: async (request, reply) => reply.code(201).send(await service.post(request.user?.id, request.params.id, request.body)),
  });

  app.route({
    ...route(messages.state),
    onRequest: app.optionalAuth,
    handler: async (request) => service.state(request.user?.id, request.params.id),
  });

  app.route({
    ...route(messages.markRead),
    onRequest: app.optionalAuth,
    handler: async (request) => service.markRead(request.user?.id, request.params.id),
  });

  app.route({ ...route(messages.unread), onRequest: app.authenticate, handler: async (request) => service.unread(currentUser(request).id) });

  app.route({
    ...route(messages.sharedOrders),
    onRequest: app.requireProducer,
    handler: async (request) => service.sharedOrders(currentUser(request).id, request.params.id),
  });
};
