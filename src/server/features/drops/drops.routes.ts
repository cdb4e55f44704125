import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/api/endpoints.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createDropsRepository } from './drops.repository.ts';
import { createDropsService } from './drops.service.ts';

/** Drops: the public list and page, the host's and members' changes, pick lists and hand-over marks (docs/drops.md). */
export const dropsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const service = createDropsService({
    db: deps.db, repo: createDropsRepository(), clock: deps.clock, outbox: deps.outbox, publicUrl: deps.config.publicUrl,
    waitlist: { holdHours: deps.config.waitlistHoldHours, publicUrl: deps.config.publicUrl },
  });
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.route({ ...route(endpoints.drops.list), handler: async (request) => service.list(request.query) });

  app.route({ ...route(endpoints.drops.get), preHandler: app.optionalAuth, handler: async (request) => service.get(request.params.id, request.user?.id ?? null) });

  app.route({
    ...route(endpoints.drops.create),
    onRequest: app.requireProducer,
    handler: async (request, reply) => reply.code(201).send(await service.create(me(request), request.body)),
  });

  app.route({ ...route(endpoints.drops.update), onRequest: app.requireProducer, handler: async (request) => service.update(me(request), request.params.id, request.body) });

  app.route({ ...route(endpoints.drops.cancel), onRequest: app.requireProducer, handler: async (request) => service.cancel(me(request), request.params.id, request.body.reason) });

  app.route({ ...route(endpoints.drops.join), onRequest: app.requireProducer, handler: async (request) => service.join(me(request), request.params.id) });

  app.route({ ...route(endpoints.drops.leave), onRequest: app.requireProducer, handler: async (request) => service.leave(me(request), request.params.id) });

  app.route({ ...route(endpoints.drops.mine), onRequest: app.requireProducer, handler: async (request) => service.mine(me(request), request.query) });

  app.route({
    ...route(endpoints.drops.picklist),
    onRequest: app.requireProducer,
    handler: async (request, reply) => {
      if (request.query.format !== 'pdf') return service.picklist(me(request), request.params.id);
      const bytes = await service.picklistPdf(me(request), request.params.id);
      // A PDF, not the JSON answer: Fastify sends a Buffer as it is.
      return (reply as FastifyReply)
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="picklist-${request.params.id.slice(0, 8)}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(bytes);
    },
  });

  app.route({ ...route(endpoints.drops.handovers), onRequest: app.requireProducer, handler: async (request) => service.handovers(me(request), request.body) });
};
