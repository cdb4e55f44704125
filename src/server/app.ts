import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import path from 'node:path';
import { LIMITS } from '#shared/constants.ts';
import type { Config } from './config/env.ts';
import { createDb, createPool, type Database } from './db/client.ts';
import { scheduleCleanUp } from './db/maintenance.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Tokens } from './lib/tokens.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin from './plugins/errors.ts';
import compressionPlugin from './plugins/compression.ts';
import securityPlugin from './plugins/security.ts';
import publicCachePlugin, { createPublicCacheStore } from './plugins/public-cache.ts';
import metricsPlugin from './plugins/metrics.ts';
import { redisWithMemoryFallback } from './plugins/rate-limit-store.ts';
import { PUBLIC_CACHE_ROUTES } from './plugins/public-cache-routes.ts';
import http from 'node:http';
import webPlugin from './plugins/web.ts';
import writeLimitsPlugin from './plugins/write-limits.ts';
import { createPageHead } from './plugins/page-head.ts';
import type { FeatureDeps } from './lib/feature.ts';
import { createMailOutbox, type MailOutbox } from './domain/outbox.ts';
import { ROOT } from './config/root.ts';
import { stdoutDestination } from './lib/log-destination.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createSessionsCheck } from './features/auth/sessions.repository.ts';
import { buyersRoutes } from './features/buyers/buyers.routes.ts';
import { catalogRoutes } from './features/catalog/catalog.routes.ts';
import { followsRoutes } from './features/follows/follows.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { householdsRoutes } from './features/households/households.routes.ts';
import { labelsRoutes } from './features/labels/labels.routes.ts';
import { mediaRoutes } from './features/media/media.routes.ts';
import { mediaFilesRoutes } from './features/media/media-files.routes.ts';
import { ordersRoutes } from './features/orders/orders.routes.ts';
import { producerRoutes } from './features/producer/producer.routes.ts';
import { reviewsRoutes } from './features/reviews/reviews.routes.ts';
import { savedRoutes } from './features/saved/saved.routes.ts';
import { storiesRoutes } from './features/stories/stories.routes.ts';
import { messagesRoutes } from './features/messages/messages.routes.ts';
import { createMessagesRepository } from './features/messages/messages.repository.ts';
import { createMessagesService } from './features/messages/messages.service.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { createNotificationsRepository } from './features/notifications/notifications.repository.ts';
import { createPushSender, type PushSender } from './features/notifications/push.ts';
import { vapidKeys } from './lib/vapid.ts';
import { createStoriesRepository } from './features/stories/stories.repository.ts';
import { createCatalogRepository } from './features/catalog/catalog.repository.ts';
import { standingRoutes } from './features/standing/standing.routes.ts';
import { createStandingWithCheckout, scheduleCycles } from './standing-cycles.ts';
import type { StandingService } from './features/standing/standing.service.ts';

export interface AppDeps {
  database: Database;
  tokens: Tokens;
  mailer: Mailer;
  /** Injected so rules with time (codes, stories, lockouts) are testable. */
  clock?: () => Date;
  /** Defaults to an outbox over `mailer`; its background sender runs only when `startWorkers`. */
  outbox?: MailOutbox;
  startWorkers?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: MailOutbox;
    /** Web Push of pending notifications (features/notifications/push.ts). */
    push: PushSender;
    /** Standing orders, with `runCycles` (standing-cycles.ts). */
    standing: StandingService;
  }
}

/** The composition root: every plugin and feature of the API, in one place (docs/architecture.md). */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? (() => new Date());
  // Feed, product and household answers: the hottest public reads, bounded
  // by bytes; the list of routes and what invalidates them is in plugins/public-cache-routes.ts.
  const publicCache = createPublicCacheStore({
    routes: PUBLIC_CACHE_ROUTES,
    maxBytes: Math.max(1, config.publicCacheMaxBytes),
    tokens: deps.tokens,
    clock,
  });
  const app = Fastify({
    serverFactory: (handler) => http.createServer((req, res) => {
      const served = publicCache.tryServe(req, res);
      if (served === false) handler(req, res);
      else served.then((ok) => { if (!ok) handler(req, res); }, () => handler(req, res));
    }),
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.newPassword', '*.code', '*.refreshToken'], censor: '[redacted]' },
      ...(config.nodeEnv === 'development' && process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } } : { stream: stdoutDestination() }),
    },
    // A line per request only when debugging: at load, logging costs more than the answer.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A plugin loading a large module on a busy machine may need more than avvio's 10 s.
    pluginTimeout: 60_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Which instance answered, behind a load balancer (npm run cluster, test/cluster.test.ts).
  const { instanceName } = config;
  if (instanceName) app.addHook('onSend', async (_request, reply) => { reply.header('x-instance', instanceName); });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { mediaPublicUrl: config.s3?.publicUrl });
  await app.register(compressionPlugin);
  // Counters in Redis when several instances share the limits; in memory otherwise.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
  if (redis) {
    // Reconnects by itself; an unreachable Redis is logged, not an unhandled error event.
    redis.on('error', (err: Error) => app.log.warn({ err: err.message }, 'redis: connection failed'));
    app.addHook('onClose', async () => { await redis.quit().catch(() => undefined); });
  }
  // Redis not answering: the counters are kept in this instance's memory meanwhile (ADR 0027).
  await app.register(fastifyRateLimit, { global: false, ...(redis ? { store: await redisWithMemoryFallback(redis, 'domace-rl:') } : {}) });
  await app.register(fastifyMultipart, { limits: { fileSize: LIMITS.videoMaxBytes, files: 1, fields: 10 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Domaće API', description: 'Local food marketplace: households sell home-made food to people nearby.', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  if (config.publicCacheMaxBytes > 0) {
    const stories = createStoriesRepository(deps.database.db);
    const catalog = createCatalogRepository(deps.database.db, deps.database.pool);
    await app.register(publicCachePlugin, { pool: deps.database.pool, store: publicCache, timeLimits: { households: (now) => stories.nextExpiry(now), products: (now) => catalog.nextPromotionEnd(now) } });
  }
  await app.register(metricsPlugin, { pool: deps.database.pool, cache: publicCache, token: config.metricsToken, trustProxy: config.trustProxy });
  // Sessions seen active are remembered (until a revocation is heard) so that signed-in
  // callers of a public read are served from the cache too.
  await app.register(authPlugin, { tokens: deps.tokens, isSessionActive: publicCache.rememberSessions(createSessionsCheck(deps.database.db)) });
  // Every write route registered from here on gets per-user and per-IP limits.
  await app.register(writeLimitsPlugin, { ...config.writeLimits, tokens: deps.tokens });

  // The background sender claims and marks its batches on a connection of its own: on the
  // app's pool those two statements queued behind every checkout waiting for a connection,
  // and under a checkout peak the outbox fell minutes behind (bench/lib/mail-scenario.ts).
  const outboxPool = deps.startWorkers && !deps.outbox && deps.database.url ? createPool(deps.database.url, 1) : undefined;
  const outbox = deps.outbox ?? createMailOutbox({ db: outboxPool ? createDb(outboxPool) : deps.database.db, mailer: deps.mailer, clock, log: app.log });
  // Message summaries whose 10 minutes have passed are mail that is due: a drain
  // sends them too, and with workers they are looked for every minute.
  const messageMails = createMessagesService({ db: deps.database.db, repo: createMessagesRepository(), clock, outbox, publicUrl: config.publicUrl });
  app.decorate('outbox', { ...outbox, drain: async () => { await messageMails.sendDueMails(); return outbox.drain(); } });
  if (deps.startWorkers) {
    const timer = setInterval(() => { messageMails.sendDueMails().catch((err: unknown) => app.log.warn({ err }, 'message mails failed')); }, 60_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  if (deps.startWorkers) {
    outbox.start();
    outbox.kick(); // mail queued before a crash or restart goes out now
    const stopCleanUp = scheduleCleanUp(deps.database.db, clock, (err) => app.log.warn({ err }, 'clean-up failed'));
    app.addHook('onClose', async () => stopCleanUp());
  }
  app.addHook('onClose', async () => {
    await outbox.stop();
    // The pooled SMTP connections say QUIT (the outbox was their only user).
    await deps.mailer.close?.();
    await outboxPool?.end();
  });

  // Web Push of new notifications: after every successful write request (whatever
  // feature's commit or trigger created them) and, with workers, every 10 s.
  const vapid = vapidKeys(config.vapidKeys, config.dataDir);
  const push = createPushSender({ db: deps.database.db, repo: createNotificationsRepository(), keys: vapid, subject: config.vapidSubject, log: app.log, allowLocal: config.pushAllowLocal });
  app.decorate('push', push);
  if (deps.startWorkers) push.start();
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && request.url.startsWith('/api/')) push.kick();
  });
  app.addHook('onClose', () => push.stop());

  const featureDeps: FeatureDeps = { db: deps.database.db, pool: deps.database.pool, config, tokens: deps.tokens, mailer: deps.mailer, outbox, clock };
  // Standing orders' cycles: every minute with workers (a restart catches up), on demand by the CLI.
  const standing = createStandingWithCheckout({ db: deps.database.db, pool: deps.database.pool, clock, outbox, publicUrl: config.publicUrl, log: app.log });
  app.decorate('standing', standing);
  if (deps.startWorkers) {
    const stopCycles = scheduleCycles(standing, app.log);
    app.addHook('onClose', async () => stopCycles());
  }
  await app.register(async (api) => {
    await api.register(healthRoutes, { database: deps.database, mediaDir: config.s3 ? undefined : config.mediaDir });
    await api.register(authRoutes, featureDeps);
    await api.register(catalogRoutes, featureDeps);
    await api.register(householdsRoutes, featureDeps);
    await api.register(followsRoutes, featureDeps);
    await api.register(reviewsRoutes, featureDeps);
    await api.register(buyersRoutes, featureDeps);
    await api.register(storiesRoutes, featureDeps);
    await api.register(mediaRoutes, featureDeps);
    await api.register(ordersRoutes, featureDeps);
    await api.register(producerRoutes, featureDeps);
    await api.register(labelsRoutes, featureDeps);
    await api.register(adminRoutes, featureDeps);
    await api.register(savedRoutes, featureDeps);
    await api.register(messagesRoutes, featureDeps);
    await api.register(notificationsRoutes, { ...featureDeps, vapidPublicKey: vapid.publicKey });
    await api.register(standingRoutes, { ...featureDeps, service: standing });
  }, { prefix: '/api' });

  // Media kept in S3 are streamed at /media/<name> unless S3_PUBLIC_URL serves them.
  await app.register(mediaFilesRoutes, { config });
  await app.register(webPlugin, { webDir: path.join(ROOT, 'dist/web'), ssrDir: path.join(ROOT, 'dist/ssr'), mediaDir: config.mediaDir, headFor: createPageHead({ db: deps.database.db, publicUrl: config.publicUrl }) });
  return app;
}
