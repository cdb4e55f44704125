#!/usr/bin/env node
// Fails when the JavaScript of `/` exceeds its budgets (gzip; docs/performance.md, Page speed,
// where the sizes are and why they moved):
// - the page's load: what `/` runs before its load event, the entry chunk (boot.ts) and what it
//   imports statically. A complete page starts its app only when the visitor needs it
//   (docs/decisions/0045-start-when-needed.md): this is all a visitor who only reads runs.
// - the app's start: that, plus boot.ts's two steps (React DOM, then main.tsx) with their static
//   imports, and the feed page: what the first tap on a control (or a page that starts at once)
//   needs. It holds because the app's own router and translator replaced react-router and
//   i18next and the first load is one chunk beside React DOM (vite.config.ts, firstLoadChunks),
//   and since tailwind-merge's configuration holds only the app's class groups
//   (scripts/class-merge-config.mjs), jose left the browser (ADR 0045, The app's start, lighter)
//   and the service worker's registration left the start (ADR 0045, The app's start: each move
//   measured, where the moves not made are too).
// Read from Vite's build manifest and the chunks' source maps.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const LOAD_BUDGET_BYTES = 8 * 1024;
const BUDGET_BYTES = 118 * 1024;
const FEED_ROUTE = 'app/routes/feed.tsx';
const dist = path.resolve('dist/web');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) collect(dep);
}
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entry) { console.error('No entry in the Vite manifest'); process.exit(1); }
collect(entry);
const atLoad = new Set(files);
// boot.ts's steps (React DOM, then main.tsx), imported dynamically by boot.ts's chunk: the
// entry's, or one it imports.
for (const key of [entry, ...(manifest[entry].imports ?? [])]) {
  collect(key);
  for (const step of manifest[key].dynamicImports ?? []) collect(step);
}
/** Whether a collected chunk holds a module (read from the build's source maps). */
const modulesOf = (file) => {
  const map = path.join(dist, `${file}.map`);
  return fs.existsSync(map) ? JSON.parse(fs.readFileSync(map, 'utf8')).sources : [];
};
const holds = (suffix) => [...files].some((file) => file.endsWith('.js') && modulesOf(file).some((source) => source.endsWith(suffix)));
if (!holds('main.tsx')) { console.error('main.tsx is in none of the chunks boot.ts loads'); process.exit(1); }
// The feed page: in the first load's chunk (vite.config.ts, firstLoadChunks), else its own.
if (!holds(FEED_ROUTE)) {
  const feed = Object.keys(manifest).find((k) => k.endsWith(FEED_ROUTE));
  if (!feed) { console.error(`No ${FEED_ROUTE} chunk found`); process.exit(1); }
  collect(feed);
}

let total = 0;
let loadTotal = 0;
for (const file of [...files].filter((f) => f.endsWith('.js'))) {
  const gz = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  if (atLoad.has(file)) loadTotal += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}${atLoad.has(file) ? '  (at load)' : ''}`);
}
console.log(`${(loadTotal / 1024).toFixed(1).padStart(7)} KB  JavaScript / runs at load (gzip); budget ${LOAD_BUDGET_BYTES / 1024} KB`);
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  JavaScript for / with the app started (gzip); budget ${BUDGET_BYTES / 1024} KB`);
if (loadTotal > LOAD_BUDGET_BYTES || total > BUDGET_BYTES) { console.error('Over budget.'); process.exit(1); }
