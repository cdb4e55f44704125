import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../lib/feature.ts';

export const householdsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (_app, _deps) => {
  // The households routes are registered here.
};
