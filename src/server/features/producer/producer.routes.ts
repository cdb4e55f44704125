import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../lib/feature.ts';

export const producerRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (_app, _deps) => {
  // The producer routes are registered here.
};
