import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cursorQuery, errorResponse, idParams, listResponse } from '#shared/contracts/common.ts';
import { createReviewBody, review } from '#shared/contracts/reviews.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { createReviewsRepository } from './reviews.repository.ts';
import { createReviewsService } from './reviews.service.ts';

export const reviewsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const reviews = createReviewsService({ reviewsRepository: createReviewsRepository(deps.db), clock: deps.clock });

  app.get('/products/:id/reviews', {
    schema: {
      tags: ['reviews'], summary: 'Reviews of a product, newest first',
      params: idParams, querystring: cursorQuery.strict(),
      response: { 200: listResponse(review), 400: errorResponse, 404: errorResponse },
    },
  }, async (request) => reviews.list(request.params.id, request.query));

  app.post('/products/:id/reviews', {
    preHandler: app.authenticate,
    schema: {
      tags: ['reviews'], summary: 'Review a product (201); writing again edits the own review (200)', security: [{ bearer: [] }],
      params: idParams, body: createReviewBody,
      response: { 200: review, 201: review, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
    },
  }, async (request, reply) => {
    const { review: written, created } = await reviews.write(request.params.id, currentUser(request).id, request.body);
    return reply.code(created ? 201 : 200).send(written);
  });
};
