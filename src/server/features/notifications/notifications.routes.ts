import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/api/endpoints.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { createNotificationsService } from './notifications.service.ts';

/** The notification centre, its settings and Web Push subscriptions. */
export const notificationsRoutes: FastifyPluginAsyncZod<FeatureDeps & { vapidPublicKey: string }> = async (app, deps) => {
  const service = createNotificationsService({
    db: deps.db, repo: createNotificationsRepository(), clock: deps.clock, publicKey: deps.vapidPublicKey,
    allowLocalEndpoints: deps.config.pushAllowLocal,
  });
  const { notifications, push } = endpoints;

  app.route({ ...route(notifications.list), onRequest: app.authenticate, handler: async (request) => service.list(currentUser(request).id, request.query) });

  app.route({
    ...route(notifications.markRead),
    onRequest: app.authenticate,
    // A request without a body means "all", like an empty one.
    preValidation: async (request) => { request.body ??= {}; },
    handler: async (request) => service.markRead(currentUser(request).id, request.body),
  });

  app.route({ ...route(notifications.settings), onRequest: app.authenticate, handler: async (request) => service.getSettings(currentUser(request).id) });

  app.route({ ...route(notifications.updateSettings), onRequest: app.authenticate, handler: async (request) => service.updateSettings(currentUser(request).id, request.body) });

  app.route({ ...route(push.key), handler: async () => service.publicKey() });

  app.route({
    ...route(push.subscribe),
    onRequest: app.authenticate,
    handler: async (request, reply) => reply.code(201).send(await service.subscribe(currentUser(request).id, request.body)),
  });

  app.route({ ...route(push.unsubscribe), onRequest: app.authenticate, handler: async (request) => service.unsubscribe(currentUser(request).id, request.body.endpoint) });
};
