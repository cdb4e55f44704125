import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/api/endpoints.ts';
import type { CreateOrderResponse } from '#shared/contracts/orders.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createCheckoutStore, createOrdersRepository } from './orders.repository.ts';
import { createOrdersService } from './orders.service.ts';
import { createPaymentSent } from './payment-sent.ts';
import { producerOrdersRoutes } from './producer-orders.routes.ts';

/** The buyer's side: checkout (POST /api/orders) and own orders (docs/architecture.md, API). */
export const ordersRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const service = createOrdersService({
    db: deps.db, repo: createOrdersRepository(), checkoutStore: createCheckoutStore(deps.pool), clock: deps.clock, outbox: deps.outbox,
    waitlist: { holdHours: deps.config.waitlistHoldHours, publicUrl: deps.config.publicUrl },
  });

  app.route({
    ...route(endpoints.orders.create),
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      const answer = await service.checkout(currentUser(request).id, request.headers['idempotency-key'], request.body);
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      // A stored 4xx answer is replayed as it was first given.
      return reply.code(answer.status as 201).send(answer.body as CreateOrderResponse);
    },
  });

  app.route({ ...route(endpoints.orders.list), onRequest: app.authenticate, handler: async (request) => service.listForBuyer(currentUser(request).id, request.query) });

  app.route({ ...route(endpoints.orders.get), onRequest: app.authenticate, handler: async (request) => service.getForBuyer(currentUser(request).id, request.params.id) });

  app.route({ ...route(endpoints.orders.cancel), onRequest: app.authenticate, handler: async (request) => service.cancelByBuyer(currentUser(request).id, request.params.id) });

  const paymentSent = createPaymentSent({ db: deps.db, repo: createOrdersRepository(), clock: deps.clock, outbox: deps.outbox, publicUrl: deps.config.publicUrl });
  app.route({ ...route(endpoints.orders.paymentSent), onRequest: app.authenticate, handler: async (request) => paymentSent(currentUser(request).id, request.params.id) });
  app.route({ ...route(endpoints.orders.accept), onRequest: app.authenticate, handler: async (request) => service.acceptByBuyer(currentUser(request).id, request.params.id) });

  await app.register(producerOrdersRoutes, { service });
};
