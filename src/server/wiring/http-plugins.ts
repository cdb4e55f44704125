import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { createCatalogRepository } from '../features/catalog/catalog.repository.ts';
import { createStoriesRepository } from '../features/stories/stories.repository.ts';
import publicCachePlugin, { type PublicCacheStore } from '../plugins/public-cache.ts';
import { redisWithMemoryFallback } from '../plugins/rate-limit-store.ts';

/** Rate-limit counters in Redis when several instances share the limits; in memory otherwise. */
export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  const redis = config.redisUrl ? new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
  if (redis) {
    // Reconnects by itself; an unreachable Redis is logged, not an unhandled error event.
    redis.on('error', (err: Error) => app.log.warn({ err: err.message }, 'redis: connection failed'));
    app.addHook('onClose', async () => { await redis.quit().catch(() => undefined); });
  }
  // Redis not answering: the counters are kept in this instance's memory meanwhile (ADR 0027).
  await app.register(fastifyRateLimit, { global: false, ...(redis ? { store: await redisWithMemoryFallback(redis, 'domace-rl:') } : {}) });
}

/** The OpenAPI document at /api/openapi.json, browsable at /api/docs, generated from the registered routes. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Domaće API', description: 'Local food marketplace: households sell home-made food to people nearby.', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/**
 * The public cache's listener (invalidation by topic) and its time limits: stories expire and
 * promotions end without a write, so the cache asks the repositories when the next one is due.
 */
export async function registerPublicCache(app: FastifyInstance, config: Config, database: Database, store: PublicCacheStore): Promise<void> {
  if (config.publicCacheMaxBytes <= 0) return;
  const stories = createStoriesRepository(database.db);
  const catalog = createCatalogRepository(database.db, database.pool);
  await app.register(publicCachePlugin, { pool: database.pool, listenUrl: database.directUrl, replica: database.replica, store, timeLimits: { households: (now) => stories.nextExpiry(now), products: (now) => catalog.nextPromotionEnd(now) } });
}
