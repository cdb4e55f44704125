import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/api/endpoints.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createProducerRepository } from './producer.repository.ts';
import { createProducerService } from './producer.service.ts';

/**
 * What a producer changes: its products (create, edit, publish, archive), its household
 * profile, and its dashboard overview. Only the owner; customers get 403.
 * The auth check runs on request, before the body is validated, so a customer gets 403
 * whatever it sends.
 */
export const producerRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const service = createProducerService({
    repository: createProducerRepository(deps.db), clock: deps.clock,
    waitlist: { holdHours: deps.config.waitlistHoldHours, publicUrl: deps.config.publicUrl }, kick: () => deps.outbox.kick(),
  });

  app.route({
    ...route(endpoints.products.create),
    onRequest: app.requireProducer,
    handler: async (request, reply) => {
      const created = await service.createProduct(currentUser(request).id, request.body);
      return reply.code(201).send(created);
    },
  });

  app.route({ ...route(endpoints.products.update), onRequest: app.requireProducer, handler: async (request) => service.updateProduct(currentUser(request).id, request.params.id, request.body) });

  app.route({
    ...route(endpoints.products.archive),
    onRequest: app.requireProducer,
    handler: async (request, reply) => {
      await service.archiveProduct(currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.route({ ...route(endpoints.households.update), onRequest: app.requireProducer, handler: async (request) => service.updateHousehold(currentUser(request).id, request.params.id, request.body) });

  app.route({ ...route(endpoints.producer.products), onRequest: app.requireProducer, handler: async (request) => service.ownProducts(currentUser(request).id, request.query.limit, request.query.cursor) });

  app.route({ ...route(endpoints.producer.overview), onRequest: app.requireProducer, handler: async (request) => service.overview(currentUser(request).id) });
};
