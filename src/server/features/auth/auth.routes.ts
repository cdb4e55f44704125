import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../lib/feature.ts';

export const authRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (_app, _deps) => {
  // The auth routes are registered here.
};
