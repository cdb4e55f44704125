#!/usr/bin/env node
// The server the browser journeys run against: a fresh DATA_DIR with the sample data, on
// the embedded PostgreSQL, or on a new database of TEST_DATABASE_URL's server when set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-e2e-'));
fs.chmodSync(dataDir, 0o755);
process.env.DATA_DIR = dataDir;
process.env.SEED_DEMO = 'true';
process.env.SKIP_WEB_BUILD = 'true';
process.env.LOG_LEVEL ??= 'warn';
if (process.env.TEST_DATABASE_URL) {
  const name = `domace_e2e_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  // Leftovers of earlier runs on a shared server.
  const old = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE 'domace_e2e_%'");
  for (const { datname } of old.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
}
// Journeys read mailed codes from DATA_DIR/outbox/*.eml: tell them where it is (e2e/auth.spec.ts).
const dataDirNote = path.join(os.tmpdir(), `domace-e2e-${process.env.PORT ?? '3100'}.datadir`);
fs.writeFileSync(dataDirNote, dataDir);
const cleanup = () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(dataDirNote, { force: true });
};
process.on('exit', cleanup);
await import('./start.mjs');
