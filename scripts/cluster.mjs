#!/usr/bin/env node
// `npm run cluster`: N identical app instances (default 2) on ports 3001.., behind nginx (from
// Debian's packages) on PORT (default 3000), all on one PostgreSQL: DATABASE_URL when set,
// otherwise an embedded PostgreSQL started here under DATA_DIR/pg. Instances share DATA_DIR
// (JWT secret, media, outbox) and REDIS_URL when set. Ctrl-C stops everything.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 3000);
const count = Number(process.env.INSTANCES ?? 2);
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data-cluster'));
const nginxBin = process.env.NGINX ?? '/usr/sbin/nginx';
fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });

if (!fs.existsSync(nginxBin)) {
  console.error(`nginx not found at ${nginxBin}: apt-get install -y nginx-light`);
  process.exit(1);
}

const children = [];
let embedded;
let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  await embedded?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

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


// Build the web app once, not once per instance.
spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });

const instancePorts = Array.from({ length: count }, (_, i) => port + 1 + i);
for (const [i, p] of instancePorts.entries()) {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(p), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SKIP_WEB_BUILD: 'true', TRUST_PROXY: 'true', INSTANCE_NAME: `app${i + 1}` },
  });
  child.on('exit', (code) => { if (!stopping) console.error(`instance on :${p} exited (${code})`); });
  children.push(child);
}

const nginxDir = path.join(dataDir, 'nginx');
fs.mkdirSync(path.join(nginxDir, 'tmp'), { recursive: true });
fs.writeFileSync(path.join(nginxDir, 'nginx.conf'), `
worker_processes 1;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${nginxDir}/tmp/body;
  proxy_temp_path ${nginxDir}/tmp/proxy;
  fastcgi_temp_path ${nginxDir}/tmp/fastcgi;
  uwsgi_temp_path ${nginxDir}/tmp/uwsgi;
  scgi_temp_path ${nginxDir}/tmp/scgi;
  client_max_body_size 60m;
  upstream domace {
${instancePorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://domace;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Only requests that are safe to repeat move to the other instance on failure;
      # a POST is retried by the client with the same Idempotency-Key.
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`);
const nginx = spawn(nginxBin, ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
children.push(nginx);
nginx.on('exit', (code) => { if (!stopping) { console.error(`nginx exited (${code})`); void stop(1); } });
console.log(`Domaće cluster: nginx on http://127.0.0.1:${port} -> instances on ${instancePorts.map((p) => `:${p}`).join(', ')}; database ${embedded ? 'embedded (one, shared)' : 'DATABASE_URL'}`);
