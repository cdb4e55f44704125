import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../lib/feature.ts';

export const storiesRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (_app, _deps) => {
  // The stories routes are registered here.
};
