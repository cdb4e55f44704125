// The shared parts of a cluster on one machine, from Debian's packages, each on its own port
// under one directory: PostgreSQL as a Patroni pair with etcd (automatic failover; ADR 0046:
// startDatabase, the same for `npm run cluster` and test/cluster.test.ts) or a plain primary and
// streaming replica (bench/cluster.ts), PgBouncer in transaction mode and Redis.
// docs/deployment.md shows the same parts on several machines.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';
const PGBOUNCER = process.env.PGBOUNCER || '/usr/sbin/pgbouncer';
const REDIS_SERVER = process.env.REDIS_SERVER || '/usr/bin/redis-server';
const PATRONI = process.env.PATRONI || '/usr/bin/patroni';
const ETCD = process.env.ETCD || '/usr/bin/etcd';

/** The Debian packages that hold what is missing (empty when everything is installed). */
export function missingParts() {
  const wanted = [
    [path.join(PG_BIN, 'postgres'), 'postgresql-15'], [path.join(PG_BIN, 'pg_basebackup'), 'postgresql-15'],
    [PGBOUNCER, 'pgbouncer'], [REDIS_SERVER, 'redis-server'], [PATRONI, 'patroni'], [ETCD, 'etcd-server'],
  ];
  const missing = new Set();
  for (const [file, pkg] of wanted) {
    try { fs.accessSync(file, fs.constants.X_OK); } catch { missing.add(pkg); }
  }
  return [...missing];
}

/** PostgreSQL and PgBouncer refuse to run as root: as root they run as the `postgres` user. */
function serviceUser() {
  if (process.getuid?.() !== 0) return {};
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/**
 * A directory for the database and pooler files under `wanted` when the service user can reach
 * it (as root, a checkout under /root is not), else a stable one under /var/lib/domace-cluster.
 */
export function serviceDir(wanted) {
  const user = serviceUser();
  if (user.uid === undefined) return wanted;
  let current = path.resolve(wanted);
  let reachable = true;
  for (;;) {
    try {
      const st = fs.statSync(current);
      if ((st.mode & 0o001) === 0 && st.uid !== user.uid) reachable = false;
    } catch { /* made later */ }
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  if (reachable) return wanted;
  const fallback = path.join('/var/lib/domace-cluster', Buffer.from(path.resolve(wanted)).toString('base64url').slice(-32));
  fs.mkdirSync(fallback, { recursive: true, mode: 0o755 });
  fs.chmodSync('/var/lib/domace-cluster', 0o755);
  return fallback;
}

function ownDir(dir, user, mode = 0o700) {
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, mode);
  if (user.uid !== undefined) fs.chownSync(dir, user.uid, user.gid);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Resolves once `check` is true; throws after `timeoutMs` (condition-based, never a fixed sleep).
 * An error `check` throws counts as "not yet", except one marked `{ fatal: true }` (a child that
 * exited while it was awaited): that one is thrown at once.
 */
export async function waitFor(check, timeoutMs, what) {
  const started = Date.now();
  for (;;) {
    try { if (await check()) return; } catch (err) { if (err?.fatal) throw err; }
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/** True when something accepts TCP connections on 127.0.0.1:`port`. */
export function portOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/**
 * GET `url` (node:http, not fetch: fetch refuses some ports, e.g. 4190, that a free port may
 * be): `{ status, body }`, or undefined when nothing answers within `timeoutMs`.
 */
export function httpGet(url, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { body += d; });
      res.on('end', () => resolve({ status: res.statusCode, body }));
      res.on('error', () => resolve(undefined));
    });
    req.on('timeout', () => { req.destroy(); resolve(undefined); });
    req.on('error', () => resolve(undefined));
  });
}

/** GET `url` as JSON, or undefined. */
async function getJson(url, timeoutMs = 1500) {
  const res = await httpGet(url, timeoutMs);
  try { return res ? JSON.parse(res.body) : undefined; } catch { return undefined; }
}

/** A long-running child with its output kept (the last 64 kB) for error messages. */
function run(bin, args, { user = {}, cwd, env = {} } = {}) {
  const child = spawn(bin, args, { cwd, uid: user.uid, gid: user.gid, env: { PATH: process.env.PATH, LANG: 'C.UTF-8', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d) => { output = (output + d.toString()).slice(-65_536); };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.output = () => output;
  return child;
}

function exited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * waitFor(`probe`) while `child` runs: once it has exited, a fatal error with `exitedMessage()`.
 * Looked at before and after each probe, so a child that exits as the time runs out is reported
 * as exited, not as a timeout.
 */
function waitForChild(child, probe, timeoutMs, what, exitedMessage) {
  const gone = () => Object.assign(new Error(exitedMessage()), { fatal: true });
  return waitFor(async () => {
    if (exited(child)) throw gone();
    if (await probe()) return true;
    if (exited(child)) throw gone();
    return false;
  }, timeoutMs, what);
}

function stopChild(child, signal, timeoutMs = 15_000) {
  if (!child || exited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); }, timeoutMs);
    child.once('exit', () => { clearTimeout(timer); resolve(); });
    child.kill(signal);
  });
}

/** psql-free readiness: `postgres` answers a startup on its port (pg_isready from the same package). */
async function pgReady(port, timeoutMs, what, child) {
  await waitForChild(child, () => {
    try {
      execFileSync(path.join(PG_BIN, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
      return true;
    } catch { return false; }
  }, timeoutMs, `${what} accepting connections on :${port}`, () => `${what} exited:\n${child.output()}`);
}

/**
 * A PostgreSQL server process on `dir` (already initialised): `stop()` is a fast shutdown
 * (SIGINT), `kill()` a crash (SIGKILL); `start()` starts it again on the same port.
 */
function postgresServer({ dir, port, user, what }) {
  const server = {
    port, dir, child: undefined,
    async start(timeoutMs = 60_000) {
      // A crashed server leaves its pid file; postgres itself checks whether that pid lives.
      server.child = run(path.join(PG_BIN, 'postgres'), ['-D', dir, '-p', String(port), '-k', dir, '-h', '127.0.0.1'], { user });
      await pgReady(port, timeoutMs, what, server.child);
      return server;
    },
    stop: () => stopChild(server.child, 'SIGINT'),
    kill: () => stopChild(server.child, 'SIGKILL'),
    get running() { return Boolean(server.child) && !exited(server.child); },
  };
  return server;
}

/** A PostgreSQL data directory made by startPrimary or startReplica before, started again. */
export function postgresAgain({ dir, port, what }) {
  return postgresServer({ dir, port, user: serviceUser(), what }).start();
}

/**
 * The primary: initdb (trust on loopback, replication allowed), WAL for one streaming replica.
 * The app's database, with its statement limit (ADR 0039), comes from createAppDatabase.
 */
export async function startPrimary({ dir, port, maxConnections = 100 }) {
  const user = serviceUser();
  ownDir(dir, user);
  execFileSync(path.join(PG_BIN, 'initdb'), ['-D', dir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'], { uid: user.uid, gid: user.gid, stdio: 'pipe', env: { PATH: process.env.PATH, LANG: 'C.UTF-8' } });
  fs.appendFileSync(path.join(dir, 'postgresql.conf'), `
# Written by scripts/lib/cluster-parts.mjs
listen_addresses = '127.0.0.1'
max_connections = ${maxConnections}
shared_buffers = 64MB
wal_level = replica
max_wal_senders = 4
wal_keep_size = 256MB
hot_standby = on
hot_standby_feedback = on
logging_collector = off
log_min_messages = warning
`);
  fs.writeFileSync(path.join(dir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n');
  return postgresServer({ dir, port, user, what: 'the primary PostgreSQL' }).start();
}

/**
 * The app's database `name` (a plain identifier; kept when it exists) on the primary on `port`, with the app's
 * statement limit set on the database itself: through PgBouncer the app cannot send its
 * statement limit when it connects (ADR 0039).
 */
export async function createAppDatabase(port, name = 'domace') {
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  try {
    if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) return;
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.query(`ALTER DATABASE ${name} SET statement_timeout = '8s'`);
  } finally {
    await admin.end();
  }
}

/** The replica's lag as the primary sees it (pg_stat_replication), or undefined without a replica. */
export async function replicationLag(db) {
  const { rows } = await db.query(
    'SELECT (EXTRACT(EPOCH FROM replay_lag) * 1000)::float8 AS ms, pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::text AS bytes FROM pg_stat_replication');
  return rows[0] ? { ms: rows[0].ms ?? 0, bytes: Number(rows[0].bytes ?? 0) } : undefined;
}

/** The `q` quantile (0..1) of `xs` (any order), 0 when empty. */
export function percentile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : 0;
}

/** A streaming replica of the primary on `primaryPort`: pg_basebackup -R, then a hot standby on `port`. */
export async function startReplica({ dir, port, primaryPort }) {
  const user = serviceUser();
  ownDir(dir, user); // empty: pg_basebackup fills it
  execFileSync(path.join(PG_BIN, 'pg_basebackup'), ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', dir, '-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
    { uid: user.uid, gid: user.gid, stdio: 'pipe', env: { PATH: process.env.PATH, LANG: 'C.UTF-8' } });
  return postgresServer({ dir, port, user, what: 'the replica PostgreSQL' }).start();
}

/**
 * PgBouncer in transaction mode in front of the primary, listening on `port`. Clients may
 * open up to maxClientConn connections; PostgreSQL sees at most poolSize per database and user.
 * Besides `domace` (and any other name, transaction mode) it serves two names of its own:
 * `domace_direct`, the same database in session mode (the migrations' advisory lock and the
 * public cache's LISTEN: DATABASE_DIRECT_URL), and `domace_read`, the read replica on
 * `readPort` (DATABASE_READ_URL). `retarget()` points them at other servers (a failover):
 * the file is rewritten and PgBouncer told to RELOAD it.
 */
export async function startPgbouncer({ dir, port, pgPort, readPort = pgPort, poolSize = 20, maxClientConn = 2000 }) {
  const user = serviceUser();
  ownDir(dir, user);
  const ini = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(path.join(dir, 'userlist.txt'), '"postgres" ""\n');
  const write = (targets) => {
    fs.writeFileSync(ini, `;; Written by scripts/lib/cluster-parts.mjs (ADRs 0039, 0046)
[databases]
domace_direct = host=127.0.0.1 port=${targets.primary} dbname=domace pool_mode=session
domace_read = host=127.0.0.1 port=${targets.replica} dbname=domace pool_mode=session
* = host=127.0.0.1 port=${targets.primary}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${dir}/userlist.txt
admin_users = postgres
pool_mode = transaction
default_pool_size = ${poolSize}
reserve_pool_size = 5
max_client_conn = ${maxClientConn}
max_db_connections = ${poolSize + 5}
server_lifetime = 3600
server_idle_timeout = 60
server_connect_timeout = 3
server_login_retry = 1
query_wait_timeout = 10
ignore_startup_parameters = extra_float_digits,statement_timeout
logfile = ${dir}/pgbouncer.log
pidfile = ${dir}/pgbouncer.pid
log_connections = 0
log_disconnections = 0
`);
    for (const f of ['userlist.txt', 'pgbouncer.ini']) if (user.uid !== undefined) fs.chownSync(path.join(dir, f), user.uid, user.gid);
  };
  const bouncer = {
    port, child: undefined, targets: { primary: pgPort, replica: readPort },
    async start(timeoutMs = 20_000) {
      write(bouncer.targets);
      fs.rmSync(path.join(dir, 'pgbouncer.pid'), { force: true });
      bouncer.child = run(PGBOUNCER, [ini], { user });
      const child = bouncer.child;
      const log = path.join(dir, 'pgbouncer.log');
      await waitForChild(child, () => portOpen(port), timeoutMs, `PgBouncer on :${port}`,
        () => `PgBouncer exited:\n${child.output()}\n${fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-4000) : ''}`);
      return bouncer;
    },
    /**
     * Points the pools at `primary` and `replica` (ports): rewrites the file and RELOADs through
     * the admin console (a PgBouncer not running reads the file when it starts again). Server
     * connections to the old addresses are closed by PgBouncer; waiting clients go to the new.
     */
    async retarget(targets) {
      bouncer.targets = { ...targets };
      write(bouncer.targets);
      const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/pgbouncer`, connectionTimeoutMillis: 2000 });
      admin.on('error', () => undefined);
      try {
        await admin.connect();
        await admin.query('RELOAD');
      } finally {
        admin.end().catch(() => undefined);
      }
    },
    /** SIGTERM: PgBouncer's immediate shutdown (open transactions are cut). */
    stop: () => stopChild(bouncer.child, 'SIGTERM'),
    kill: () => stopChild(bouncer.child, 'SIGKILL'),
    async restart() { await bouncer.stop(); return bouncer.start(); },
  };
  return bouncer.start();
}

/**
 * A single-node etcd (the DCS Patroni keeps its leader lock in) on `port`, peers on `peerPort`.
 * One node is no quorum of its own: on one machine it fails with the machine (ADR 0046).
 */
export async function startEtcd({ dir, port, peerPort }) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const etcd = {
    port, child: undefined,
    async start(timeoutMs = 30_000) {
      const peer = `http://127.0.0.1:${peerPort}`;
      etcd.child = run(ETCD, ['--name', 'domace', '--data-dir', path.join(dir, 'data'),
        '--listen-client-urls', `http://127.0.0.1:${port}`, '--advertise-client-urls', `http://127.0.0.1:${port}`,
        '--listen-peer-urls', peer, '--initial-advertise-peer-urls', peer, '--initial-cluster', `domace=${peer}`,
        '--log-level', 'warn']);
      const child = etcd.child;
      await waitForChild(child, async () => (await httpGet(`http://127.0.0.1:${port}/health`))?.status === 200, timeoutMs, `etcd on :${port}`, () => `etcd exited:\n${child.output()}`);
      return etcd;
    },
    stop: () => stopChild(etcd.child, 'SIGTERM'),
    kill: () => stopChild(etcd.child, 'SIGKILL'),
  };
  return etcd.start();
}

/** The PostgreSQL settings of every node (Patroni writes them into postgresql.conf). */
const PG_PARAMETERS = {
  max_connections: 100, shared_buffers: '64MB', wal_level: 'replica', max_wal_senders: 4, max_replication_slots: 4,
  wal_keep_size: '256MB', hot_standby: 'on', hot_standby_feedback: 'on', wal_log_hints: 'on',
  logging_collector: 'off', log_min_messages: 'warning',
};

/**
 * One node of a Patroni pair (scope `domace`) on PostgreSQL port `port`, its REST API on
 * `apiPort`, its lock in etcd on `etcdPort`. The first node started on an empty etcd runs
 * initdb and leads; the others clone it (pg_basebackup) and stream. `synchronous_mode`: a
 * commit waits for the synchronous standby while one is up; `synchronous_mode_strict` off:
 * without a standby writes go on (ADR 0046). `start()` resolves once PostgreSQL runs under it.
 */
export function patroniNode({ dir, name, port, apiPort, etcdPort, ttl = 12, loopWait = 2, retryTimeout = 4 }) {
  const user = serviceUser();
  ownDir(dir, user);
  const dataDir = path.join(dir, 'data');
  const config = path.join(dir, 'patroni.yml');
  const hba = ['local all all trust', 'host all all 127.0.0.1/32 trust', 'host replication all 127.0.0.1/32 trust'];
  // JSON is YAML.
  fs.writeFileSync(config, `${JSON.stringify({
    scope: 'domace', name,
    log: { level: 'WARNING' },
    restapi: { listen: `127.0.0.1:${apiPort}`, connect_address: `127.0.0.1:${apiPort}` },
    etcd3: { hosts: [`127.0.0.1:${etcdPort}`] },
    bootstrap: {
      dcs: {
        ttl, loop_wait: loopWait, retry_timeout: retryTimeout, maximum_lag_on_failover: 64 * 1024 * 1024,
        synchronous_mode: true, synchronous_mode_strict: false,
        postgresql: { use_pg_rewind: true, use_slots: true, parameters: PG_PARAMETERS },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }, 'no-sync'],
    },
    postgresql: {
      listen: `127.0.0.1:${port}`, connect_address: `127.0.0.1:${port}`,
      data_dir: dataDir, bin_dir: PG_BIN, pgpass: path.join(dir, 'pgpass'),
      authentication: { superuser: { username: 'postgres' }, replication: { username: 'postgres' }, rewind: { username: 'postgres' } },
      parameters: { unix_socket_directories: dir },
      pg_hba: hba,
      basebackup: [{ checkpoint: 'fast' }],
      remove_data_directory_on_rewind_failure: true,
      remove_data_directory_on_diverged_timelines: true,
    },
  }, null, 2)}\n`);
  if (user.uid !== undefined) fs.chownSync(config, user.uid, user.gid);
  const api = `http://127.0.0.1:${apiPort}`;
  const node = {
    name, port, apiPort, api, child: undefined,
    /** The postmaster's pid (its postmaster.pid), or undefined. */
    postgresPid() {
      try { return Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined; } catch { return undefined; }
    },
    async start(timeoutMs = 180_000) {
      node.child = run(PATRONI, [config], { user, cwd: dir, env: { HOME: dir } });
      const child = node.child;
      // /health answers 200 once PostgreSQL runs (leader or replica).
      await waitForChild(child, async () => (await httpGet(`${api}/health`, 2000))?.status === 200, timeoutMs,
        `Patroni node ${name} (PostgreSQL :${port})`, () => `Patroni node ${name} exited:\n${child.output()}`);
      return node;
    },
    /** Patroni stops PostgreSQL (fast) and exits; a leader hands its lock over first. */
    stop: () => stopChild(node.child, 'SIGTERM', 30_000),
    /**
     * The machine dies: Patroni and its PostgreSQL get SIGKILL (Patroni starts PostgreSQL in a
     * session of its own, so killing Patroni alone would leave a primary running without it).
     */
    async kill() {
      const pid = node.postgresPid();
      const patroni = stopChild(node.child, 'SIGKILL');
      if (pid) { try { process.kill(pid, 'SIGKILL'); } catch { /* already gone */ } }
      await patroni;
    },
  };
  return node;
}


/**
 * Who leads, as Patroni says (GET /cluster on the first node that answers): `{ leader, replica }`,
 * names of running members; `replica` a running standby, the synchronous one first, else none.
 */
export async function patroniRoles(nodes) {
  for (const node of nodes) {
    const cluster = await getJson(`${node.api}/cluster`);
    if (!cluster?.members) continue;
    const running = (m) => m.state === 'running' || m.state === 'streaming';
    const leader = cluster.members.find((m) => m.role === 'leader' && running(m));
    const standbys = cluster.members.filter((m) => (m.role === 'sync_standby' || m.role === 'replica') && running(m))
      .sort((a, b) => (a.role === 'sync_standby' ? -1 : 0) - (b.role === 'sync_standby' ? -1 : 0));
    return { leader: leader?.name, replica: standbys[0]?.name, sync: cluster.members.find((m) => m.role === 'sync_standby')?.name, members: cluster.members };
  }
  return { leader: undefined, replica: undefined, sync: undefined, members: [] };
}

/**
 * Follows the leader (what confd does with Patroni's templates, in-process): every `intervalMs`
 * asks Patroni who leads and, when that changed, calls `onChange({ leader, replica })` with the
 * nodes (a replica falls back to the leader while no standby runs). Nothing changes while there
 * is no leader (the old addresses stay; the instances answer writes 503 meanwhile).
 */
export function followLeader(nodes, onChange, intervalMs = 500) {
  let stopped = false;
  let last = '';
  let timer;
  const tick = async () => {
    try {
      const roles = await patroniRoles(nodes);
      const leader = nodes.find((n) => n.name === roles.leader);
      if (leader) {
        const replica = nodes.find((n) => n.name === roles.replica) ?? leader;
        const key = `${leader.name}:${leader.postgresPid()}/${replica.name}:${replica.postgresPid()}`;
        if (key !== last) {
          await onChange({ leader, replica });
          last = key;
        }
      }
    } catch { /* tried again at the next tick */ }
    if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
  };
  const first = tick();
  return { first, stop() { stopped = true; clearTimeout(timer); } };
}

/**
 * DATA_DIR/cluster.json: each part's port and current process id (and what else is said of it),
 * for failure drills by hand (docs/deployment.md). `note()` rewrites the whole file at once
 * (a new file renamed over the old: a reader never sees half of it).
 */
export function clusterFile(dataDir) {
  const file = path.join(dataDir, 'cluster.json');
  const parts = {};
  return {
    file,
    note(name, port, pid, extra = {}) {
      parts[name] = { port, pid: pid ?? null, ...extra };
      fs.writeFileSync(`${file}.new`, `${JSON.stringify(parts, null, 2)}\n`);
      fs.renameSync(`${file}.new`, file);
    },
  };
}

/**
 * The database side of a cluster (ADR 0046), as `npm run cluster` and test/cluster.test.ts run
 * it: one etcd (`etcdDir`), a Patroni pair `pg1`/`pg2` under `dir` (the first bootstraps and gets
 * the app's database with its statement limit, the second clones it and becomes its synchronous
 * standby), PgBouncer in front of the leader, and a watcher of Patroni's REST API
 * (followLeader) that on every change of leader names its PostgreSQL `postgres-primary` in
 * cluster.json through `note` (the standby's `postgres-replica`) and points PgBouncer at it.
 * `ports`: `{ pg: [a, b], api: [a, b], etcd, etcdPeer, pgbouncer }`. Resolves once PgBouncer
 * follows the leader; what started is stopped again when a part does not start.
 */
export async function startDatabase({ dir, etcdDir = path.join(dir, 'etcd'), ports, note = () => undefined, log = () => undefined }) {
  const db = { etcd: undefined, nodes: [], pgbouncer: undefined, follow: undefined, leads: undefined };
  /** Stops everything: the standby first (a leader stopped first would hand its lock over). */
  db.stop = async () => {
    db.follow?.stop();
    await db.pgbouncer?.stop();
    const roles = db.etcd ? await patroniRoles(db.nodes) : {};
    for (const n of [...db.nodes.filter((x) => x.name !== roles.leader), ...db.nodes.filter((x) => x.name === roles.leader)]) await n.stop();
    await db.etcd?.stop();
  };
  try {
    db.etcd = await startEtcd({ dir: etcdDir, port: ports.etcd, peerPort: ports.etcdPeer });
    db.nodes = ['pg1', 'pg2'].map((name, i) => patroniNode({ dir: path.join(dir, name), name, port: ports.pg[i], apiPort: ports.api[i], etcdPort: ports.etcd }));
    await db.nodes[0].start();
    const firstRoles = await patroniRoles(db.nodes);
    const firstLeader = db.nodes.find((n) => n.name === firstRoles.leader) ?? db.nodes[0];
    await createAppDatabase(firstLeader.port);
    await db.nodes[1].start();
    db.pgbouncer = await startPgbouncer({ dir: path.join(dir, 'pgbouncer'), port: ports.pgbouncer, pgPort: firstLeader.port });
    db.follow = followLeader(db.nodes, async ({ leader, replica }) => {
      note('postgres-primary', leader.port, leader.postgresPid(), { node: leader.name, patroniPid: leader.child?.pid ?? null, api: leader.api });
      note('postgres-replica', replica.port, replica.postgresPid(), { node: replica.name, patroniPid: replica.child?.pid ?? null, api: replica.api });
      await db.pgbouncer.retarget({ primary: leader.port, replica: replica.port });
      db.leads = leader.name;
      log(`PostgreSQL leader: ${leader.name} :${leader.port}; reads from ${replica.name} :${replica.port}`);
    });
    await waitFor(() => db.leads !== undefined, 60_000, 'PgBouncer pointed at the Patroni leader');
  } catch (err) {
    await db.stop().catch(() => undefined);
    throw err;
  }
  const at = `postgres://postgres@127.0.0.1:${ports.pgbouncer}`;
  /** Through PgBouncer: transaction mode, the same in session mode, the standby (docs/deployment.md). */
  db.urls = { pooled: `${at}/domace`, direct: `${at}/domace_direct`, read: `${at}/domace_read` };
  return db;
}

/** A Redis of its own (no persistence: rate-limit counters only) on `port`. */
export async function startRedis({ dir, port }) {
  fs.mkdirSync(dir, { recursive: true });
  const redis = {
    port, child: undefined,
    async start(timeoutMs = 20_000) {
      redis.child = run(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--protected-mode', 'no'], { cwd: dir });
      const child = redis.child;
      await waitForChild(child, () => portOpen(port), timeoutMs, `Redis on :${port}`, () => `Redis exited:\n${child.output()}`);
      return redis;
    },
    kill: () => stopChild(redis.child, 'SIGKILL'),
    stop: () => stopChild(redis.child, 'SIGTERM'),
  };
  return redis.start();
}
