import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, parseEnv, type Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import { DataDirInUseError } from './db/embedded-postgres.ts';
import { openDatabase } from './db/open.ts';
import { seedIfEmpty } from './db/seed/seed.ts';
import { createMailer } from './lib/mailer.ts';
import { jwtSecret } from './lib/secrets.ts';
import { createTokens } from './lib/tokens.ts';

/** Configure, open and migrate the database, seed, listen; stop cleanly on SIGINT/SIGTERM. */
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
  const log = pino({ level: config.logLevel, ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } } : {}) });
  const started = Date.now();

  let database: Database;
  try {
    database = await openDatabase(config, (level, msg) => log[level](msg));
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      log.fatal(err.message);
      process.exit(1);
    }
    throw err;
  }

  // Signals may come while we still seed or build: close whatever has started by then.
  const running: { app?: Awaited<ReturnType<typeof buildApp>> } = {};
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 25_000);
    try {
      await running.app?.close();
    } finally {
      await database.close();
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.seedDemo) {
    const seeded = await seedIfEmpty(database.db, { mediaDir: config.mediaDir, log: (msg: string) => log.info(msg) });
    if (seeded) log.info('seeded the Serbian sample data (demo accounts are listed in the README)');
  }

  const tokens = createTokens(jwtSecret(config.jwtSecret, config.dataDir));
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log });
  const app = await buildApp(config, { database, tokens, mailer, startWorkers: true });
  running.app = app;
  await app.listen({ port: config.port, host: config.host });
  log.info(`Domaće is ready at ${config.publicUrl} (database: ${database.kind}) in ${Date.now() - started} ms`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack ?? err.message : err);
  process.exit(1);
});
