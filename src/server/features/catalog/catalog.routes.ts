import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/api/endpoints.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { fastSerializerCompiler } from '../../lib/fast-serializer.ts';
import { route } from '../../lib/route.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { createCatalogService } from './catalog.service.ts';

export const catalogRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const catalog = createCatalogService({ catalogRepository: createCatalogRepository(deps.db, deps.pool) });

  app.route({ ...route(endpoints.products.list), serializerCompiler: fastSerializerCompiler, preHandler: app.optionalAuth, handler: async (request) => catalog.listProducts(request.query, request.user) });

  app.route({ ...route(endpoints.products.suggestions), handler: async (request) => catalog.suggestions(request.query.q) });

  app.route({ ...route(endpoints.products.get), serializerCompiler: fastSerializerCompiler, handler: async (request) => catalog.getProduct(request.params.id) });
};
