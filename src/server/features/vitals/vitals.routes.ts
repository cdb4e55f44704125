import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/api/endpoints.ts';
import { route } from '../../lib/route.ts';
import type { VitalsHistograms } from '../../lib/vitals-histograms.ts';

/** A report is a few dozen bytes; anything much larger is not one. */
const BODY_LIMIT_BYTES = 1024;
/** Reports per minute from one address: a visit sends one, a page reloaded in a loop no more than this. */
const REPORTS_PER_MINUTE = 30;

/** POST /api/vitals: field data of real visits into the histograms of /metrics (contracts/vitals.ts). */
export const vitalsRoutes: FastifyPluginAsyncZod<{ histograms: VitalsHistograms }> = async (app, { histograms }) => {
  app.route({
    ...route(endpoints.vitals.report),
    bodyLimit: BODY_LIMIT_BYTES,
    config: { rateLimit: { max: REPORTS_PER_MINUTE, timeWindow: '1 minute', keyGenerator: (request) => `vitals:${request.ip}` } },
    handler: async (request, reply) => {
      for (const metric of request.body.metrics) histograms.observe(request.body.page, metric.name, metric.value);
      return reply.code(204).send(null);
    },
  });
};
