#!/usr/bin/env node
// `npm start`: build the web bundle when it is missing or older than its sources, then run
// the server in this same process (one process to signal; no wrapper left behind).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Loading the server takes seconds; a SIGTERM meanwhile must not kill us before we could stop
// a PostgreSQL a killed predecessor left running: it is kept for src/server/main.ts to act on.
const keep = (signal) => { globalThis.domaceStopRequested ??= signal; };
process.once('SIGTERM', keep);
process.once('SIGINT', keep);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/web/index.html');
const builtRenderer = path.join(root, 'dist/ssr/entry-server.js');

function newestMtime(target) {
  const st = fs.statSync(target, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p));
// The older of the two builds (the browser's app and the server renderer) counts.
const builtAt = Math.min(...[builtIndex, builtRenderer].map((file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0));
if (process.env.SKIP_WEB_BUILD !== 'true' && Math.max(...sources.map(newestMtime)) > builtAt) {
  console.log(builtAt ? 'The web app changed since its last build: building it…' : 'Building the web app (first start)…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  for (const args of [['build'], ['build', '--ssr']]) {
    const result = spawnSync(process.execPath, [vite, ...args, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error('The web build failed; see above.');
      process.exit(result.status ?? 1);
    }
  }
}

// The quick start (`npm ci && npm start`, no NODE_ENV) runs in production mode with the sample
// data; a deployment that says NODE_ENV=production gets no demo accounts unless SEED_DEMO=true.
if (process.env.NODE_ENV === undefined || process.env.NODE_ENV === '') {
  process.env.NODE_ENV = 'production';
  process.env.SEED_DEMO ||= 'true';
}
process.chdir(root);
const { register } = await import('tsx/esm/api');
register();
await import('../src/server/main.ts');
