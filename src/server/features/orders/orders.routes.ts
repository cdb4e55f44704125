import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../lib/feature.ts';

export const ordersRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (_app, _deps) => {
  // The orders routes are registered here.
};
