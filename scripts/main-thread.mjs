#!/usr/bin/env node
// The main thread's work while a page loads and starts, measured as CPU time: Lighthouse's
// figures are wall-clock times (and its Total Blocking Time multiplies them by 4), so on a
// shared machine a busy neighbour inflates them; the thread's own CPU time barely moves.
//   node scripts/main-thread.mjs --url=http://127.0.0.1:3000 [--runs=3] [--path=/search ...] [--tasks=8]
// Needs a running server (npm start, or the one `npm run lighthouse` starts is gone when it
// ends). Per page and run: CPU of the renderer's main thread from first paint on, the tasks
// that would be "long" on Lighthouse's phone (4x slower: CPU x 4 > 50 ms), their blocking
// time by Lighthouse's formula, and with --tasks=N the N costliest tasks and what ran in them.
// The wall-clock sum beside the CPU sum shows how much the neighbours stretch the same work.
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=').slice(1).join('=');
const options = (name) => args.filter((a) => a.startsWith(`--${name}=`)).map((a) => a.split('=').slice(1).join('='));

const base = option('url')?.replace(/\/$/, '');
if (!base) {
  console.error('Usage: node scripts/main-thread.mjs --url=http://host:port [--runs=3] [--path=/x ...] [--tasks=N]');
  process.exit(1);
}
const RUNS = Number(option('runs') ?? 3);
const SHOW_TASKS = Number(option('tasks') ?? 0);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const SLOWDOWN = 4; // Lighthouse's mobile preset
const LONG_TASK_MS = 50;

async function pages() {
  const given = options('path');
  if (given.length) return given;
  const list = ['/'];
  const res = await fetch(`${base}/api/products?limit=1`);
  const product = res.ok ? (await res.json()).items?.[0] : undefined;
  if (product?.id) list.push(`/product/${product.id}`);
  if (product?.householdId) list.push(`/household/${product.householdId}`);
  list.push('/search');
  return list;
}

/** Loads the page in a phone-sized, uncached context, reaches for it, and records a trace until the app has hydrated (<html data-ready>). */
async function trace(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const events = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading'] } });
    await page.goto(url, { waitUntil: 'load' });
    // A complete public page starts its app when the visitor reaches for it (src/web/lib/early-start.ts):
    // a key (Shift, which does nothing), and the time from then until the app is ready is what a first tap waits.
    const reached = await page.evaluate(() => performance.now());
    await page.keyboard.press('Shift');
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 60_000 });
    const readyAfter = (await page.evaluate(() => performance.now())) - reached;
    await page.waitForTimeout(1500); // what the app does right after hydrating (effects, the toaster)
    await cdp.send('Tracing.end');
    await complete;
    return { events, readyAfter };
  } finally {
    await context.close();
  }
}

function summarise(events) {
  // The page's main thread is the one that painted it.
  const paint = events.find((e) => e.name === 'firstContentfulPaint');
  if (!paint) throw new Error('no firstContentfulPaint in the trace');
  const onMain = events.filter((e) => e.pid === paint.pid && e.tid === paint.tid && e.ph === 'X');
  const fcp = paint.ts;
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ts >= fcp).map((t) => ({ ...t, cpu: (t.tdur ?? t.dur) / 1000 }));
  let cpu = 0;
  let wall = 0;
  let blocking = 0;
  let long = 0;
  for (const t of tasks) {
    cpu += t.cpu;
    wall += t.dur / 1000;
    const onPhone = t.cpu * SLOWDOWN;
    if (onPhone > LONG_TASK_MS) {
      long += 1;
      blocking += onPhone - LONG_TASK_MS;
    }
  }
  const costliest = [...tasks].sort((a, b) => b.cpu - a.cpu).slice(0, SHOW_TASKS).map((t) => {
    const inside = onMain
      .filter((e) => e.name !== 'RunTask' && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && (e.tdur ?? 0) > 1000)
      .slice(0, 4)
      .map((e) => `${e.name}${e.args?.data?.url ? `(${e.args.data.url.split('/').pop()})` : ''} ${(e.tdur / 1000).toFixed(1)}`);
    return `    +${((t.ts - fcp) / 1000).toFixed(0)} ms: ${t.cpu.toFixed(1)} ms CPU  ${inside.join(' | ')}`;
  });
  return { cpu, wall, long, blocking, longest: Math.max(0, ...tasks.map((t) => t.cpu)), costliest };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const browser = await chromium.launch({ executablePath: fs.existsSync(CHROME_PATH) ? CHROME_PATH : undefined, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  console.log(`Main thread from first paint on, CPU time (load average ${(await import('node:os')).loadavg().map((n) => n.toFixed(2)).join(' ')})`);
  for (const path of await pages()) {
    const results = [];
    for (let i = 0; i < RUNS; i += 1) {
      const { events, readyAfter } = await trace(browser, `${base}${path}`);
      results.push({ ...summarise(events), readyAfter });
    }
    const m = (key) => median(results.map((r) => r[key]));
    console.log(`${path}: ${m('cpu').toFixed(0)} ms CPU (${m('wall').toFixed(0)} ms wall-clock); longest task ${m('longest').toFixed(1)} ms; on a ${SLOWDOWN}x slower phone ${m('long')} long tasks, blocking ${m('blocking').toFixed(0)} ms; the app ready ${m('readyAfter').toFixed(0)} ms after the visitor reached for the page (medians of ${RUNS})`);
    for (const line of results[0].costliest) console.log(line);
  }
} finally {
  await browser.close();
}
