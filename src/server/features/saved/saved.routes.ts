import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/api/endpoints.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { route } from '../../lib/route.ts';
import { createSavedRepository } from './saved.repository.ts';
import { createSavedService } from './saved.service.ts';

/**
 * Saved items and saved places of the signed-in user (docs/saved.md). Sign-in is checked on
 * request, before the body is read: an anonymous call is a 401 whatever it sends.
 */
export const savedRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const service = createSavedService({ savedRepository: createSavedRepository(deps.db) });
  const saved = endpoints.saved;

  app.route({
    ...route(saved.products),
    onRequest: app.authenticate,
    handler: async (request) => service.listSavedProducts(currentUser(request).id, request.query),
  });

  app.route({
    ...route(saved.saveProduct),
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      await service.saveProduct(currentUser(request).id, request.params.productId);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...route(saved.unsaveProduct),
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      await service.unsaveProduct(currentUser(request).id, request.params.productId);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...route(saved.addresses),
    onRequest: app.authenticate,
    handler: async (request) => service.listAddresses(currentUser(request).id),
  });

  app.route({
    ...route(saved.createAddress),
    onRequest: app.authenticate,
    handler: async (request, reply) => reply.code(201).send(await service.createAddress(currentUser(request).id, request.body)),
  });

  app.route({
    ...route(saved.updateAddress),
    onRequest: app.authenticate,
    handler: async (request) => service.updateAddress(currentUser(request).id, request.params.id, request.body),
  });

  app.route({
    ...route(saved.deleteAddress),
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      await service.deleteAddress(currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  });
};
