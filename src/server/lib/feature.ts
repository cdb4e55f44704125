import type pg from 'pg';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from './mailer.ts';
import type { MailOutbox } from '../domain/outbox.ts';
import type { Tokens } from './tokens.ts';

/** What app.ts hands every feature's routes plugin; services take the parts they use. */
export interface FeatureDeps {
  db: Db;
  /** The pg pool under `db`, for the few statements written in plain SQL (the checkout). */
  pool: pg.Pool;
  config: Config;
  tokens: Tokens;
  mailer: Mailer;
  outbox: MailOutbox;
  clock: () => Date;
}
