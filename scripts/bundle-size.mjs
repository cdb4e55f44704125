#!/usr/bin/env node
// Fails when the JavaScript a visitor of `/` downloads exceeds the budget (180 KB gzip; see
// docs/performance.md, Page speed: the second wave grew it from 158 to ~175 KB; the app's own
// router and translator in place of react-router and i18next brought it down again; the 120 KB
// target needs a lighter library still, not a split). That is the entry chunk (boot.ts), the app
// it starts (main.tsx) with their static imports (boot.ts's early import of React DOM is among
// them), and the lazily loaded
// feed route with its static imports, read from Vite's build manifest.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_BYTES = 180 * 1024;
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
const app = Object.keys(manifest).find((k) => k.endsWith('main.tsx'));
if (app) collect(app);
else { console.error('No main.tsx chunk in the Vite manifest'); process.exit(1); }
const feed = Object.keys(manifest).find((k) => k.endsWith(FEED_ROUTE));
if (feed) collect(feed);
else console.warn(`(no ${FEED_ROUTE} chunk found: measuring the entry only)`);

let total = 0;
for (const file of [...files].filter((f) => f.endsWith('.js'))) {
  const gz = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  JavaScript for / (gzip); budget ${BUDGET_BYTES / 1024} KB`);
if (total > BUDGET_BYTES) { console.error('Over budget.'); process.exit(1); }
