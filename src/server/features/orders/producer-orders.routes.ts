import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/api/endpoints.ts';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { OrdersService } from './orders.service.ts';

/** The producer's incoming orders; a producer's household id is its user id. */
export const producerOrdersRoutes: FastifyPluginAsyncZod<{ service: OrdersService }> = async (app, { service }) => {
  app.route({
    ...route(endpoints.producer.orders),
    onRequest: app.requireProducer,
    handler: async (request) => service.listForProducer(currentUser(request).id, request.query),
  });

  app.route({
    ...route(endpoints.producer.setOrderStatus),
    onRequest: app.requireProducer,
    handler: async (request) => service.updateByProducer(currentUser(request).id, request.params.id, request.body),
  });

  app.route({
    ...route(endpoints.producer.depositRefunded),
    onRequest: app.requireProducer,
    handler: async (request) => service.depositRefunded(currentUser(request).id, request.params.id),
  });

  app.route({
    ...route(endpoints.producer.setOrderWeights),
    onRequest: app.requireProducer,
    handler: async (request) => service.setWeights(currentUser(request).id, request.params.id, request.body),
  });
};
