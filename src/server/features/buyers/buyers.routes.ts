import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buyerProfile } from '#shared/contracts/buyers.ts';
import { cursorQuery, errorResponse, idParams, listResponse } from '#shared/contracts/common.ts';
import { buyerReview } from '#shared/contracts/reviews.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { createBuyersRepository } from './buyers.repository.ts';
import { createBuyersService } from './buyers.service.ts';

export const buyersRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const buyers = createBuyersService({ buyersRepository: createBuyersRepository(deps.db) });

  app.get('/buyers/:id', {
    schema: { tags: ['buyers'], summary: 'Public buyer profile with real totals (no e-mail or phone)', params: idParams, response: { 200: buyerProfile, 404: errorResponse } },
  }, async (request) => buyers.profile(request.params.id));

  app.get('/buyers/:id/reviews', {
    schema: {
      tags: ['buyers'], summary: 'Reviews the buyer wrote, newest first, with the product',
      params: idParams, querystring: cursorQuery.strict(),
      response: { 200: listResponse(buyerReview), 400: errorResponse, 404: errorResponse },
    },
  }, async (request) => buyers.reviews(request.params.id, request.query));
};
