import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/api/endpoints.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { route } from '../../lib/route.ts';
import { createFollowsRepository } from './follows.repository.ts';
import { createFollowsService } from './follows.service.ts';

export const followsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const followsService = createFollowsService({ followsRepository: createFollowsRepository(deps.db), clock: deps.clock });

  app.route({ ...route(endpoints.households.follow), preHandler: app.authenticate, handler: async (request) => followsService.follow(currentUser(request).id, request.params.id) });

  app.route({ ...route(endpoints.households.unfollow), preHandler: app.authenticate, handler: async (request) => followsService.unfollow(currentUser(request).id, request.params.id) });

  app.route({ ...route(endpoints.me.following), preHandler: app.authenticate, handler: async (request) => followsService.listFollowing(currentUser(request).id, request.query) });
};
