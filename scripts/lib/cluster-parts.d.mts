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
  kill(): Promise<void>;
  /** The ports it points at: the leader (`domace`, `domace_direct`) and the standby (`domace_read`). */
  targets: { primary: number; replica: number };
  /** Points the pools elsewhere (rewrites pgbouncer.ini, RELOAD). */
  retarget(targets: { primary: number; replica: number }): Promise<void>;
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

/** One node of a Patroni pair (ADR 0046). */
export interface PatroniNode {
  name: string;
  port: number;
  apiPort: number;
  /** Its REST API, http://127.0.0.1:<apiPort>. */
  api: string;
  child: ChildProcess | undefined;
  /** The postmaster's pid (its postmaster.pid), or undefined. */
  postgresPid(): number | undefined;
  /** Resolves once PostgreSQL runs under it (leader or standby). */
  start(timeoutMs?: number): Promise<PatroniNode>;
  /** Patroni stops PostgreSQL (fast) and exits; a leader hands its lock over first. */
  stop(): Promise<void>;
  /** The machine dies: Patroni and its PostgreSQL get SIGKILL. */
  kill(): Promise<void>;
}
export interface PatroniMember { name: string; role: string; state: string; timeline?: number; lag?: number | string }
/** Who leads, as Patroni says (GET /cluster): names of running members. */
export function patroniRoles(nodes: PatroniNode[]): Promise<{ leader: string | undefined; replica: string | undefined; sync: string | undefined; members: PatroniMember[] }>;

export interface EtcdServer {
  port: number;
  child: ChildProcess | undefined;
  start(timeoutMs?: number): Promise<EtcdServer>;
  stop(): Promise<void>;
  kill(): Promise<void>;
}

/** DATA_DIR/cluster.json, rewritten whole at each note. */
export function clusterFile(dataDir: string): { file: string; note(name: string, port: number, pid: number | undefined, extra?: Record<string, unknown>): void };

export interface Database {
  etcd: EtcdServer;
  nodes: PatroniNode[];
  pgbouncer: Pgbouncer;
  follow: { stop(): void };
  /** The node PgBouncer was last pointed at. */
  leads: string | undefined;
  /** Through PgBouncer: `domace` (transaction mode), `domace_direct` (session mode), `domace_read` (the standby). */
  urls: { pooled: string; direct: string; read: string };
  stop(): Promise<void>;
}
/** etcd, a Patroni pair, PgBouncer following the leader, cluster.json naming it (ADR 0046). */
export function startDatabase(opts: {
  dir: string; etcdDir?: string;
  ports: { pg: [number, number] | number[]; api: [number, number] | number[]; etcd: number; etcdPeer: number; pgbouncer: number };
  note?: (name: string, port: number, pid: number | undefined, extra?: Record<string, unknown>) => void;
  log?: (msg: string) => void;
}): Promise<Database>;
