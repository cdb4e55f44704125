#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile preset: emulated phone, simulated slow 4G and 4x CPU)
// 3 times on `/`, a product page, a household page and `/search`, against the seeded server
// in production mode.
// Prints the median scores, writes bench/results/lighthouse.json, and with --strict exits
// non-zero when a median is below its target.
//   node scripts/lighthouse.mjs [--strict] [--runs=N] [--url=[label=]http://host:port] [--compare=[label=]http://host:port] [--no-build] [--save-reports] [--out=file]
// --url measures a server that is already running instead of starting one; --compare measures a
// second running server in the same run, alternating the two (A B, B A…) page by page and run by
// run: on a shared machine the only fair comparison (docs/performance.md, Page speed). Its
// figures go beside the first's in bench/results/lighthouse.json (`compared`; --compare may be
// given more than once: each server in turn). --save-reports
// keeps each run's full report (HTML) in test-results/lighthouse/ to see what costs points.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startSeededServer } from './lib/seeded-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=').slice(1).join('=');

const RUNS = Number(option('runs') ?? 3);
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const CATEGORIES = Object.keys(TARGETS);
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic',
  '--disable-default-apps', '--disable-extensions', '--mute-audio',
];

const REPORT_DIR = path.join(root, 'test-results/lighthouse');

async function runOnce(url, name) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    // No config: Lighthouse's default, the mobile preset.
    const output = flag('save-reports') ? 'html' : 'json';
    const result = await lighthouse(url, { port: chrome.port, output, logLevel: 'error', onlyCategories: CATEGORIES });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    if (flag('save-reports')) {
      fs.mkdirSync(REPORT_DIR, { recursive: true });
      const base = path.join(REPORT_DIR, name);
      fs.writeFileSync(`${base}.html`, result.report);
      fs.writeFileSync(`${base}.json`, JSON.stringify(result.lhr));
    }
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

function chromiumVersion() {
  try {
    return execFileSync(CHROME_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Audits that cost points in a run: id, title, score, and the displayed value if any. */
function failingAudits(lhr) {
  const out = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual') continue;
      // Performance metrics score on a curve: only report the ones clearly below par.
      if (ref.weight === 0 && category === 'performance' && audit.score >= 0.9) continue;
      out.push({ category, id: ref.id, score: audit.score, displayValue: audit.displayValue ?? null, title: audit.title });
    }
  }
  return out;
}

/** `[label=]http://host:port` → { label, base }. */
function target(value, fallback) {
  const match = /^([\w.-]+)=(https?:.*)$/.exec(value);
  return match ? { label: match[1], base: match[2].replace(/\/$/, '') } : { label: fallback, base: value.replace(/\/$/, '') };
}

/** The four pages of a server: `/`, its first product and that product's household, `/search`. */
async function pagesOf(base) {
  const pages = [{ name: '/', slug: 'home', url: `${base}/` }];
  const res = await fetch(`${base}/api/products?limit=1`);
  const product = res.ok ? (await res.json()).items?.[0] : undefined;
  if (product?.id) pages.push({ name: '/product/:id', slug: 'product', url: `${base}/product/${product.id}` });
  else console.warn(`No product from ${base}/api/products?limit=1 (status ${res.status}): the product page is not measured.`);
  if (product?.householdId) pages.push({ name: '/household/:id', slug: 'household', url: `${base}/household/${product.householdId}` });
  else console.warn('No household id on the first product: the household page is not measured.');
  pages.push({ name: '/search', slug: 'search', url: `${base}/search` });
  return pages;
}

async function main() {
  if (!fs.existsSync(CHROME_PATH)) {
    console.error(`Chromium not found at ${CHROME_PATH} (set CHROME_PATH).`);
    process.exit(1);
  }
  const given = option('url');
  const started = given ? null : await startSeededServer({ skipBuild: flag('no-build') });
  const server = given ? { ...target(given, 'this'), stop: async () => {} } : { label: 'this', ...started };
  const compares = args.filter((a) => a.startsWith('--compare=')).map((a, i) => target(a.slice('--compare='.length), i ? `compared-${i + 1}` : 'compared'));
  const compared = compares.length > 0;
  const report = {
    date: new Date().toISOString(),
    lighthouseVersion: null,
    chromium: chromiumVersion(),
    preset: 'mobile (default config)',
    runs: RUNS,
    targets: TARGETS,
    // The machine may be shared: the load average before and after the runs (1, 5, 15 min).
    loadAverage: { before: os.loadavg().map((n) => Number(n.toFixed(2))), after: null },
    cpus: os.cpus().length,
    label: server.label,
    pages: {},
    ...(compared ? { compared: compares.map(({ label, base }) => ({ label, base, pages: {} })) } : {}),
  };
  try {
    const servers = [{ ...server, pages: await pagesOf(server.base), out: report.pages }];
    for (const [i, other] of compares.entries()) servers.push({ ...other, pages: await pagesOf(other.base), out: report.compared[i].pages });

    for (const [index, page] of servers[0].pages.entries()) {
      const runsOf = new Map(servers.map((s) => [s, []]));
      for (let i = 0; i < RUNS; i += 1) {
        for (const s of i % 2 ? [...servers].reverse() : servers) {
          const own = s.pages.find((p) => p.name === page.name) ?? s.pages[index];
          await measure(own, i, s, runsOf.get(s));
        }
      }
      for (const s of servers) {
        const own = s.pages.find((p) => p.name === page.name) ?? s.pages[index];
        summarize(own, runsOf.get(s), s);
      }
    }
  } finally {
    report.loadAverage.after = os.loadavg().map((n) => Number(n.toFixed(2)));
    await server.stop();
  }

  async function measure(page, i, s, runs) {
    const tag = compared ? `${s.label} ` : '';
    process.stdout.write(`Lighthouse ${tag}${page.name} run ${i + 1}/${RUNS}… `);
    const loadAverage = Number(os.loadavg()[0].toFixed(2));
    let lhr = await runOnce(page.url, `${compared ? `${s.label}-` : ''}${page.slug}-${i + 1}`);
    // A run that Lighthouse itself could not measure (e.g. NO_NAVSTART: no navigation in
    // its trace; docs/performance.md) scores 0 without saying anything about the page: it is
    // recorded and run again, twice at most.
    const lighthouseErrors = [];
    while (lhr.runtimeError && lighthouseErrors.length < 2) {
      lighthouseErrors.push(lhr.runtimeError.code);
      process.stdout.write(`Lighthouse error ${lhr.runtimeError.code}, again… `);
      lhr = await runOnce(page.url, `${compared ? `${s.label}-` : ''}${page.slug}-${i + 1}`);
    }
    report.lighthouseVersion = lhr.lighthouseVersion;
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const metrics = Object.fromEntries(
      ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map((id) => [id, lhr.audits[id]?.numericValue ?? null]),
    );
    console.log(`${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')} (load ${loadAverage})`);
    runs.push({ scores, metrics, loadAverage, failing: failingAudits(lhr), runWarnings: lhr.runWarnings, runtimeError: lhr.runtimeError?.code ?? null, lighthouseErrors });
  }

  function summarize(page, runs, s) {
    const medians = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]));
    const metricMedians = Object.fromEntries(Object.keys(runs[0]?.metrics ?? {}).map((id) => [id, median(runs.map((r) => r.metrics[id]).filter((v) => v !== null))]));
    const failing = new Map();
    for (const run of runs) for (const audit of run.failing) if (!failing.has(audit.id)) failing.set(audit.id, audit);
    s.out[page.name] = { url: page.url.replace(s.base, ''), medians, metricMedians, runs, failingAudits: [...failing.values()] };
  }

  console.log(`\n${report.chromium}; load average ${report.loadAverage.before.join(' ')} before, ${report.loadAverage.after.join(' ')} after (${report.cpus} CPUs)`);
  console.log('Median of %d runs (mobile preset):', RUNS);
  const head = ['page', ...CATEGORIES];
  const rows = Object.entries(report.pages).map(([name, page]) => [name, ...CATEGORIES.map((c) => String(page.medians[c]))]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(line(head));
  console.log(line(['target', ...CATEGORIES.map((c) => `>=${TARGETS[c]}`)]));
  for (const row of rows) console.log(line(row));
  if (report.compared) {
    const ms = (page, id) => { const v = page.metricMedians[id]; return v === null || v === undefined ? '–' : `${Math.round(v)}`; };
    console.log(`\nSide by side (medians; performance, LCP ms, TBT ms): ${[report.label, ...report.compared.map((c) => c.label)].join(' | ')}`);
    for (const [name, page] of Object.entries(report.pages)) {
      const others = report.compared.map((c) => c.pages[name]);
      const cell = (p) => (p ? `${p.medians.performance}, ${ms(p, 'largest-contentful-paint')}, ${ms(p, 'total-blocking-time')}` : '–');
      console.log(`${name.padEnd(widths[0])}  ${[page, ...others].map((p) => cell(p).padEnd(18)).join(' | ')}`);
    }
  }

  let belowTarget = false;
  for (const [name, page] of Object.entries(report.pages)) {
    for (const c of CATEGORIES) if (page.medians[c] < TARGETS[c]) belowTarget = true;
    if (page.failingAudits.length) {
      console.log(`\n${name}: audits losing points`);
      for (const a of page.failingAudits) console.log(`  [${a.category}] ${a.id} (score ${a.score}${a.displayValue ? `, ${a.displayValue}` : ''}): ${a.title}`);
    }
  }

  const out = option('out') ? path.resolve(option('out')) : path.join(root, 'bench/results/lighthouse.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(root, out)}`);
  if (belowTarget) {
    console.log(flag('strict') ? 'Below target: failing (--strict).' : 'Below target (run with --strict to fail).');
    if (flag('strict')) process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
