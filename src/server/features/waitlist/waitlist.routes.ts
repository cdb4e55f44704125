import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/api/endpoints.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { route } from '../../lib/route.ts';
import { createWaitlistRepository } from './waitlist.repository.ts';
import { createWaitlistService } from './waitlist.service.ts';

/** The waitlist of sold-out products (docs/product.md, "Pre-orders and the waitlist"). */
export const waitlistRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const service = createWaitlistService({
    db: deps.db, repo: createWaitlistRepository(), clock: deps.clock,
    waitlist: { holdHours: deps.config.waitlistHoldHours, publicUrl: deps.config.publicUrl }, kick: () => deps.outbox.kick(),
  });
  const w = endpoints.waitlist;
  app.route({ ...route(w.join), onRequest: app.authenticate, handler: async (request) => service.join(currentUser(request).id, request.params.id, request.body.quantity) });
  app.route({
    ...route(w.leave), onRequest: app.authenticate,
    handler: async (request, reply) => { await service.leave(currentUser(request).id, request.params.id); return reply.code(204).send(null); },
  });
  app.route({ ...route(w.mine), onRequest: app.authenticate, handler: async (request) => service.mine(currentUser(request).id) });
};
