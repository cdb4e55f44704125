#!/usr/bin/env node
// `npm run cluster`: the whole multi-machine picture on one machine (docs/deployment.md), each
// part from Debian's packages on a port of its own, everything under DATA_DIR (default
// ./data-cluster):
//   nginx :PORT (3000) -> INSTANCES (3) app instances :PORT+1.. -> PgBouncer (transaction mode)
//   -> the leader of a Patroni pair of PostgreSQL servers (etcd holds the lock; automatic
//   failover, synchronous replication: ADR 0046); the standby serves the public reads; Redis.
// The instances share DATA_DIR (media, mail .eml files) and one JWT secret. Each answer carries
// `x-instance: appN`. Like systemd's Restart=always, a part that dies (an instance, PgBouncer,
// Redis, a Patroni node, etcd) is started again after RESTART_DELAY_MS; DATA_DIR/cluster.json
// lists the ports and current process ids, `postgres-primary` always the leader's (for failure
// drills by hand: docs/deployment.md). Ctrl-C stops
// everything. A second start reuses the databases.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clusterFile, missingParts, serviceDir, startDatabase, startRedis, waitFor } from './lib/cluster-parts.mjs';
import { findNginx, startNginx } from './lib/nginx.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 3000);
const count = Number(process.env.INSTANCES ?? 3);
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data-cluster'));
/** The shared parts' ports, after the instances' (PORT+1..PORT+INSTANCES). */
const ports = { pg: [port + 100, port + 101], pgbouncer: port + 102, redis: port + 103, etcd: port + 104, etcdPeer: port + 105, api: [port + 106, port + 107] };
const nginxBin = findNginx();
const missing = [...(nginxBin ? [] : ['nginx-light']), ...missingParts()];
if (missing.length > 0) {
  console.error(`Missing Debian packages: apt-get install -y ${missing.join(' ')}`);
  process.exit(1);
}
if (!Number.isInteger(count) || count < 1) {
  console.error(`INSTANCES must be a positive whole number, not ${process.env.INSTANCES}`);
  process.exit(1);
}
fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
fs.chmodSync(dataDir, 0o755);

/** PostgreSQL and PgBouncer run as `postgres` under root: their files where that user can reach them. */
const servicesDir = serviceDir(dataDir);
if (servicesDir !== dataDir) console.warn(`The postgres user cannot reach ${dataDir}: the databases and PgBouncer live in ${servicesDir}`);

const children = [];
const parts = {};
let stopping = false;
const RESTART_DELAY_MS = Number(process.env.RESTART_DELAY_MS ?? 1000);
const PATRONI_RESTART_DELAY_MS = 15_000;
/** name -> { port, pid, ... } of every part, written to DATA_DIR/cluster.json at each (re)start and failover. */
const { note } = clusterFile(dataDir);
/**
 * The one way to start and watch a part (systemd's Restart=always): `part.start()` (re)starts
 * it and sets `part.child`; whenever that process exits while the cluster runs, it is started
 * again after `delayMs` (RESTART_DELAY_MS unless said). A part marked `quiet` is not listed in
 * cluster.json under `name` (the Patroni nodes are listed by role instead).
 */
async function supervise(name, part, { first = true, delayMs = RESTART_DELAY_MS } = {}) {
  if (first) await part.start();
  if (!part.quiet) note(name, part.port, part.child?.pid);
  part.child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} exited (${code ?? signal}); starting it again in ${delayMs} ms`);
    setTimeout(() => {
      if (stopping) return;
      part.start().then(() => { console.error(`${name} is back on :${part.port}`); void supervise(name, part, { first: false, delayMs }); },
        (err) => { console.error(`${name} did not start again: ${err.message}`); void stop(1); });
    }, delayMs);
  });
}
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c && c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c && c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  await Promise.all([parts.db?.stop(), parts.redis?.stop()]);
  process.exit(code);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

async function waitHealthy(p, child, timeoutMs = 180_000) {
  await waitFor(async () => {
    if (child.exitCode !== null) throw Object.assign(new Error(`the instance on :${p} exited (${child.exitCode}) while starting`), { fatal: true });
    return (await fetch(`http://127.0.0.1:${p}/api/health`)).ok;
  }, timeoutMs, `the instance on :${p} healthy`);
}

try {
  // PostgreSQL as a Patroni pair with etcd, PgBouncer following its leader and naming it
  // `postgres-primary` in cluster.json (ADR 0046; the same in test/cluster.test.ts).
  parts.db = await startDatabase({ dir: servicesDir, etcdDir: path.join(dataDir, 'etcd'), ports, note, log: (msg) => console.error(msg) });
  parts.redis = await startRedis({ dir: path.join(dataDir, 'redis'), port: ports.redis });
  await supervise('etcd', parts.db.etcd, { first: false });
  // A dead node comes back after its leader lock (ttl 12 s) expired, as a machine that died
  // would: the standby is promoted (a Patroni restarted at once would take its own lock again).
  // Listed by role (the watcher's `postgres-primary`, `postgres-replica`), not by name.
  for (const node of parts.db.nodes) {
    node.quiet = true;
    await supervise(`patroni ${node.name}`, node, { first: false, delayMs: Math.max(RESTART_DELAY_MS, PATRONI_RESTART_DELAY_MS) });
  }
  await supervise('pgbouncer', parts.db.pgbouncer, { first: false });
  await supervise('redis', parts.redis, { first: false });
  const urls = {
    DATABASE_URL: parts.db.urls.pooled,
    DATABASE_DIRECT_URL: parts.db.urls.direct,
    DATABASE_READ_URL: parts.db.urls.read,
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
  };

  // One secret for every instance: a token signed by one is accepted by the others.
  let jwtSecret = process.env.JWT_SECRET;
  if (!jwtSecret) {
    const file = path.join(dataDir, '.jwt-secret');
    if (!fs.existsSync(file)) fs.writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
    jwtSecret = fs.readFileSync(file, 'utf8').trim();
  }

  const instancePorts = Array.from({ length: count }, (_, i) => port + 1 + i);
  const instance = (i) => {
    const p = instancePorts[i];
    const name = `app${i + 1}`;
    const part = {
      port: p, child: undefined, started: 0,
      async start() {
        part.started += 1;
        part.child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
          cwd: root,
          stdio: 'inherit',
          env: {
            ...process.env, ...urls, PORT: String(p), HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET: jwtSecret,
            // The first builds the web app when its sources changed (scripts/start.mjs); the rest reuse it.
            SKIP_WEB_BUILD: part.started === 1 && i === 0 ? (process.env.SKIP_WEB_BUILD ?? 'false') : 'true', TRUST_PROXY: 'true', INSTANCE_NAME: name,
            PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
          },
        });
        children[i] = part.child;
        return part;
      },
    };
    return part;
  };
  const instances = instancePorts.map((_, i) => instance(i));
  for (const [i, part] of instances.entries()) {
    await supervise(`app${i + 1}`, part);
    // The first one migrates and (SEED_DEMO) seeds; the others start once it is up.
    if (i === 0) await waitHealthy(instancePorts[0], part.child);
  }
  await Promise.all(instancePorts.map((p, i) => waitHealthy(p, instances[i].child)));

  const nginx = await startNginx({ bin: nginxBin, dir: path.join(dataDir, 'nginx'), port, upstreams: instancePorts });
  children.push(nginx.child);
  note('nginx', port, nginx.child.pid);
  nginx.child.on('exit', (code) => { if (!stopping) { console.error(`nginx exited (${code})`); void stop(1); } });
  console.log(`Domaće cluster: nginx on http://127.0.0.1:${port} -> ${instancePorts.map((p, i) => `app${i + 1} :${p}`).join(', ')}
  PgBouncer (transaction mode) :${ports.pgbouncer} -> the Patroni leader (pg1 :${ports.pg[0]}, pg2 :${ports.pg[1]}; REST :${ports.api.join(', :')}; etcd :${ports.etcd}); Redis :${ports.redis}
  Data under ${dataDir}. Ctrl-C stops all.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  await stop(1);
}
