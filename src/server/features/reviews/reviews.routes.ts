import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../lib/feature.ts';

export const reviewsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (_app, _deps) => {
  // The reviews routes are registered here.
};
