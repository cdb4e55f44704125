import type { ChildProcess } from 'node:child_process';

export function missingParts(): string[];
export function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void>;
export function serviceDir(wanted: string): string;
export function portOpen(port: number): Promise<boolean>;

export interface PostgresServer {
  port: number;
  dir: string;
  child: ChildProcess | undefined;
  readonly running: boolean;
  start(timeoutMs?: number): Promise<PostgresServer>;
  /** Fast shutdown (SIGINT). */
  stop(): Promise<void>;
  /** A crash (SIGKILL). */
  kill(): Promise<void>;
}
export function startPrimary(opts: { dir: string; port: number; maxConnections?: number }): Promise<PostgresServer>;
export function postgresAgain(opts: { dir: string; port: number; what: string }): Promise<PostgresServer>;
/** The app's database on the primary, with its statement limit on the database (ADR 0039). */
export function createAppDatabase(port: number, name?: string): Promise<void>;
/** The replica's lag as the primary sees it (pg_stat_replication), or undefined without a replica. */
export function replicationLag(db: { query(text: string): Promise<{ rows: unknown[] }> }): Promise<{ ms: number; bytes: number } | undefined>;
/** The `q` quantile (0..1) of `xs` (any order), 0 when empty. */
export function percentile(xs: number[], q: number): number;
export function startReplica(opts: { dir: string; port: number; primaryPort: number }): Promise<PostgresServer>;

export interface Pgbouncer {
  port: number;
  child: ChildProcess | undefined;
  start(timeoutMs?: number): Promise<Pgbouncer>;
  stop(): Promise<void>;
  restart(): Promise<Pgbouncer>;
}
export function startPgbouncer(opts: { dir: string; port: number; pgPort: number; poolSize?: number; maxClientConn?: number }): Promise<Pgbouncer>;

export interface RedisServer {
  port: number;
  child: ChildProcess | undefined;
  start(timeoutMs?: number): Promise<RedisServer>;
  stop(): Promise<void>;
  kill(): Promise<void>;
}
export function startRedis(opts: { dir: string; port: number }): Promise<RedisServer>;
