import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { endpoints } from '#shared/api/endpoints.ts';
import type { Database } from '../../db/client.ts';
import { route } from '../../lib/route.ts';
import { storageState, type StorageState } from '../../lib/storage-health.ts';

/** A database that does not answer SELECT 1 within this is reported down, not waited for. */
const PROBE_TIMEOUT_MS = 2_000;

/** The operator's words for a `degraded` answer. */
function reasonOf({ reachable, full, migrating, database }: { reachable: boolean; full: boolean; migrating: boolean; database: Database }): string {
  const reasons: string[] = [];
  if (full) reasons.push('out of storage space');
  if (!reachable) {
    const primary = database.primary?.state();
    const reads = database.replica?.status().state === 'up' ? 'public reads from the replica' : 'public reads from the cache only';
    reasons.push(primary && !primary.up
      ? `the primary database is unreachable since ${new Date(primary.downSince!).toISOString()} (${primary.reason ?? 'no answer'}): writes answer 503, ${reads}`
      : 'the database does not answer');
  }
  if (migrating) reasons.push('the migrations wait for the primary database');
  return reasons.join('; ');
}

/**
 * The truth about the app's dependencies (docs/bad-days.md): `degraded` (503) with a `reason` while
 * the database (its primary) does not answer, while the migrations wait for a primary, or while it or the media store cannot write for lack of space (`storage`
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
      const migrating = database.migrations?.pending() === true;
      if (reachable && !full && !migrating) return { status: 'ok' as const, database: database.kind, ...replica };
      // `storage` only when it is the cause: the healthy answer keeps its documented shape.
      return reply.code(503).send({ status: 'degraded' as const, database: database.kind, reason: reasonOf({ reachable, full, migrating, database }), ...(full ? { storage: state } : {}), ...replica });
    },
  });
};
