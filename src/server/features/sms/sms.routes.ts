import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/api/endpoints.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { route } from '../../lib/route.ts';
import type { SmsService } from './sms.service.ts';

/** A producer's SMS settings and the phone's confirmation (docs/notifications.md, "SMS"). */
export const smsRoutes: FastifyPluginAsyncZod<FeatureDeps & { service: SmsService }> = async (app, deps) => {
  const { service } = deps;
  app.route({ ...route(endpoints.me.sms), onRequest: app.requireProducer, handler: async (request) => service.get(currentUser(request).id) });
  app.route({
    ...route(endpoints.me.setSmsPhone), onRequest: app.requireProducer,
    handler: async (request, reply) => reply.code(202).send(await service.setPhone(currentUser(request).id, request.body.phone)),
  });
  app.route({ ...route(endpoints.me.confirmSms), onRequest: app.requireProducer, handler: async (request) => service.confirm(currentUser(request).id, request.body.code) });
  app.route({ ...route(endpoints.me.updateSms), onRequest: app.requireProducer, handler: async (request) => service.update(currentUser(request).id, request.body) });
  app.route({
    ...route(endpoints.me.stopSms), onRequest: app.requireProducer,
    handler: async (request) => { await service.stop(currentUser(request).id); return { ok: true as const }; },
  });
};
