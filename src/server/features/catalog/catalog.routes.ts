import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams, listResponse } from '#shared/contracts/common.ts';
import { product, productsQuery } from '#shared/contracts/products.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { createCatalogService } from './catalog.service.ts';

export const catalogRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const catalog = createCatalogService({ catalogRepository: createCatalogRepository(deps.db) });

  app.get('/products', {
    preHandler: app.optionalAuth,
    schema: {
      tags: ['catalog'],
      summary: 'Available products, newest first; q searches name, household and category (ranked, name matches first)',
      querystring: productsQuery,
      response: { 200: listResponse(product), 400: errorResponse },
    },
  }, async (request) => catalog.listProducts(request.query, request.user));

  app.get('/products/:id', {
    schema: {
      tags: ['catalog'],
      summary: 'One product (also when unavailable; archived ones are gone)',
      params: idParams,
      response: { 200: product, 404: errorResponse },
    },
  }, async (request) => catalog.getProduct(request.params.id));
};
