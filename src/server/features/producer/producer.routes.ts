import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParams, listResponse } from '#shared/contracts/common.ts';
import { household, updateHouseholdBody } from '#shared/contracts/households.ts';
import { producerOverview } from '#shared/contracts/producer.ts';
import { createProductBody, product, updateProductBody } from '#shared/contracts/products.ts';
import { LIMITS } from '#shared/constants.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createProducerRepository } from './producer.repository.ts';
import { createProducerService } from './producer.service.ts';

const ownProductsQuery = z.object({
  cursor: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeMax),
}).strict();

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const security = [{ bearer: [] }];

/**
 * What a producer changes: its products (create, edit, publish, archive), its household
 * profile, and its dashboard overview. Only the owner; customers get 403 (issue 6).
 * The auth check runs on request, before the body is validated, so a customer gets 403
 * whatever it sends.
 */
export const producerRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const service = createProducerService({ repository: createProducerRepository(deps.db), clock: deps.clock });

  app.post('/products', {
    onRequest: app.requireProducer,
    schema: { tags: ['products'], summary: 'Create a product (producer)', security, body: createProductBody, response: { 201: product, ...errors } },
  }, async (request, reply) => {
    const created = await service.createProduct(currentUser(request).id, request.body);
    return reply.code(201).send(created);
  });

  app.patch('/products/:id', {
    onRequest: app.requireProducer,
    schema: { tags: ['products'], summary: 'Edit, publish/unpublish or feature an own product', security, params: idParams, body: updateProductBody, response: { 200: product, ...errors } },
  }, async (request) => service.updateProduct(currentUser(request).id, request.params.id, request.body));

  app.delete('/products/:id', {
    onRequest: app.requireProducer,
    schema: { tags: ['products'], summary: 'Delete (archive) an own product; orders keep their lines', security, params: idParams, response: { 204: z.null(), ...errors } },
  }, async (request, reply) => {
    await service.archiveProduct(currentUser(request).id, request.params.id);
    return reply.code(204).send(null);
  });

  app.patch('/households/:id', {
    onRequest: app.requireProducer,
    schema: { tags: ['households'], summary: 'Edit the own household profile', security, params: idParams, body: updateHouseholdBody, response: { 200: household, ...errors } },
  }, async (request) => service.updateHousehold(currentUser(request).id, request.params.id, request.body));

  app.get('/producer/products', {
    onRequest: app.requireProducer,
    schema: { tags: ['producer'], summary: 'All own products, published or not (not archived)', security, querystring: ownProductsQuery, response: { 200: listResponse(product), ...errors } },
  }, async (request) => service.ownProducts(currentUser(request).id, request.query.limit, request.query.cursor));

  app.get('/producer/overview', {
    onRequest: app.requireProducer,
    schema: { tags: ['producer'], summary: 'Orders waiting, sales of the last 7 days and of each of the last 30 days', security, response: { 200: producerOverview, ...errors } },
  }, async (request) => service.overview(currentUser(request).id));
};
