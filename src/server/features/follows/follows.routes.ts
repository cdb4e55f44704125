import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../lib/feature.ts';

export const followsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (_app, _deps) => {
  // The follows routes are registered here.
};
