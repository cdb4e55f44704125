import { once } from 'node:events';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { createPool, runMigrations } from '../db/client.ts';

/**
 * The logical backup, used when no pg_dump as new as the server is installed (the embedded
 * PostgreSQL 18 ships none): the rows of every table in the `public` schema, in PostgreSQL's
 * COPY text format, in one gzip'd file. The schema itself is not in the file: it is the app's
 * migrations, whose applied list the file records, and a restore runs them first.
 *
 * Layout (one line each, UTF-8):
 *   {"format":"domace-logical-backup","version":1,...header...}
 *   {"table":"users"}               then that table's COPY rows, then a line `\.`
 *   ...                             (tables in foreign-key order: parents first)
 *   {"end":true,"tables":N,"rows":M}
 * COPY's text format escapes backslashes, newlines and carriage returns, so a row is never
 * the `\.` line; the last line tells a whole file from a truncated one.
 */
export const LOGICAL_FORMAT = 'domace-logical-backup';
const LOGICAL_VERSION = 1;

interface Header {
  format: typeof LOGICAL_FORMAT;
  version: number;
  createdAt: string;
  serverVersion: string;
  /** Hashes of the applied migrations (drizzle.__drizzle_migrations), in order. */
  migrations: string[];
  tables: Array<{ name: string; columns: string[] }>;
  sequences: Array<{ name: string; value: string; isCalled: boolean }>;
}

export class BackupFormatError extends Error {}

type Queryable = pg.ClientBase;

async function appliedMigrations(client: Queryable): Promise<string[]> {
  const exists = await client.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'drizzle' AND tablename = '__drizzle_migrations'`);
  if (!exists.rowCount) return [];
  const { rows } = await client.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id');
  return rows.map((r) => r.hash);
}

/** The tables of the `public` schema, parents before the tables whose foreign keys point at them. */
async function tablesInForeignKeyOrder(client: Queryable): Promise<Array<{ name: string; columns: string[] }>> {
  const tables = await client.query<{ oid: number; name: string }>(
    `SELECT c.oid, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname`,
  );
  const edges = await client.query<{ child: number; parent: number }>(
    `SELECT conrelid AS child, confrelid AS parent FROM pg_constraint
     WHERE contype = 'f' AND conrelid <> confrelid AND connamespace = 'public'::regnamespace`,
  );
  const parents = new Map<number, Set<number>>(tables.rows.map((t) => [t.oid, new Set<number>()]));
  for (const e of edges.rows) if (parents.has(e.child) && parents.has(e.parent)) parents.get(e.child)!.add(e.parent);
  const ordered: typeof tables.rows = [];
  const placed = new Set<number>();
  while (ordered.length < tables.rows.length) {
    const ready = tables.rows.filter((t) => !placed.has(t.oid) && [...parents.get(t.oid)!].every((p) => placed.has(p)));
    if (ready.length === 0) {
      const cycle = tables.rows.filter((t) => !placed.has(t.oid)).map((t) => t.name);
      throw new Error(`Foreign keys form a cycle between ${cycle.join(', ')}: the logical backup cannot order them`);
    }
    for (const t of ready) { ordered.push(t); placed.add(t.oid); }
  }
  const out: Array<{ name: string; columns: string[] }> = [];
  for (const t of ordered) {
    const { rows } = await client.query<{ attname: string }>(
      `SELECT attname FROM pg_attribute WHERE attrelid = $1 AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
      [t.oid],
    );
    out.push({ name: t.name, columns: rows.map((r) => r.attname) });
  }
  return out;
}

function qualified(client: Queryable, table: string): string {
  return `public.${client.escapeIdentifier(table)}`;
}

function columnList(client: Queryable, columns: string[]): string {
  return columns.map((c) => client.escapeIdentifier(c)).join(', ');
}

async function writeChunk(out: zlib.Gzip, chunk: string | Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** Writes the logical backup of the database at `url` to `file` (gzip), from one consistent snapshot. */
export async function writeLogicalBackup(url: string, file: string): Promise<{ tables: number; rows: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const gzip = zlib.createGzip();
  const sink = fs.createWriteStream(file, { mode: 0o600 });
  const written = new Promise<void>((resolve, reject) => {
    sink.on('finish', resolve);
    sink.on('error', reject);
    gzip.on('error', reject);
  });
  written.catch(() => undefined); // awaited below; a failure before that is thrown by the write that meets it
  gzip.pipe(sink);
  try {
    // One snapshot for every table, as pg_dump takes.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows: [version] } = await client.query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
    const migrations = await appliedMigrations(client);
    const tables = await tablesInForeignKeyOrder(client);
    // Sequences are read after the snapshot was taken: their values are at least the ones the rows used.
    const { rows: sequences } = await client.query<{ name: string; last_value: string | null; start_value: string }>(
      `SELECT sequencename AS name, last_value::text, start_value::text FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`,
    );
    const header: Header = {
      format: LOGICAL_FORMAT,
      version: LOGICAL_VERSION,
      createdAt: new Date().toISOString(),
      serverVersion: version!.v,
      migrations,
      tables,
      sequences: sequences.map((s) => ({ name: s.name, value: s.last_value ?? s.start_value, isCalled: s.last_value !== null })),
    };
    await writeChunk(gzip, `${JSON.stringify(header)}\n`);
    let rows = 0;
    for (const table of tables) {
      await writeChunk(gzip, `${JSON.stringify({ table: table.name })}\n`);
      const stream = client.query(copyTo(`COPY ${qualified(client, table.name)} (${columnList(client, table.columns)}) TO STDOUT`));
      for await (const chunk of stream as Readable) await writeChunk(gzip, chunk as Buffer);
      rows += stream.rowCount;
      await writeChunk(gzip, '\\.\n');
    }
    await writeChunk(gzip, `${JSON.stringify({ end: true, tables: tables.length, rows })}\n`);
    await client.query('COMMIT');
    gzip.end();
    await written;
    return { tables: tables.length, rows };
  } catch (err) {
    gzip.destroy();
    sink.destroy();
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Longest line read: far above any row of the app's tables (media are files, not rows); bounds memory on a foreign file. */
const MAX_LINE = 64 * 1024 * 1024;

/** The lines of a gzip'd file; a damaged or truncated gzip stream throws. */
async function* gzipLines(file: string): AsyncGenerator<string> {
  const raw = fs.createReadStream(file);
  const input = zlib.createGunzip();
  raw.on('error', (err) => input.destroy(err));
  raw.pipe(input);
  input.setEncoding('utf8');
  let rest = '';
  try {
    for await (const chunk of input as AsyncIterable<string>) {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop()!;
      if (rest.length > MAX_LINE) throw new BackupFormatError(`The backup has a line longer than ${MAX_LINE / 1024 / 1024} MiB: not a backup of this app`);
      yield* parts;
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code?.startsWith('Z_')) throw new BackupFormatError(`The backup file is damaged or truncated (gzip: ${(err as Error).message})`);
    throw err;
  } finally {
    raw.destroy();
  }
  if (rest) yield rest;
}

function parseHeader(line: string | undefined): Header {
  let header: Partial<Header> | undefined;
  try { header = line ? (JSON.parse(line) as Partial<Header>) : undefined; } catch { header = undefined; }
  if (!header || header.format !== LOGICAL_FORMAT) throw new BackupFormatError('Not a Domaće logical backup (its first line is not the expected header)');
  if (header.version !== LOGICAL_VERSION) throw new BackupFormatError(`Logical backup version ${String(header.version)} is not supported (this app reads version ${LOGICAL_VERSION})`);
  if (!Array.isArray(header.migrations) || !Array.isArray(header.tables) || !Array.isArray(header.sequences)) throw new BackupFormatError('The backup header is incomplete');
  return header as Header;
}

/** Whether `file` begins with the bytes of `magic` (how a backup's format is told). */
export function fileStartsWith(file: string, magic: Buffer): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(magic.length);
    return fs.readSync(fd, head, 0, magic.length, 0) === magic.length && head.equals(magic);
  } finally {
    fs.closeSync(fd);
  }
}

/** Is `file` a logical backup (a gzip stream)? pg_dump's custom format starts with "PGDMP". */
export function isLogicalBackup(file: string): boolean {
  return fileStartsWith(file, Buffer.from([0x1f, 0x8b]));
}

/**
 * Replaces every row of the database at `url` with the backup's: first the app's migrations
 * bring the schema to the current level, which must be the backup's; then, in ONE
 * transaction, every public table is emptied and refilled with COPY (parents first, the app's
 * triggers off so that no notification is made twice), and the sequences are set. Anything
 * wrong in the file (damaged gzip, a bad row, a missing end) rolls the transaction back.
 */
export async function restoreLogicalBackup(url: string, file: string): Promise<{ tables: number; rows: number }> {
  const lines = gzipLines(file);
  const next = async (): Promise<string | undefined> => { const r = await lines.next(); return r.done ? undefined : r.value; };
  try {
    const header = parseHeader(await next());
    const pool = createPool(url, 1);
    try {
      await runMigrations(pool);
      const client = await pool.connect();
      try {
        const applied = await appliedMigrations(client);
        if (applied.join() !== header.migrations.join()) {
          throw new BackupFormatError(
            `The backup was written at migration level ${header.migrations.length} but this database is at ${applied.length}${applied.length > header.migrations.length ? ' (a newer app)' : ''}: `
            + 'restore it with the app version that wrote it (then start the newer app, which migrates it), or use a newer backup.',
          );
        }
        return await restoreRows(client, header, next);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  } finally {
    await lines.return(undefined);
  }
}

async function restoreRows(client: pg.PoolClient, header: Header, next: () => Promise<string | undefined>): Promise<{ tables: number; rows: number }> {
  const current = await tablesInForeignKeyOrder(client);
  const known = new Map(current.map((t) => [t.name, t]));
  const inFile = new Map(header.tables.map((t) => [t.name, t]));
  await client.query('BEGIN');
  try {
    // Table owner's way to keep the app's triggers quiet (session_replication_role needs a superuser);
    // foreign keys stay checked, so the rows are verified as they go in.
    for (const t of current) await client.query(`ALTER TABLE ${qualified(client, t.name)} DISABLE TRIGGER USER`);
    if (current.length) await client.query(`TRUNCATE ${current.map((t) => qualified(client, t.name)).join(', ')}`);
    let rows = 0;
    let tables = 0;
    for (;;) {
      const line = await next();
      if (line === undefined) throw new BackupFormatError('The backup ends early (truncated file)');
      const marker = JSON.parse(line) as { table?: unknown; end?: unknown; tables?: unknown; rows?: unknown };
      if (marker.end === true) {
        if (marker.tables !== tables || marker.rows !== rows) throw new BackupFormatError(`The backup's end says ${String(marker.tables)} tables / ${String(marker.rows)} rows, ${tables} / ${rows} were read`);
        break;
      }
      const table = typeof marker.table === 'string' ? inFile.get(marker.table) : undefined;
      if (!table || !known.has(table.name)) throw new BackupFormatError(`The backup names a table this database does not have: ${String(marker.table)}`);
      rows += await copyTable(client, table, next);
      tables++;
    }
    if (await next() !== undefined) throw new BackupFormatError('The backup has data after its end');
    for (const s of header.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [`public.${client.escapeIdentifier(s.name)}`, s.value, s.isCalled]);
    }
    for (const t of current) await client.query(`ALTER TABLE ${qualified(client, t.name)} ENABLE TRIGGER USER`);
    await client.query('COMMIT');
    return { tables, rows };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    if (err instanceof SyntaxError) throw new BackupFormatError(`The backup is damaged: ${err.message}`);
    throw err;
  }
}

/** Streams one table's rows (up to its `\.` line) into COPY ... FROM STDIN; returns the row count. */
async function copyTable(client: pg.PoolClient, table: { name: string; columns: string[] }, next: () => Promise<string | undefined>): Promise<number> {
  const stream = client.query(copyFrom(`COPY ${qualified(client, table.name)} (${columnList(client, table.columns)}) FROM STDIN`));
  const finished = new Promise<void>((resolve, reject) => { stream.on('finish', resolve); stream.on('error', reject); });
  finished.catch(() => undefined); // awaited below, or the error is met by a write first
  let batch = '';
  const flush = async () => {
    if (!batch) return;
    const ok = stream.write(batch);
    batch = '';
    if (!ok) await once(stream, 'drain');
  };
  try {
    for (;;) {
      const line = await next();
      if (line === undefined) throw new BackupFormatError(`The backup ends inside table ${table.name} (truncated file)`);
      if (line === '\\.') break;
      batch += `${line}\n`;
      if (batch.length >= 64 * 1024) await flush();
    }
    await flush();
    stream.end();
    await finished;
    return stream.rowCount;
  } catch (err) {
    // CopyFail to the server; its error answer ends the COPY, and the connection is usable again.
    const closed = once(stream, 'close').catch(() => undefined);
    stream.destroy();
    await Promise.race([finished.catch(() => undefined), closed]);
    throw err;
  }
}
