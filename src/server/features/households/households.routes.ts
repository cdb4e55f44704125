import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/api/endpoints.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { fastSerializerCompiler } from '../../lib/fast-serializer.ts';
import { route } from '../../lib/route.ts';
import { createHouseholdsRepository } from './households.repository.ts';
import { createHouseholdsService } from './households.service.ts';

// PATCH /households/:id belongs to the producer feature.
export const householdsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const households = createHouseholdsService({ householdsRepository: createHouseholdsRepository(deps.db), clock: deps.clock });

  app.route({ ...route(endpoints.households.list), preHandler: app.optionalAuth, handler: async (request) => households.list(request.query, request.user?.id ?? null) });

  app.route({ ...route(endpoints.households.get), serializerCompiler: fastSerializerCompiler, preHandler: app.optionalAuth, handler: async (request) => households.get(request.params.id, request.user?.id ?? null) });

  app.route({ ...route(endpoints.households.slots), handler: async (request) => households.slots(request.params.id, request.query) });
};
