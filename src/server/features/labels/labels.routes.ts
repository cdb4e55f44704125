import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/api/endpoints.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createLabelsRepository } from './labels.repository.ts';
import { createLabelsService } from './labels.service.ts';

/** Printed papers of a producer: label sheets of an own product, a packing slip of an own order (PDF). */
export const labelsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const service = createLabelsService({ repository: createLabelsRepository(deps.db), publicUrl: deps.config.publicUrl });

  const pdf = (reply: FastifyReply, bytes: Buffer, filename: string) => reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `inline; filename="${filename}"`)
    .header('Cache-Control', 'private, no-store')
    .send(bytes);

  app.route({
    ...route(endpoints.producer.labels),
    onRequest: app.requireProducer,
    handler: async (request, reply) => pdf(reply, await service.labels(currentUser(request).id, request.query), `labels-${request.query.bestBefore}.pdf`),
  });

  app.route({
    ...route(endpoints.producer.orderSlip),
    onRequest: app.requireProducer,
    handler: async (request, reply) => pdf(reply, await service.slip(currentUser(request).id, request.params.id), `slip-${request.params.id.slice(0, 8)}.pdf`),
  });
};
