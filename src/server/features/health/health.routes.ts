import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { endpoints } from '#shared/api/endpoints.ts';
import type { Database } from '../../db/client.ts';
import { route } from '../../lib/route.ts';

/** A database that does not answer SELECT 1 within this is reported down, not waited for. */
const PROBE_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.route({
    ...route(endpoints.health.check),
    handler: async (_request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          database.db.execute(sql`SELECT 1`),
          new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS); }),
        ]);
        return { status: 'ok' as const, database: database.kind };
      } catch {
        reply.header('Cache-Control', 'no-store');
        return reply.code(503).send({ status: 'degraded' as const, database: database.kind });
      } finally {
        clearTimeout(timer);
      }
    },
  });
};
