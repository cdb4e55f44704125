import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPool, runMigrations } from '../src/server/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/**
 * One PostgreSQL per test run: TEST_DATABASE_URL when set (CI proves the external path),
 * otherwise the embedded server in a temporary directory. A template database is migrated
 * once; each test file clones it (test/db.ts), so files never see each other's rows.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let tmpDir: string | undefined;
  let adminUrl: string;
  if (process.env.TEST_DATABASE_URL) {
    adminUrl = process.env.TEST_DATABASE_URL;
  } else {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-test-'));
    fs.chmodSync(tmpDir, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir: path.join(tmpDir, 'pg'), log: () => undefined });
    adminUrl = embedded.url('postgres');
  }
  const template = `domace_tmpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  const pool = createPool(templateUrl.toString(), 2);
  await runMigrations(pool);
  await pool.end();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);

  return async () => {
    // Drop the databases this run made (clones are named after the template).
    const left = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${template}%`]);
    for (const { datname } of left.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  };
}
