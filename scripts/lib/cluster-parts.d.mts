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
