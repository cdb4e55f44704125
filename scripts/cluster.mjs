#!/usr/bin/env node
// `npm run cluster`: N identical app instances (INSTANCES, default 2) on ports PORT+1.. behind
// nginx (from Debian's packages) on PORT (default 3000), all on one PostgreSQL: DATABASE_URL
// when set, otherwise an embedded PostgreSQL started here under DATA_DIR/pg. The instances
// share DATA_DIR (media, mail .eml files), one JWT secret, and REDIS_URL when set. Each answer
// carries `x-instance: appN`. Ctrl-C stops everything.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findNginx, startNginx } from './lib/nginx.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 3000);
const count = Number(process.env.INSTANCES ?? 2);
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data-cluster'));
const nginxBin = findNginx();
if (!nginxBin) {
  console.error(`nginx not found at ${process.env.NGINX || '/usr/sbin/nginx'}: apt-get install -y nginx-light (or set NGINX=/path/to/nginx)`);
  process.exit(1);
}
if (!Number.isInteger(count) || count < 1) {
  console.error(`INSTANCES must be a positive whole number, not ${process.env.INSTANCES}`);
  process.exit(1);
}
fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });

const children = [];
let embedded;
let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  await embedded?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

async function waitHealthy(p, child, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the instance on :${p} exited (${child.exitCode}) while starting`);
    try {
      const res = await fetch(`http://127.0.0.1:${p}/api/health`);
      if (res.ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the instance on :${p} did not become healthy in ${timeoutMs / 1000} s`);
}

try {
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const { register } = await import('tsx/esm/api');
    register();
    const { startEmbeddedPostgres } = await import('../src/server/db/embedded-postgres.ts');
    const { ensureDatabase } = await import('../src/server/db/client.ts');
    embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), log: (level, msg) => level !== 'debug' && console.log(msg) });
    databaseUrl = embedded.url('domace');
    await ensureDatabase(databaseUrl);
  }

  // One secret for every instance: a token signed by one is accepted by the others.
  let jwtSecret = process.env.JWT_SECRET;
  if (!jwtSecret) {
    const file = path.join(dataDir, '.jwt-secret');
    if (!fs.existsSync(file)) fs.writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
    jwtSecret = fs.readFileSync(file, 'utf8').trim();
  }
  if (!process.env.REDIS_URL) console.warn('REDIS_URL is not set: each instance counts rate limits in its own memory (N instances allow N times the limit).');

  const instancePorts = Array.from({ length: count }, (_, i) => port + 1 + i);
  for (const [i, p] of instancePorts.entries()) {
    const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env, PORT: String(p), HOST: '127.0.0.1', DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret,
        // The first builds the web app when its sources changed (scripts/start.mjs); the rest reuse it.
        SKIP_WEB_BUILD: i === 0 ? (process.env.SKIP_WEB_BUILD ?? 'false') : 'true', TRUST_PROXY: 'true', INSTANCE_NAME: `app${i + 1}`,
        PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
      },
    });
    child.on('exit', (code, signal) => { if (!stopping) console.error(`instance app${i + 1} on :${p} exited (${code ?? signal}); nginx sends its share to the others`); });
    children.push(child);
    // The first one migrates and (SEED_DEMO) seeds; the others start once it is up.
    if (i === 0) await waitHealthy(p, child);
  }
  await Promise.all(instancePorts.map((p, i) => waitHealthy(p, children[i])));

  const nginx = await startNginx({ bin: nginxBin, dir: path.join(dataDir, 'nginx'), port, upstreams: instancePorts });
  children.push(nginx.child);
  nginx.child.on('exit', (code) => { if (!stopping) { console.error(`nginx exited (${code})`); void stop(1); } });
  console.log(`Domaće cluster: nginx on http://127.0.0.1:${port} -> ${instancePorts.map((p, i) => `app${i + 1} :${p}`).join(', ')}; `
    + `database ${embedded ? 'embedded (one, shared)' : 'DATABASE_URL'}; rate limits ${process.env.REDIS_URL ? 'in Redis' : 'per instance'}. Ctrl-C stops all.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  await stop(1);
}
