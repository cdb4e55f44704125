// nginx from Debian's packages as the load balancer in front of N app instances, on loopback:
// used by `npm run cluster` (scripts/cluster.mjs) and test/cluster.test.ts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { portOpen, waitFor } from './cluster-parts.mjs';

export const DEFAULT_NGINX = '/usr/sbin/nginx';

/** The nginx binary to use (NGINX or /usr/sbin/nginx), or null when it is not installed. */
export function findNginx(bin = process.env.NGINX || DEFAULT_NGINX) {
  try {
    fs.accessSync(bin, fs.constants.X_OK);
    return bin;
  } catch {
    return null;
  }
}

/**
 * A self-contained nginx.conf: everything (pid, logs, temp files) under `dir`, listening on
 * 127.0.0.1:`port`, round-robin over `upstreams` (ports on 127.0.0.1).
 */
export function nginxConfig({ dir, port, upstreams }) {
  // As root the master hands the workers to an unprivileged user; Debian's default
  // ("nobody" in group "nobody") does not exist there, and the temp files live under `dir`.
  const user = process.getuid?.() === 0 ? 'user root root;' : '';
  return `# Written by scripts/lib/nginx.mjs
${user}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  client_max_body_size 60m;
  upstream domace {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 64;
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
      # An instance that cannot be reached (refused, reset before an answer, 502) is skipped
      # for fail_timeout. Not on 503: the app answers 503 when the shared database is away or
      # slow, which another instance cannot help with, and counting it would take healthy
      # instances out under load until none is left. A POST already sent to an instance is
      # NOT repeated by nginx (no "non_idempotent"): the client repeats it with the same
      # Idempotency-Key.
      proxy_next_upstream error timeout http_502;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }
  }
}
`;
}

/** Resolves when something accepts TCP connections on 127.0.0.1:`port`. */
export async function waitForPort(port, timeoutMs = 10_000) {
  // portOpen never throws: the only error waitFor can give here is its timeout.
  await waitFor(() => portOpen(port), timeoutMs, `127.0.0.1:${port}`).catch(() => {
    throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
  });
}

/**
 * Writes the config under `dir`, checks it (`nginx -t`), starts nginx in the foreground
 * (a child of this process) and waits for its port. Returns the child and the config path.
 */
export async function startNginx({ bin = findNginx(), dir, port, upstreams, stdio = 'inherit' }) {
  if (!bin) throw new Error(`nginx not found at ${process.env.NGINX || DEFAULT_NGINX}: apt-get install -y nginx-light`);
  fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig({ dir, port, upstreams }));
  // -e: the error log before the config is read (else nginx tries /var/log/nginx first).
  const args = ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf];
  const check = await new Promise((resolve) => {
    const t = spawn(bin, [...args, '-t', '-q'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    t.stdout.on('data', (d) => { out += d; });
    t.stderr.on('data', (d) => { out += d; });
    t.on('exit', (code) => resolve({ code, out }));
  });
  if (check.code !== 0) throw new Error(`nginx rejected ${conf}:\n${check.out}`);
  const child = spawn(bin, [...args, '-g', 'daemon off;'], { stdio });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  await Promise.race([
    waitForPort(port),
    exited.then((code) => { throw new Error(`nginx exited (${code}); see ${path.join(dir, 'error.log')}`); }),
  ]);
  return { child, conf, exited };
}
