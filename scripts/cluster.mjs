#!/usr/bin/env node
// `npm run cluster`: the whole multi-machine picture on one machine (docs/deployment.md), each
// part from Debian's packages on a port of its own, everything under DATA_DIR (default
// ./data-cluster):
//   nginx :PORT (3000) -> INSTANCES (3) app instances :PORT+1.. -> PgBouncer (transaction mode)
//   -> PostgreSQL primary; a streaming replica of it for the public reads; Redis for the limits.
// The instances share DATA_DIR (media, mail .eml files) and one JWT secret. Each answer carries
// `x-instance: appN`. Like systemd's Restart=always, a part that dies (an instance, PgBouncer,
// Redis, the replica) is started again after RESTART_DELAY_MS; DATA_DIR/cluster.json lists the
// ports and current process ids (for failure drills by hand: docs/deployment.md). Ctrl-C stops
// everything. A second start reuses the databases.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppDatabase, missingParts, postgresAgain, serviceDir, startPgbouncer, startPrimary, startRedis, startReplica, waitFor } from './lib/cluster-parts.mjs';
import { findNginx, startNginx } from './lib/nginx.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 3000);
const count = Number(process.env.INSTANCES ?? 3);
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data-cluster'));
/** The shared parts' ports, after the instances' (PORT+1..PORT+INSTANCES). */
const ports = { primary: port + 100, replica: port + 101, pgbouncer: port + 102, redis: port + 103 };
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
/** name -> { port, pid } of every part, written to DATA_DIR/cluster.json at each (re)start. */
const running = {};
function note(name, port, child) {
  running[name] = { port, pid: child?.pid ?? null };
  fs.writeFileSync(path.join(dataDir, 'cluster.json'), `${JSON.stringify(running, null, 2)}\n`);
}
/** Starts `part` again whenever its process exits while the cluster is not stopping. */
function supervise(name, part) {
  note(name, part.port, part.child);
  part.child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} exited (${code ?? signal}); starting it again in ${RESTART_DELAY_MS} ms`);
    setTimeout(() => {
      if (stopping) return;
      part.start().then(() => { console.error(`${name} is back on :${part.port}`); supervise(name, part); },
        (err) => { console.error(`${name} did not start again: ${err.message}`); void stop(1); });
    }, RESTART_DELAY_MS);
  });
}
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  await Promise.all([parts.pgbouncer?.stop(), parts.redis?.stop(), parts.replica?.stop()]);
  await parts.primary?.stop();
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

/** Starts an existing PostgreSQL data directory again, or creates it. */
async function primary() {
  const dir = path.join(servicesDir, 'pg-primary');
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    return postgresAgain({ dir, port: ports.primary, what: 'the primary PostgreSQL' });
  }
  const server = await startPrimary({ dir, port: ports.primary });
  await createAppDatabase(ports.primary);
  return server;
}

async function replica() {
  const dir = path.join(servicesDir, 'pg-replica');
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    return postgresAgain({ dir, port: ports.replica, what: 'the replica PostgreSQL' });
  }
  return startReplica({ dir, port: ports.replica, primaryPort: ports.primary });
}

try {
  parts.primary = await primary();
  [parts.replica, parts.pgbouncer, parts.redis] = await Promise.all([
    replica(),
    startPgbouncer({ dir: path.join(servicesDir, 'pgbouncer'), port: ports.pgbouncer, pgPort: ports.primary }),
    startRedis({ dir: path.join(dataDir, 'redis'), port: ports.redis }),
  ]);
  supervise('postgres-replica', parts.replica);
  supervise('pgbouncer', parts.pgbouncer);
  supervise('redis', parts.redis);
  note('postgres-primary', ports.primary, parts.primary.child);
  const urls = {
    DATABASE_URL: `postgres://postgres@127.0.0.1:${ports.pgbouncer}/domace`,
    DATABASE_DIRECT_URL: `postgres://postgres@127.0.0.1:${ports.primary}/domace`,
    DATABASE_READ_URL: `postgres://postgres@127.0.0.1:${ports.replica}/domace`,
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
  const spawnInstance = (i, first) => {
    const p = instancePorts[i];
    const name = `app${i + 1}`;
    const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env, ...urls, PORT: String(p), HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET: jwtSecret,
        // The first builds the web app when its sources changed (scripts/start.mjs); the rest reuse it.
        SKIP_WEB_BUILD: first && i === 0 ? (process.env.SKIP_WEB_BUILD ?? 'false') : 'true', TRUST_PROXY: 'true', INSTANCE_NAME: name,
        PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
      },
    });
    children[i] = child;
    note(name, p, child);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      console.error(`instance ${name} on :${p} exited (${code ?? signal}); nginx sends its share to the others; starting it again in ${RESTART_DELAY_MS} ms`);
      setTimeout(() => { if (!stopping) spawnInstance(i, false); }, RESTART_DELAY_MS);
    });
    return child;
  };
  for (const i of instancePorts.keys()) {
    const child = spawnInstance(i, true);
    // The first one migrates and (SEED_DEMO) seeds; the others start once it is up.
    if (i === 0) await waitHealthy(instancePorts[0], child);
  }
  await Promise.all(instancePorts.map((p, i) => waitHealthy(p, children[i])));

  const nginx = await startNginx({ bin: nginxBin, dir: path.join(dataDir, 'nginx'), port, upstreams: instancePorts });
  children.push(nginx.child);
  note('nginx', port, nginx.child);
  nginx.child.on('exit', (code) => { if (!stopping) { console.error(`nginx exited (${code})`); void stop(1); } });
  console.log(`Domaće cluster: nginx on http://127.0.0.1:${port} -> ${instancePorts.map((p, i) => `app${i + 1} :${p}`).join(', ')}
  PgBouncer (transaction mode) :${ports.pgbouncer} -> PostgreSQL primary :${ports.primary}; streaming replica :${ports.replica}; Redis :${ports.redis}
  Data under ${dataDir}. Ctrl-C stops all.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  await stop(1);
}
