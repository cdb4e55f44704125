import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../lib/feature.ts';

export const mediaRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (_app, _deps) => {
  // The media routes are registered here.
};
