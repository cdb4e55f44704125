import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../lib/feature.ts';

export const buyersRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (_app, _deps) => {
  // The buyers routes are registered here.
};
