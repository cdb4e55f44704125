import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParams, listResponse } from '#shared/contracts/common.ts';
import { createStoryBody, storiesQuery, story } from '#shared/contracts/stories.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { createStoriesRepository } from './stories.repository.ts';
import { createStoriesService } from './stories.service.ts';

export const storiesRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const storiesService = createStoriesService({ storiesRepository: createStoriesRepository(deps.db), clock: deps.clock });

  app.get('/stories', {
    schema: { tags: ['stories'], summary: 'Active stories (last 24 h), newest first', querystring: storiesQuery, response: { 200: listResponse(story), 400: errorResponse } },
  }, async (request) => storiesService.listActive(request.query.householdId));

  app.post('/stories', {
    preHandler: app.requireProducer,
    schema: {
      tags: ['stories'], summary: 'Post a story from an own uploaded image or video', security: [{ bearer: [] }],
      body: createStoryBody,
      response: { 201: story, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
    },
  }, async (request, reply) => reply.code(201).send(await storiesService.create(currentUser(request).id, request.body)));

  app.delete('/stories/:id', {
    preHandler: app.requireProducer,
    schema: {
      tags: ['stories'], summary: 'Delete an own story', security: [{ bearer: [] }], params: idParams,
      response: { 204: z.null(), 401: errorResponse, 403: errorResponse, 404: errorResponse },
    },
  }, async (request, reply) => {
    await storiesService.remove(currentUser(request).id, request.params.id);
    return reply.code(204).send(null);
  });
};
