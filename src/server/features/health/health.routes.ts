import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthResponse } from '#shared/contracts/common.ts';
import type { Database } from '../../db/client.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get('/health', {
    schema: { tags: ['health'], summary: 'Liveness and database reachability', response: { 200: healthResponse, 503: healthResponse } },
  }, async (_request, reply) => {
    try {
      await database.db.execute(sql`SELECT 1`);
      return { status: 'ok' as const, database: database.kind };
    } catch {
      return reply.code(503).send({ status: 'degraded' as const, database: database.kind });
    }
  });
};
