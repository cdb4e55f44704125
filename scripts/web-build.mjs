// The web app's build (dist/web for browsers, dist/ssr for the server renderer): whether it is
// missing or older than its sources, and making it. Used by `npm start` (scripts/start.mjs), by
// `npm ci`/`npm install` (the `prepare` script, scripts/prepare.mjs) and by the bench.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILT = ['dist/web/index.html', 'dist/ssr/entry-server.js'].map((p) => path.join(ROOT, p));
const SOURCES = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(ROOT, p));

export function newestMtime(target) {
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

/** When the older of the two builds was made (0 when one is missing). */
export function webBuiltAt() {
  return Math.min(...BUILT.map((file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0));
}

export function webBuildIsStale() {
  return Math.max(...SOURCES.map(newestMtime)) > webBuiltAt();
}

/** True when vite (a development dependency) is installed, i.e. the app can be built here. */
export function canBuildWeb() {
  return fs.existsSync(path.join(ROOT, 'node_modules/vite/bin/vite.js'));
}

/** Both builds, in this order; throws when one fails (its output went to this terminal). */
export function buildWeb() {
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  for (const args of [['build'], ['build', '--ssr']]) {
    const result = spawnSync(process.execPath, [vite, ...args, '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`vite ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}
