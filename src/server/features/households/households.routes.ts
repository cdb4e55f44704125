import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cursorQuery, errorResponse, idParams, listResponse } from '#shared/contracts/common.ts';
import { household } from '#shared/contracts/households.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { createHouseholdsRepository } from './households.repository.ts';
import { createHouseholdsService } from './households.service.ts';

// PATCH /households/:id belongs to the producer feature.
export const householdsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const households = createHouseholdsService({ householdsRepository: createHouseholdsRepository(deps.db), clock: deps.clock });

  app.get('/households', {
    preHandler: app.optionalAuth,
    schema: {
      tags: ['households'],
      summary: 'Households, newest first, with hasActiveStory and (signed in) isFollowing',
      querystring: cursorQuery.strict(),
      response: { 200: listResponse(household), 400: errorResponse },
    },
  }, async (request) => households.list(request.query, request.user?.id ?? null));

  app.get('/households/:id', {
    preHandler: app.optionalAuth,
    schema: {
      tags: ['households'],
      summary: 'One household',
      params: idParams,
      response: { 200: household, 404: errorResponse },
    },
  }, async (request) => households.get(request.params.id, request.user?.id ?? null));
};
