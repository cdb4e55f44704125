#!/usr/bin/env node
// Fails when the JavaScript a visitor of `/` downloads exceeds the budget: 122 KB gzip, the
// target of docs/performance.md (Page speed, where the sizes are, and why it moved from 120 and 121). It holds because the app's own
// router and translator replaced react-router and i18next and the first load is one chunk beside
// React DOM (vite.config.ts, firstLoadChunks). Counted: the entry chunk (boot.ts) and what it imports,
// boot.ts's two steps (React DOM, then main.tsx) with their static imports, and the feed page,
// read from Vite's build manifest and the chunks' source maps.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_BYTES = 122 * 1024;
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
for (const file of [...files].filter((f) => f.endsWith('.js'))) {
  const gz = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  JavaScript for / (gzip); budget ${BUDGET_BYTES / 1024} KB`);
if (total > BUDGET_BYTES) { console.error('Over budget.'); process.exit(1); }
