import path from 'node:path';
import pino from 'pino';
import { ConfigError, parseEnv, type Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import { DataDirInUseError, killEmbeddedPostgres, runningEmbeddedUrl, stopLeftoverPostmaster } from './db/embedded-postgres.ts';
import { openDatabase } from './db/open.ts';
import { stdoutDestination } from './lib/log-destination.ts';
import { storageState } from './lib/storage-health.ts';

/**
 * The rest of the server, loaded while PostgreSQL starts (it is another process): compiling
 * these modules and starting the database take about as long as each other.
 */
const loadServer = () => Promise.all([
  import('./app.ts'), import('./lib/backup.ts'), import('./db/seed/seed.ts'), import('./db/watchdog.ts'),
  import('./lib/mailer.ts'), import('./config/secrets.ts'), import('./lib/tokens.ts'),
]).then(([{ buildApp }, { scheduleDailyBackup }, { publicDemoAccountsWarning, seedIfEmpty }, { watchDatabase }, { createMailer }, { jwtSecret }, { createTokens }]) => ({
  buildApp, scheduleDailyBackup, publicDemoAccountsWarning, seedIfEmpty, watchDatabase, createMailer, jwtSecret, createTokens,
}));

/** SIGTERM to exit, whatever is queued (README, "When something fails"): the force timer's limit. */
const STOP_DEADLINE_MS = 9_000;

/** Set once a stop began: errors of half-built parts after that are expected, not fatal. */
let closing = false;

/** Resolves with the promise's value, or undefined once `ms` have passed. */
function within<T>(promise: Promise<T> | undefined, ms: number): Promise<T | undefined> {
  if (!promise) return Promise.resolve(undefined);
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<undefined>((resolve) => { timer = setTimeout(() => resolve(undefined), ms); }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Configure, open and migrate the database, seed, listen; stop on SIGINT/SIGTERM within
 * STOP_DEADLINE_MS; exit non-zero when the database is lost for good (a supervisor restarts us).
 */
async function main() {
  let config: Config;
  try {
    config = parseEnv(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Not a TTY: a destination whose failures (a full disk) are counted, never fatal (lib/log-destination.ts).
  const log = process.stdout.isTTY
    ? pino({ level: config.logLevel, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } })
    : pino({ level: config.logLevel }, stdoutDestination());
  const started = Date.now();

  // Signals may come at any time, even while PostgreSQL starts or we seed: close whatever has
  // started by then. Handlers go in first, so no signal ever leaves a PostgreSQL behind.
  const running: { app?: Awaited<ReturnType<Awaited<ReturnType<typeof loadServer>>['buildApp']>>; opening?: Promise<Database>; stopWatchdog?: () => void } = {};
  const shutdown = async (reason: string, exitCode: number) => {
    if (closing) return;
    closing = true;
    if (exitCode === 0) log.info({ reason }, 'shutting down');
    else log.fatal({ reason }, 'shutting down: the app cannot serve; exiting for the supervisor to restart it');
    const force = setTimeout(() => {
      log.error('stopping took too long; exiting now');
      killEmbeddedPostgres();
      process.exit(exitCode || 1);
    }, STOP_DEADLINE_MS);
    running.stopWatchdog?.();
    try {
      // Requests in flight finish; the outbox stops after its batch (domain/outbox.ts).
      await within(running.app?.close(), 5_000);
    } catch (err) {
      log.warn({ err }, 'closing the server failed');
    }
    try {
      if (running.opening) {
        // Still opening (e.g. an old PostgreSQL being stopped first): wait a little, then force.
        const database = await within(running.opening.catch(() => undefined), 5_000);
        if (database) await within(database.close(), 7_000);
        // Not open in time (a slow stop of a killed app's PostgreSQL, on a busy machine): stop
        // whatever postmaster holds the data directory now, so none is left behind.
        else if (!config.databaseUrl) await within(stopLeftoverPostmaster({ dataDir: path.join(config.dataDir, 'pg'), log: (level, msg) => log[level](msg) }), 3_000);
      } else if (!config.databaseUrl) {
        // Stopped before we started PostgreSQL: a killed app's one may still run; it goes too.
        await within(stopLeftoverPostmaster({ dataDir: path.join(config.dataDir, 'pg'), log: (level, msg) => log[level](msg) }), 7_000);
      }
    } catch (err) {
      log.warn({ err }, 'closing the database failed');
    }
    killEmbeddedPostgres(); // anything still running (nothing, normally)
    clearTimeout(force);
    process.exit(exitCode);
  };
  process.once('SIGINT', () => void shutdown('SIGINT', 0));
  process.once('SIGTERM', () => void shutdown('SIGTERM', 0));
  const lost = (err: Error) => { void shutdown(err.message, 1); };
  // A signal that came while this module was still loading (scripts/start.mjs kept it).
  const early = (globalThis as { domaceStopRequested?: string }).domaceStopRequested;
  if (early) void shutdown(early, 0);
  if (closing) return;
  log.info('starting: opening the database while the server loads');

  let database: Database;
  const loading = loadServer();
  loading.catch(() => undefined); // awaited below; a failure then is fatal like any other
  try {
    running.opening = openDatabase(config, (level, msg) => log[level](msg), lost);
    database = await running.opening;
  } catch (err) {
    if (closing) return;
    if (err instanceof DataDirInUseError) {
      log.fatal(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (closing) return;
  const { buildApp, scheduleDailyBackup, publicDemoAccountsWarning, seedIfEmpty, watchDatabase, createMailer, jwtSecret, createTokens } = await loading;
  log.info(`database open and server loaded in ${Date.now() - started} ms`);
  if (closing) return;

  // The database going away is noticed within seconds; gone for DB_DOWN_EXIT_SECONDS = exit 1.
  if (database.url) {
    running.stopWatchdog = watchDatabase({
      url: database.url,
      giveUpAfterMs: config.dbDownExitMs,
      onDown: (err) => log.error({ err: err.message }, 'the database is unreachable'),
      onUp: (ms) => log.warn(`the database is reachable again after ${ms} ms`),
      onGiveUp: lost,
      // Nor while the read replica serves the public reads (a failover under way, ADR 0046):
      // a restart would only lose them.
      keepWaiting: () => storageState.isFull('database') || database.replica?.status().state === 'up',
    }).stop;
  }

  const seedAndWarn = async () => {
    if (config.seedDemo) {
      const seeded = await seedIfEmpty(database.db, { mediaDir: config.mediaDir, log: (msg: string) => log.info(msg) });
      if (seeded) log.info('seeded the Serbian sample data (demo accounts are listed in the README)');
    }
    if (closing) return;
    const demoWarning = await publicDemoAccountsWarning(database.db, config.publicUrl);
    if (demoWarning) log.warn(`\n${demoWarning}`);
  };
  // Started without a primary (its migrations wait for one): seeding waits too; the server starts.
  if (database.migrations?.pending()) {
    void database.migrations.done.then(seedAndWarn).catch((err: unknown) => log.warn({ err }, 'seeding after the migrations failed'));
  } else await seedAndWarn();

  const tokens = createTokens(jwtSecret(config.jwtSecret, config.dataDir));
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log });
  const app = await buildApp(config, { database, tokens, mailer, startWorkers: config.workers });
  running.app = app;
  if (closing) { await app.close(); return; }
  await app.listen({ port: config.port, host: config.host });
  log.info(`Domaće is ready at ${config.publicUrl} (database: ${database.kind}) in ${Date.now() - started} ms`);
  // The embedded database is backed up daily into DATA_DIR/backups (an external one is the DBA's).
  const embeddedUrl = database.kind === 'embedded' && config.backupDaily ? runningEmbeddedUrl(path.join(config.dataDir, 'pg')) : null;
  if (embeddedUrl) {
    // Its timers are unref'd: they never hold the process open at shutdown.
    scheduleDailyBackup({ url: embeddedUrl, dir: path.join(config.dataDir, 'backups'), keep: config.backupKeep, log });
  }
}

main().catch((err: unknown) => {
  if (closing) return; // the shutdown in progress exits
  console.error(err instanceof Error ? err.stack ?? err.message : err);
  killEmbeddedPostgres();
  process.exit(1);
});
