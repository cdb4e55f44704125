import fastifyMultipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import http from 'node:http';
import path from 'node:path';
import { LIMITS } from '#shared/constants.ts';
import type { Config } from './config/env.ts';
import { ROOT } from './config/root.ts';
import type { Database } from './db/client.ts';
import type { SmsSender } from './lib/sms-sender.ts';
import type { MailOutbox } from './domain/outbox.ts';
import type { FeatureDeps } from './lib/feature.ts';
import { stdoutDestination } from './lib/log-destination.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Tokens } from './lib/tokens.ts';
import authPlugin from './plugins/auth.ts';
import compressionPlugin from './plugins/compression.ts';
import errorsPlugin from './plugins/errors.ts';
import metricsPlugin from './plugins/metrics.ts';
import { createPageHead } from './plugins/page-head.ts';
import { createPublicCacheStore } from './plugins/public-cache.ts';
import { PUBLIC_CACHE_ROUTES } from './plugins/public-cache-routes.ts';
import securityPlugin from './plugins/security.ts';
import webPlugin from './plugins/web.ts';
import writeLimitsPlugin from './plugins/write-limits.ts';
import { wireBackgroundWork } from './wiring/background-work.ts';
import { registerApiDocs, registerPublicCache, registerRateLimits } from './wiring/http-plugins.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createSessionsCheck } from './features/auth/sessions.repository.ts';
import { buyersRoutes } from './features/buyers/buyers.routes.ts';
import { dropsRoutes } from './features/drops/drops.routes.ts';
import { catalogRoutes } from './features/catalog/catalog.routes.ts';
import { followsRoutes } from './features/follows/follows.routes.ts';
import { smsRoutes } from './features/sms/sms.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { householdsRoutes } from './features/households/households.routes.ts';
import { labelsRoutes } from './features/labels/labels.routes.ts';
import { mediaRoutes } from './features/media/media.routes.ts';
import { mediaFilesRoutes } from './features/media/media-files.routes.ts';
import { messagesRoutes } from './features/messages/messages.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { ordersRoutes } from './features/orders/orders.routes.ts';
import { producerRoutes } from './features/producer/producer.routes.ts';
import { reviewsRoutes } from './features/reviews/reviews.routes.ts';
import { savedRoutes } from './features/saved/saved.routes.ts';
import { waitlistRoutes } from './features/waitlist/waitlist.routes.ts';
import { paymentsRoutes } from './features/payments/payments.routes.ts';
import { createVitalsHistograms } from './lib/vitals-histograms.ts';
import { vitalsRoutes } from './features/vitals/vitals.routes.ts';
import { standingRoutes } from './features/standing/standing.routes.ts';
import { storiesRoutes } from './features/stories/stories.routes.ts';

export interface AppDeps {
  database: Database;
  tokens: Tokens;
  mailer: Mailer;
  /** Injected so rules with time (codes, stories, lockouts) are testable. */
  clock?: () => Date;
  /** Defaults to an outbox over `mailer`; its background sender runs only when `startWorkers`. */
  outbox?: MailOutbox;
  /** SMS go through it instead of SMS_URL's link (tests). */
  smsSender?: SmsSender;
  startWorkers?: boolean;
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
  await registerRateLimits(app, config);
  await app.register(fastifyMultipart, { limits: { fileSize: LIMITS.videoMaxBytes, files: 1, fields: 10 } });
  await registerApiDocs(app);
  await registerPublicCache(app, config, deps.database, publicCache);
  const vitals = createVitalsHistograms();
  await app.register(metricsPlugin, { pool: deps.database.pool, cache: publicCache, vitals, token: config.metricsToken, trustProxy: config.trustProxy });
  // Sessions seen active are remembered (until a revocation is heard) so that signed-in
  // callers of a public read are served from the cache too.
  await app.register(authPlugin, { tokens: deps.tokens, isSessionActive: publicCache.rememberSessions(createSessionsCheck(deps.database.db)) });
  // Every write route registered from here on gets per-user and per-IP limits.
  await app.register(writeLimitsPlugin, { ...config.writeLimits, tokens: deps.tokens });

  // Mail, message summaries, clean-up, push and standing orders' cycles (wiring/background-work.ts).
  const { outbox, vapid, standing, payments } = wireBackgroundWork(app, config, { database: deps.database, mailer: deps.mailer, clock, outbox: deps.outbox, smsSender: deps.smsSender, startWorkers: deps.startWorkers });
  const featureDeps: FeatureDeps = { db: deps.database.db, pool: deps.database.pool, config, tokens: deps.tokens, mailer: deps.mailer, outbox, clock };
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
    await api.register(waitlistRoutes, featureDeps);
    await api.register(messagesRoutes, featureDeps);
    await api.register(notificationsRoutes, { ...featureDeps, vapidPublicKey: vapid.publicKey });
    await api.register(standingRoutes, { ...featureDeps, service: standing });
    await api.register(paymentsRoutes, { ...featureDeps, service: payments });
    await api.register(dropsRoutes, featureDeps);
    await api.register(smsRoutes, { ...featureDeps, service: app.sms.service });
    await api.register(vitalsRoutes, { histograms: vitals });
  }, { prefix: '/api' });

  // Media kept in S3 are streamed at /media/<name> unless S3_PUBLIC_URL serves them.
  await app.register(mediaFilesRoutes, { config });
  await app.register(webPlugin, { webDir: path.join(ROOT, 'dist/web'), ssrDir: path.join(ROOT, 'dist/ssr'), mediaDir: config.mediaDir, headFor: createPageHead({ db: deps.database.db, publicUrl: config.publicUrl }) });
  return app;
}
