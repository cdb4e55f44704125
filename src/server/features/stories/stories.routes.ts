import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/api/endpoints.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { route } from '../../lib/route.ts';
import { createStoriesRepository } from './stories.repository.ts';
import { createStoriesService } from './stories.service.ts';

export const storiesRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const storiesService = createStoriesService({ storiesRepository: createStoriesRepository(deps.db), clock: deps.clock });

  app.route({
    ...route(endpoints.stories.list),
    onRequest: app.optionalAuth,
    handler: async (request) => storiesService.listActive(request.query.householdId, request.user?.id ?? null),
  });

  app.route({
    ...route(endpoints.stories.create),
    preHandler: app.requireProducer,
    handler: async (request, reply) => reply.code(201).send(await storiesService.create(currentUser(request).id, request.body)),
  });

  app.route({
    ...route(endpoints.stories.remove),
    preHandler: app.requireProducer,
    handler: async (request, reply) => {
      await storiesService.remove(currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  });
};
