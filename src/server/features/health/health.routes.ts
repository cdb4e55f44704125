import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { endpoints } from '#shared/api/endpoints.ts';
import type { Database } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import { storageState, type StorageState } from '../../lib/storage-health.ts';

/** A database that does not answer SELECT 1 within this is reported down, not waited for. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * The truth about the app's dependencies (docs/bad-days.md): `degraded` (503) while the database
 * does not answer, or while it or the media store cannot write for lack of space (`storage`
 * names which). A full disk is seen from the last write errors and, for the embedded database
 * and local media, from the room left on their disks, so the answer turns `ok` again as soon
 * as space returns, without waiting for a write.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; mediaDir?: string | undefined; storage?: StorageState }> = async (app, { database, mediaDir, storage = storageState }) => {
  app.route({
    ...route(endpoints.health.check),
    handler: async (_request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      reply.header('Cache-Control', 'no-store');
      let reachable = true;
      try {
        await Promise.race([
          database.db.execute(sql`SELECT 1`),
          new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS); }),
        ]);
      } catch {
        reachable = false;
      } finally {
        clearTimeout(timer);
      }
      await storage.refresh({ database: database.dataDir, media: mediaDir });
      const state = { database: storage.isFull('database') ? 'full' as const : 'ok' as const, media: storage.isFull('media') ? 'full' as const : 'ok' as const };
      const full = state.database === 'full' || state.media === 'full';
      // The replica is not the app's health: its reads go to the primary while it is away.
      const replica = database.replica ? { replica: database.replica.status() } : {};
      if (reachable && !full) return { status: 'ok' as const, database: database.kind, ...replica };
      // `storage` only when it is the cause: the healthy answer keeps its documented shape.
      return reply.code(503).send({ status: 'degraded' as const, database: database.kind, ...(full ? { storage: state } : {}), ...replica });
    },
  });
};
