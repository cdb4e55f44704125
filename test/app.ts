import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { parseEnv, type Config } from '../src/server/config/env.ts';
import type { Mail, Mailer } from '../src/server/lib/mailer.ts';
import { createTokens, type Tokens } from '../src/server/lib/tokens.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

export interface TestClock { now: () => Date; advance: (ms: number) => void; set: (d: Date) => void }

export function createClock(start = new Date()): TestClock {
  let current = start.getTime();
  return { now: () => new Date(current), advance: (ms) => { current += ms; }, set: (d) => { current = d.getTime(); } };
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Every mail the app sent, newest last. Call `await app.outbox.drain()` first: mail is queued. */
  mails: Mail[];
  clock: TestClock;
  tokens: Tokens;
  close: () => Promise<void>;
}

/** The real app on a fresh database, with a mail catcher and a controllable clock. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-app-'));
  const config = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false', ...env });
  const mails: Mail[] = [];
  const mailer: Mailer = { send: async (mail) => { mails.push(mail); } };
  const clock = createClock();
  const tokens = createTokens('test-secret-that-is-long-enough-for-hs256', clock.now);
  const app = await buildApp(config, { database, tokens, mailer, clock: clock.now });
  await app.ready();
  return {
    app, database, config, mails, clock, tokens,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
