import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/api/endpoints.ts';
import { forbidden } from '../../lib/errors.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createAdminRepository } from './admin.repository.ts';
import { createAdminService } from './admin.service.ts';

/**
 * The operator console's API and the report action every signed-in user has. Every
 * /api/admin/* route answers 401 to anonymous and 403 to non-operators before it reads its
 * body, so a refused call changes nothing; every operator action writes an audit row.
 */
export const adminRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const service = createAdminService({ repo: createAdminRepository(deps.db), clock: deps.clock, kickMail: () => deps.outbox.kick() });

  app.route({
    ...route(endpoints.reports.create),
    onRequest: [app.authenticate, app.rateLimit({ max: 30, timeWindow: 60_000, keyGenerator: (request) => `report:${request.user?.id ?? request.ip}` })],
    handler: async (request, reply) => reply.code(201).send(await service.report(currentUser(request).id, request.body)),
  });

  // The operator routes, in their own scope (no URL prefix: the registry's paths are complete)
  // so that the operator check and the JSON parser below apply to them only.
  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    // Actions whose body is optional ({ reason? }, restore) may come with a JSON content type
    // and no body at all: that is an empty body here, not a 400.
    const defaultJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (typeof body === 'string' && body.trim() === '') {
        done(null, undefined);
        return;
      }
      defaultJson(request, String(body), done);
    });
    admin.addHook('onRequest', admin.authenticate);
    admin.addHook('onRequest', async (request: FastifyRequest) => {
      if (!(await service.isOperator(currentUser(request).id))) throw forbidden('Only operators can do this');
    });
    admin.addHook('onSend', async (_request, reply, payload) => {
      reply.header('Cache-Control', 'no-store');
      return payload;
    });
    const adminId = (request: FastifyRequest) => currentUser(request).id;
    const a = endpoints.admin;

    admin.route({ ...route(a.producers), handler: async (request) => service.producers(request.query) });

    admin.route({
      ...route(a.approveProducer),
      handler: async (request) => service.decide(adminId(request), request.params.id, 'approve', request.body?.reason ?? null),
    });
    admin.route({
      ...route(a.suspendProducer),
      handler: async (request) => service.decide(adminId(request), request.params.id, 'suspend', request.body?.reason ?? null),
    });
    admin.route({
      ...route(a.reinstateProducer),
      handler: async (request) => service.decide(adminId(request), request.params.id, 'reinstate', request.body?.reason ?? null),
    });

    admin.route({
      ...route(a.verifyLegal),
      handler: async (request) => service.verifyLegal(adminId(request), request.params.id, request.body?.reason ?? null),
    });

    admin.route({ ...route(a.products), handler: async (request) => service.products(request.query) });
    admin.route({ ...route(a.promoteProduct), handler: async (request) => service.promote(adminId(request), request.params.id, request.body) });

    admin.route({ ...route(a.reports), handler: async (request) => service.reports(request.query) });
    admin.route({ ...route(a.resolveReport), handler: async (request) => service.resolve(adminId(request), request.params.id, request.body.action) });
    admin.route({ ...route(a.restoreContent), handler: async (request) => service.restore(adminId(request), request.params.type, request.params.id) });

    admin.route({ ...route(a.users), handler: async (request) => service.users(request.query) });
    admin.route({
      ...route(a.suspendUser),
      handler: async (request) => service.setUserSuspended(adminId(request), request.params.id, true, request.body?.reason ?? null),
    });
    admin.route({
      ...route(a.reinstateUser),
      handler: async (request) => service.setUserSuspended(adminId(request), request.params.id, false, request.body?.reason ?? null),
    });

    admin.route({ ...route(a.audit), handler: async (request) => service.audit(request.query) });
    admin.route({ ...route(a.stats), handler: async (request) => service.stats(request.query.days) });
  });
};
