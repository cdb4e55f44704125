import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/api/endpoints.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { StandingService } from './standing.service.ts';

/** Standing orders: the buyer's own, and the producer's demand forecast (docs/standing-orders.md). */
export const standingRoutes: FastifyPluginAsyncZod<FeatureDeps & { service: StandingService }> = async (app, { service }) => {
  app.route({ ...route(endpoints.standingOrders.list), onRequest: app.authenticate, handler: async (request) => service.list(currentUser(request).id, request.query) });

  app.route({
    ...route(endpoints.standingOrders.create),
    onRequest: app.authenticate,
    handler: async (request, reply) => reply.code(201).send(await service.create(currentUser(request).id, request.body)),
  });

  app.route({ ...route(endpoints.standingOrders.update), onRequest: app.authenticate, handler: async (request) => service.update(currentUser(request).id, request.params.id, request.body) });

  app.route({ ...route(endpoints.standingOrders.cancel), onRequest: app.authenticate, handler: async (request) => service.cancel(currentUser(request).id, request.params.id) });

  app.route({ ...route(endpoints.standingOrders.skip), onRequest: app.authenticate, handler: async (request) => service.skip(currentUser(request).id, request.params.id, request.body.date) });

  app.route({ ...route(endpoints.standingOrders.demand), onRequest: app.requireProducer, handler: async (request) => service.demand(currentUser(request).id, request.query) });
};
