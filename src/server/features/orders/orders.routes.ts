import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams } from '#shared/contracts/common.ts';
import {
  createOrderBody, createOrderResponse, idempotencyHeaders, order, ordersListResponse, ordersQuery,
  type CreateOrderResponse,
} from '#shared/contracts/orders.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createCheckoutStore, createOrdersRepository } from './orders.repository.ts';
import { createOrdersService } from './orders.service.ts';
import { producerOrdersRoutes } from './producer-orders.routes.ts';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

/** The buyer's side: checkout (POST /api/orders) and own orders (issue 5, DESIGN.md 5). */
export const ordersRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const service = createOrdersService({ db: deps.db, repo: createOrdersRepository(), checkoutStore: createCheckoutStore(deps.pool), clock: deps.clock, outbox: deps.outbox });

  app.post('/orders', {
    onRequest: app.authenticate,
    schema: {
      tags: ['orders'],
      summary: 'Check out the whole basket: one order per household, all or none',
      security: [{ bearer: [] }],
      headers: idempotencyHeaders,
      body: createOrderBody,
      response: { 201: createOrderResponse, ...errors },
    },
  }, async (request, reply) => {
    const answer = await service.checkout(currentUser(request).id, request.headers['idempotency-key'], request.body);
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    // A stored 4xx answer is replayed as it was first given.
    return reply.code(answer.status as 201).send(answer.body as CreateOrderResponse);
  });

  app.get('/orders', {
    onRequest: app.authenticate,
    schema: { tags: ['orders'], summary: 'Own orders, newest first', security: [{ bearer: [] }], querystring: ordersQuery, response: { 200: ordersListResponse, ...errors } },
  }, async (request) => service.listForBuyer(currentUser(request).id, request.query));

  app.get('/orders/:id', {
    onRequest: app.authenticate,
    schema: { tags: ['orders'], summary: 'One own order', security: [{ bearer: [] }], params: idParams, response: { 200: order, ...errors } },
  }, async (request) => service.getForBuyer(currentUser(request).id, request.params.id));

  app.post('/orders/:id/cancel', {
    onRequest: app.authenticate,
    schema: { tags: ['orders'], summary: 'Cancel an own order while it is pending (stock is returned)', security: [{ bearer: [] }], params: idParams, response: { 200: order, ...errors } },
  }, async (request) => service.cancelByBuyer(currentUser(request).id, request.params.id));

  await app.register(producerOrdersRoutes, { service });
};
