import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../lib/feature.ts';

export const catalogRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (_app, _deps) => {
  // The catalog routes are registered here.
};
