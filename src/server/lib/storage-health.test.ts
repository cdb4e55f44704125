import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser } from '../../../test/users.ts';
import { classifyDbError, createStorageState, isNoSpaceError } from './storage-health.ts';

describe('classifyDbError', () => {
  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'ERROR' });
  const wrapped = (cause: Error) => Object.assign(new Error('Failed query: insert into "follows" …'), { cause });
  it('tells a full disk and a database going away from other failures, through drizzle\'s wrapping', () => {
    expect(classifyDbError(wrapped(pgError('53100', 'could not extend file "base/16384/2619": No space left on device')))).toBe('storage_full');
    expect(classifyDbError(pgError('53000', 'insufficient resources'))).toBe('storage_full');
    expect(classifyDbError(pgError('XX000', 'could not write to file "pg_wal/xlogtemp.123": No space left on device'))).toBe('storage_full');
    expect(classifyDbError(Object.assign(new Error('write ENOSPC'), { code: 'ENOSPC' }))).toBe('storage_full');
    expect(classifyDbError(wrapped(pgError('57P01', 'terminating connection due to administrator command')))).toBe('unavailable');
    expect(classifyDbError(pgError('57P03', 'the database system is in recovery mode'))).toBe('unavailable');
    expect(classifyDbError(wrapped(pgError('25006', 'cannot execute INSERT in a read-only transaction')))).toBe('unavailable');
    expect(classifyDbError(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(classifyDbError(new Error('timeout exceeded when trying to connect'))).toBe('unavailable');
    expect(classifyDbError(wrapped(pgError('23505', 'duplicate key value violates unique constraint')))).toBeNull();
    expect(classifyDbError(new TypeError('x is undefined'))).toBeNull();
    expect(isNoSpaceError(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toBe(true);
    expect(isNoSpaceError(new Error('EACCES'))).toBe(false);
  });

  it('takes a lost connection soon after a full disk as the same outage (a PANIC and its restart)', () => {
    const state = createStorageState();
    expect(state.answerFor('unavailable', 1_000_000)).toBe('unavailable');
    state.noteFull('database', 1_000_000);
    expect(state.answerFor('unavailable', 1_030_000)).toBe('storage_full');
    expect(state.answerFor('unavailable', 1_000_000 + 10 * 60_000)).toBe('unavailable');
    expect(state.isFull('database')).toBe(true);
    state.noteWriteOk('database');
    expect(state.isFull('database')).toBe(false);
  });
});

/**
 * The database refusing writes for lack of space, injected for real: a trigger makes PostgreSQL
 * raise SQLSTATE 53100 (disk_full) on a write, as a full disk does, through the whole stack.
 */
describe('a database that cannot write', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => {
    await t?.database.db.execute(sql`DROP TRIGGER IF EXISTS disk_full ON follows`).catch(() => undefined);
    await t?.close();
  });

  it('answers writes 503 storage_full with Retry-After, health says degraded naming storage, reads go on, and writes work again at once', async () => {
    const producer = await createUser(t, { userType: 'producer' });
    const buyer = await createUser(t);
    const follow = (method: 'PUT' | 'DELETE') => t.app.inject({ method, url: `/api/households/${producer.id}/follow`, headers: buyer.headers });
    await t.database.db.execute(sql`
      CREATE OR REPLACE FUNCTION raise_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'could not extend file "base/1/2": No space left on device' USING ERRCODE = 'disk_full'; END $$`);
    await t.database.db.execute(sql`CREATE TRIGGER disk_full BEFORE INSERT ON follows FOR EACH ROW EXECUTE FUNCTION raise_disk_full()`);

    const started = Date.now();
    const refused = await follow('PUT');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ error: expect.any(String), code: 'storage_full' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', storage: { database: 'full' } });
    // Reads do not need room.
    expect((await t.app.inject({ url: `/api/households/${producer.id}` })).statusCode).toBe(200);

    // A connection lost right after (PostgreSQL restarting after a PANIC) is the same outage: 503, not 500.
    await t.database.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = ''`);
    const afterReset = await follow('PUT');
    expect([503, 200]).toContain(afterReset.statusCode);
    if (afterReset.statusCode === 503) expect(afterReset.json().code).toBe('storage_full');

    // Space is back: the next write works, and health says so.
    await t.database.db.execute(sql`DROP TRIGGER disk_full ON follows`);
    expect((await follow('PUT')).statusCode).toBe(200);
    const healthy = await t.app.inject({ url: '/api/health' });
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toEqual({ status: 'ok', database: t.database.kind });
  });
});
