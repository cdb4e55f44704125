import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams } from '#shared/contracts/common.ts';
import { ordersQuery, producerOrder, producerOrdersListResponse, updateOrderStatusBody } from '#shared/contracts/orders.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { OrdersService } from './orders.service.ts';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/** The producer's incoming orders; a producer's household id is its user id. */
export const producerOrdersRoutes: FastifyPluginAsyncZod<{ service: OrdersService }> = async (app, { service }) => {
  app.get('/producer/orders', {
    onRequest: app.requireProducer,
    schema: { tags: ['orders', 'producer'], summary: "Orders for the producer's household, newest first", security: [{ bearer: [] }], querystring: ordersQuery, response: { 200: producerOrdersListResponse, ...errors } },
  }, async (request) => service.listForProducer(currentUser(request).id, request.query));

  app.patch('/producer/orders/:id', {
    onRequest: app.requireProducer,
    schema: { tags: ['orders', 'producer'], summary: 'Change the status of an own household order', security: [{ bearer: [] }], params: idParams, body: updateOrderStatusBody, response: { 200: producerOrder, ...errors } },
  }, async (request) => service.setStatusByProducer(currentUser(request).id, request.params.id, request.body.status));
};
