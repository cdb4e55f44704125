import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { parseEnv } from '../config/env.ts';
import { createTokens } from '../lib/tokens.ts';
import { classifyDbError } from '../lib/storage-health.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import { createDb } from './client.ts';
import { migrateWhenReachable } from './open.ts';
import { guardPrimary, PrimaryUnavailableError, type PrimaryGuard } from './primary.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A probe the test answers: `ok` true = the primary answers, else a connection that times out. */
function switchableProbe() {
  const probe = { ok: true, calls: 0, run: async () => {
    probe.calls += 1;
    if (!probe.ok) throw new Error('timeout expired');
  } };
  return probe;
}

async function until(check: () => boolean, ms = 5_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error('not in time');
    await sleep(10);
  }
}

describe('the primary guard (an instance that outlives its primary)', () => {
  let database: TestDatabase;
  beforeAll(async () => { database = await createTestDatabase(); });
  afterAll(async () => { await database.close(); });

  it('fails queries at once while the primary is down, and lets them through again once a probe reaches it', async () => {
    const probe = switchableProbe();
    const guard = guardPrimary(database.pool, { url: 'unused', intervalMs: 20, probe: probe.run });
    try {
      await until(() => probe.calls >= 1);
      expect((await guard.pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);

      probe.ok = false;
      await until(() => !guard.state().up);
      // Two failed probes in a row, not one: a single slow answer is not a dead primary.
      expect(probe.calls).toBeGreaterThanOrEqual(3);
      expect(guard.state()).toMatchObject({ up: false, reason: 'timeout expired', downSince: expect.any(Number) });

      const started = Date.now();
      const err = await guard.pool.query('SELECT 1').catch((e: unknown) => e);
      const viaDrizzle = await createDb(guard.pool).execute('SELECT 1').catch((e: unknown) => e);
      const viaConnect = await guard.pool.connect().catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(100);
      for (const e of [err, viaDrizzle, viaConnect]) expect(classifyDbError(e)).toBe('unavailable');
      expect(err).toBeInstanceOf(PrimaryUnavailableError);

      probe.ok = true;
      await until(() => guard.state().up);
      expect((await guard.pool.query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
    } finally {
      guard.stop();
    }
  });

  it('takes a refused connection as down at the first probe', async () => {
    const guard = guardPrimary(database.pool, { url: 'postgres://postgres@127.0.0.1:1/none', intervalMs: 10_000, probeTimeoutMs: 500 });
    try {
      await until(() => !guard.state().up);
      expect(guard.state().reason).toMatch(/ECONNREFUSED/);
    } finally {
      guard.stop();
    }
  });
});

describe('migrations without a primary', () => {
  const quiet = () => undefined;

  it('start the instance anyway and run in the background once the primary answers', async () => {
    let tries = 0;
    const run = async () => {
      tries += 1;
      if (tries < 3) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    };
    const migrations = await migrateWhenReachable(run, quiet, 10);
    expect(migrations.pending()).toBe(true);
    await migrations.done;
    expect(migrations.pending()).toBe(false);
    expect(tries).toBe(3);
  });

  it('still stop the start for any other failure (a broken migration)', async () => {
    await expect(migrateWhenReachable(async () => { throw Object.assign(new Error('syntax error at or near "TABL"'), { code: '42601' }); }, quiet))
      .rejects.toThrow(/syntax error/);
  });
});

describe('the API while the primary is down', () => {
  let database: TestDatabase;
  let guard: PrimaryGuard;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const probe = switchableProbe();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-primary-'));
  let pending = true;

  beforeAll(async () => {
    database = await createTestDatabase();
    guard = guardPrimary(database.pool, { url: 'unused', intervalMs: 20, probe: probe.run });
    const config = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false' });
    app = await buildApp(config, {
      database: {
        ...database, pool: guard.pool, db: createDb(guard.pool), primary: { state: guard.state },
        migrations: { pending: () => pending, done: Promise.resolve() },
      },
      tokens: createTokens('test-secret-that-is-long-enough-for-hs256'),
      mailer: { send: async () => undefined },
    });
    await app.ready();
  });
  afterAll(async () => {
    guard.stop();
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a write 503 db_unavailable with Retry-After, in JSON, well under a second', async () => {
    probe.ok = false;
    await until(() => !guard.state().up);
    const started = Date.now();
    const res = await app.inject({
      method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' },
      payload: { email: 'marija@primer.rs', password: 'Lozinka-1234' },
    });
    const took = Date.now() - started;
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'db_unavailable' });
    expect(took).toBeLessThan(500);
  });

  it('says degraded in /api/health, with the reason: the primary, and the migrations that wait for it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    const body = res.json() as { status: string; reason: string };
    expect(body.status).toBe('degraded');
    expect(body.reason).toMatch(/primary database is unreachable.*writes answer 503/);
    expect(body.reason).toMatch(/migrations wait/);
  });

  it('is ok again once the primary answers and the migrations ran', async () => {
    probe.ok = true;
    pending = false;
    await until(() => guard.state().up);
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: database.kind });
  });
});
