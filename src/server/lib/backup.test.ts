import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import { createDb, createPool, ensureDatabase, runMigrations } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { seedIfEmpty } from '../db/seed/seed.ts';
import { BackupToolMissingError, backupDatabase, findPgTool, listBackups, restoreDatabase, type BackupMethod } from './backup.ts';

let database: TestDatabase;
let dir: string;
/** Why the run cannot test the pg_dump path here (no pg_dump as new as the server), or null. */
let missingTool: string | null = null;

/** Every row of every table of the app, in a stable order, as text; and the order number sequence. */
async function snapshot(pool: pg.Pool) {
  const out: Record<string, string[]> = {};
  const { rows: tables } = await pool.query<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
  for (const { t } of tables) {
    const { rows } = await pool.query<{ r: string }>(`SELECT x::text AS r FROM "${t}" x ORDER BY x::text`);
    out[t] = rows.map((row) => row.r);
  }
  const { rows: [seq] } = await pool.query<{ v: string }>('SELECT last_value::text AS v FROM order_number_seq');
  out['order_number_seq'] = [seq!.v];
  return out;
}

/** Drops everything the app made: the restore must bring back schema and rows. */
async function wipe(pool: pg.Pool) {
  await pool.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public; DROP SCHEMA IF EXISTS drizzle CASCADE');
  await expect(pool.query('SELECT count(*) FROM users')).rejects.toThrow();
}

beforeAll(async () => {
  database = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-backup-'));
  fs.chmodSync(dir, 0o755); // the embedded test below keeps its cluster here (run as user postgres when root)
  const { rows } = await database.pool.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
  try {
    await findPgTool('pg_dump', Math.floor(Number(rows[0]!.v) / 10000));
  } catch (err) {
    if (!(err instanceof BackupToolMissingError)) throw err;
    // CI runs on the machine's PostgreSQL, which has its pg_dump: there the pg_dump path must run.
    if (process.env.CI) throw err;
    missingTool = err.message; // e.g. the embedded test server (PostgreSQL 18) on a machine with pg_dump 15
    console.warn(`pg_dump backup tests skipped: ${missingTool}`);
  }
  await seedIfEmpty(database.db, { mediaDir: path.join(dir, 'media'), log: () => undefined });
}, 120_000);
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.each<BackupMethod>(['pg_dump', 'logical'])('backup and restore (%s)', (method) => {
  const skip = () => method === 'pg_dump' && missingTool !== null;

  it('seed -> backup -> wipe -> restore gives the same rows', async (ctx) => {
    if (skip()) ctx.skip();
    const before = await snapshot(database.pool);
    expect(before.users!.length).toBeGreaterThan(5);
    expect(before.notifications!.length).toBeGreaterThan(0); // written by triggers: a restore must not add more
    const file = await backupDatabase(database.url, path.join(dir, `backups-${method}`), 3, { method });
    if (method === 'pg_dump') {
      expect(file).toMatch(/\.dump$/);
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP'); // pg_dump's custom format
    } else {
      expect(file).toMatch(/\.copy\.gz$/);
    }

    await wipe(database.pool);
    expect(await restoreDatabase(database.url, file)).toBe(method);
    expect(await snapshot(database.pool)).toEqual(before);
    // The app's triggers and indexes come back, and are on.
    const { rows } = await database.pool.query(`SELECT tgname FROM pg_trigger WHERE tgname = 'products_public_change' AND tgenabled = 'O'`);
    expect(rows).toHaveLength(1);
    // The order number sequence goes on after the restored orders.
    const { rows: [n] } = await database.pool.query<{ next: number; max: number }>(`SELECT nextval('order_number_seq') AS next, (SELECT max(number) FROM orders) AS max`);
    expect(Number(n!.next)).toBeGreaterThan(Number(n!.max));

    // A restore over a database that has rows (not wiped) gives the backup's rows too.
    await database.pool.query('DELETE FROM reviews');
    await restoreDatabase(database.url, file);
    const after = await snapshot(database.pool);
    expect({ ...after, order_number_seq: before.order_number_seq }).toEqual(before);
  }, 120_000);

  it('a truncated or damaged backup fails and leaves the database as it was', async (ctx) => {
    if (skip()) ctx.skip();
    const file = await backupDatabase(database.url, path.join(dir, `damaged-${method}`), 3, { method });
    await database.pool.query('DELETE FROM reviews'); // differs from the backup: a half restore would show
    const before = await snapshot(database.pool);
    const whole = fs.readFileSync(file);
    const damaged: Array<[string, Buffer]> = [['truncated', whole.subarray(0, Math.floor(whole.length * 0.6))]];
    if (method === 'logical') {
      const lines = zlib.gunzipSync(whole).toString('utf8').split('\n');
      // A whole gzip stream that stops after a table: only the missing end line tells.
      const lastTable = lines.findLastIndex((l) => l === '\\.');
      damaged.push(['cut after a table', zlib.gzipSync(lines.slice(0, lastTable + 1).join('\n') + '\n')]);
      // A bad value in the last table's rows, after every other table went in.
      const badRow = lines.findLastIndex((l, i) => i < lastTable && l.includes('\t'));
      damaged.push(['bad row', zlib.gzipSync(lines.map((l, i) => (i === badRow ? l.replace(/\t[^\t]*$/, '\tnot-a-value') : l)).join('\n'))]);
      // Bytes flipped inside the compressed stream.
      const flipped = Buffer.from(whole);
      for (let i = Math.floor(flipped.length / 2); i < Math.floor(flipped.length / 2) + 16; i++) flipped[i] = flipped[i]! ^ 0xff;
      damaged.push(['flipped bytes', flipped]);
    }
    damaged.push(['not a backup', Buffer.from('hello\n')]);
    if (method === 'logical') {
      damaged.push(['gzip of something else', zlib.gzipSync('hello\n')]);
      // Written by another app version: one migration fewer than this database has.
      const [header, ...rest] = zlib.gunzipSync(whole).toString('utf8').split('\n');
      const older = JSON.parse(header!) as { migrations: string[] };
      older.migrations.pop();
      damaged.push(['other migration level', zlib.gzipSync([JSON.stringify(older), ...rest].join('\n'))]);
    }
    for (const [what, bytes] of damaged) {
      const bad = path.join(dir, `bad-${method}-${what.replace(/ /g, '-')}`);
      fs.writeFileSync(bad, bytes);
      await expect(restoreDatabase(database.url, bad), what).rejects.toThrow(what === 'other migration level' ? /migration level/ : /./);
      expect(await snapshot(database.pool), what).toEqual(before);
    }
  }, 120_000);

  it('keeps only the newest N backups and refuses a missing file', async (ctx) => {
    if (skip()) ctx.skip();
    const backups = path.join(dir, `rotated-${method}`);
    const ext = method === 'pg_dump' ? 'dump' : 'copy.gz';
    for (let i = 0; i < 4; i++) await backupDatabase(database.url, backups, 2, { now: new Date(Date.UTC(2026, 0, 1 + i)), method });
    expect(listBackups(backups).map((f) => path.basename(f))).toEqual([`domace-20260104T000000Z.${ext}`, `domace-20260103T000000Z.${ext}`]);
    expect(fs.readdirSync(backups).sort()).toEqual([`domace-20260103T000000Z.${ext}`, `domace-20260104T000000Z.${ext}`]);
    await expect(restoreDatabase(database.url, path.join(backups, 'nope.dump'))).rejects.toThrow(/No such backup/);
  }, 120_000);
});

describe('backup and restore on the embedded PostgreSQL 18', () => {
  it('npm run backup\'s default method on the embedded server: seed -> backup -> wipe -> restore gives the same rows', async () => {
    const started = Date.now();
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, 'embedded', 'pg'), log: () => undefined });
    const url = embedded.url('domace');
    let pool: pg.Pool | undefined;
    try {
      await ensureDatabase(url);
      pool = createPool(url, 2);
      const { rows: [v] } = await pool.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
      expect(Math.floor(Number(v!.v) / 10000)).toBeGreaterThanOrEqual(18);
      await runMigrations(pool);
      await seedIfEmpty(createDb(pool), { mediaDir: path.join(dir, 'media'), log: () => undefined });
      const before = await snapshot(pool);
      expect(before.orders!.length).toBeGreaterThan(0);

      const file = await backupDatabase(url, path.join(dir, 'embedded', 'backups'), 3);
      const pgDump18 = await findPgTool('pg_dump', 18).then(() => true, () => false);
      expect(file).toMatch(pgDump18 ? /\.dump$/ : /\.copy\.gz$/);

      await wipe(pool);
      await restoreDatabase(url, file);
      expect(await snapshot(pool)).toEqual(before);
      console.warn(`embedded PostgreSQL 18 backup round trip: ${Date.now() - started} ms (${path.basename(file)})`);
    } finally {
      await pool?.end();
      await embedded.stop();
    }
  }, 90_000);
});
