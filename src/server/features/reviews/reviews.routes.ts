import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/api/endpoints.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { route } from '../../lib/route.ts';
import { createReviewsRepository } from './reviews.repository.ts';
import { createReviewsService } from './reviews.service.ts';

export const reviewsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const reviews = createReviewsService({ reviewsRepository: createReviewsRepository(deps.db), clock: deps.clock });

  app.route({ ...route(endpoints.reviews.ofProduct), handler: async (request) => reviews.list(request.params.id, request.query) });

  app.route({
    ...route(endpoints.reviews.write),
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      const { review: written, created } = await reviews.write(request.params.id, currentUser(request).id, request.body);
      return reply.code(created ? 201 : 200).send(written);
    },
  });
};
