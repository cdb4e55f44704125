import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cursorQuery, errorResponse, idParams, listResponse } from '#shared/contracts/common.ts';
import { household } from '#shared/contracts/households.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { createFollowsRepository } from './follows.repository.ts';
import { createFollowsService } from './follows.service.ts';

/** The household after the change, with `following` (= isFollowing) for convenience. */
const followResponse = household.extend({ following: z.boolean() });

export const followsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const followsService = createFollowsService({ followsRepository: createFollowsRepository(deps.db), clock: deps.clock });
  const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

  app.put('/households/:id/follow', {
    preHandler: app.authenticate,
    schema: { tags: ['follows'], summary: 'Follow a household (idempotent)', security: [{ bearer: [] }], params: idParams, response: { 200: followResponse, ...errors } },
  }, async (request) => followsService.follow(currentUser(request).id, request.params.id));

  app.delete('/households/:id/follow', {
    preHandler: app.authenticate,
    schema: { tags: ['follows'], summary: 'Unfollow a household (idempotent)', security: [{ bearer: [] }], params: idParams, response: { 200: followResponse, ...errors } },
  }, async (request) => followsService.unfollow(currentUser(request).id, request.params.id));

  app.get('/me/following', {
    preHandler: app.authenticate,
    schema: { tags: ['follows'], summary: 'Households the signed-in user follows, latest first', security: [{ bearer: [] }], querystring: cursorQuery.strict(), response: { 200: listResponse(household), 400: errorResponse, 401: errorResponse } },
  }, async (request) => followsService.listFollowing(currentUser(request).id, request.query));
};
