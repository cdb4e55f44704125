import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/api/endpoints.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { route } from '../../lib/route.ts';
import { createBuyersRepository } from './buyers.repository.ts';
import { createBuyersService } from './buyers.service.ts';

export const buyersRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const buyers = createBuyersService({ buyersRepository: createBuyersRepository(deps.db) });

  app.route({ ...route(endpoints.buyers.get), onRequest: app.optionalAuth, handler: async (request) => buyers.profile(request.params.id, request.user?.id ?? null) });

  app.route({ ...route(endpoints.buyers.reviews), handler: async (request) => buyers.reviews(request.params.id, request.query) });
};
