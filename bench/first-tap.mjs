#!/usr/bin/env node
// The first tap on a cheap phone: Chromium at 390×844 with the CPU slowed by CDP (4× unless
// --cpu=N) and a slow 4G network (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up), a fresh
// context (no cache, no storage, no service worker) for every run, Serbian. What it measures
// (docs/performance.md, First tap):
//   feed@0, feed@2s        "Додај у корпу" on the feed's first card, tapped at the load event or
//                          2 s after it → the basket badge or a toast is on screen
//   product@0, product@2s  the same on a product page
//   feed@3s, product@3s    the same 3 s after the load event (only when named in --only: the
//                          6× phone's figure, --cpu=6 --only=feed@3s,product@3s)
//   card→page@0, @2s       the first card's name tapped → the product page's heading on screen
//   blocking 10 s          nobody touches `/` for 10 s: the sum of (long task − 50 ms), and when
//                          the app was ready (<html data-ready>)
// Times are the page's own: from the tap's event timestamp to the animation frame in which the
// answer is first in the document (the frame that paints it), so the harness's round trips
// are not counted. Several servers are measured interleaved (A, B, A, B…), which is the only
// fair comparison on a shared machine:
//   node bench/first-tap.mjs --url=base=http://127.0.0.1:3471 --url=new=http://127.0.0.1:3472 [--runs=3] [--cpu=4] [--only=feed@2s,...] [--out=bench/results/first-tap.json]
// (`--compare=[label=]URL` is another --url: the previous build beside this one.)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=').slice(1).join('=');
const options = (name) => args.filter((a) => a.startsWith(`--${name}=`)).map((a) => a.split('=').slice(1).join('='));

const targets = [...options('url'), ...options('compare')].map((value, i) => {
  const match = /^([\w.-]+)=(https?:.*)$/.exec(value);
  return match ? { label: match[1], base: match[2].replace(/\/$/, '') } : { label: String.fromCharCode(65 + i), base: value.replace(/\/$/, '') };
});
if (targets.length === 0) {
  console.error('Usage: node bench/first-tap.mjs --url=[label=]http://host:port [--url=...] [--runs=3] [--cpu=4] [--only=a,b] [--out=file]');
  process.exit(1);
}
const RUNS = Number(option('runs') ?? 3);
const CPU = Number(option('cpu') ?? 4);
const ONLY = option('only')?.split(',');
const OUT = option('out');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ADD = '[data-testid="product-card"] button[aria-label^="Додај у корпу"]';
const ADD_ON_PRODUCT = 'main button:has-text("Додај у корпу")';
const ANSWER = '[data-testid="basket-badge"], [data-sonner-toast], [data-early-toast]';
const TIMEOUT = 30_000;

/**
 * In every document of the context: the first pointerdown's time (epoch ms) goes to sessionStorage,
 * and from then an animation-frame loop notes when the awaited answer is in the document.
 */
function instrument({ answer }) {
  const epoch = () => performance.timeOrigin + performance.now();
  const state = (window.__ft = { longTasks: [], ready: null });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver(() => {
    if (state.ready === null && document.documentElement?.dataset.ready === 'true') state.ready = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
  const watch = () => {
    const want = sessionStorage.getItem('ft.want');
    if (!want || sessionStorage.getItem('ft.done')) return;
    const found = () => (want === 'answer' ? document.querySelector(answer) : [...document.querySelectorAll('h1')].find((h) => h.textContent?.trim() === want));
    const frame = () => {
      if (found()) sessionStorage.setItem('ft.done', String(epoch()));
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  addEventListener('pointerdown', (event) => {
    if (sessionStorage.getItem('ft.tap')) return;
    sessionStorage.setItem('ft.tap', String(performance.timeOrigin + event.timeStamp));
    watch();
  }, { capture: true });
  if (sessionStorage.getItem('ft.tap')) watch(); // a navigation started by the tap: this is the page it led to
}

async function phone(browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true,
    locale: 'sr-RS', extraHTTPHeaders: { 'Accept-Language': 'sr-RS,sr;q=0.9' }, serviceWorkers: 'block',
  });
  await context.addInitScript(instrument, { answer: ANSWER });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  return { context, page };
}

/** Waits (surviving navigations) until the page noted the answer; returns tap → answer in ms. */
async function answered(page) {
  const deadline = Date.now() + TIMEOUT;
  while (Date.now() < deadline) {
    try {
      const times = await page.evaluate(() => [sessionStorage.getItem('ft.tap'), sessionStorage.getItem('ft.done')]);
      if (times[0] && times[1]) return Number(times[1]) - Number(times[0]);
    } catch {
      // the tap navigated: the next document is on its way
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no answer within 30 s');
}

/** Until `ms` after the load event (page time). */
async function waitAfterLoad(page, ms) {
  if (ms <= 0) return;
  const loadEnd = await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? 0);
  await page.waitForFunction((until) => performance.now() >= until, loadEnd + ms, { polling: 50 });
}

const SCENARIOS = {
  'feed@0': (t) => tapAdd(t, '/', ADD, 0),
  'feed@2s': (t) => tapAdd(t, '/', ADD, 2000),
  'product@0': (t) => tapAdd(t, t.productPath, ADD_ON_PRODUCT, 0),
  'product@2s': (t) => tapAdd(t, t.productPath, ADD_ON_PRODUCT, 2000),
  'feed@3s': (t) => tapAdd(t, '/', ADD, 3000),
  'product@3s': (t) => tapAdd(t, t.productPath, ADD_ON_PRODUCT, 3000),
  'card→page@0': (t) => tapCard(t, 0),
  'card→page@2s': (t) => tapCard(t, 2000),
  'blocking 10 s': (t) => untouched(t),
};

async function tapAdd(target, path, selector, after) {
  const { context, page } = await phone(browser);
  try {
    await page.goto(target.base + path, { waitUntil: 'load' });
    await page.evaluate(() => sessionStorage.setItem('ft.want', 'answer'));
    await waitAfterLoad(page, after);
    await page.locator(selector).first().tap({ timeout: TIMEOUT });
    return await answered(page);
  } finally {
    await context.close();
  }
}

async function tapCard(target, after) {
  const { context, page } = await phone(browser);
  try {
    await page.goto(`${target.base}/`, { waitUntil: 'load' });
    const link = page.locator('[data-testid="product-card"] a[href^="/product/"]:not([aria-hidden])').first();
    const name = (await link.textContent())?.trim();
    await page.evaluate((want) => sessionStorage.setItem('ft.want', want), name);
    await waitAfterLoad(page, after);
    await link.tap({ timeout: TIMEOUT });
    return await answered(page);
  } finally {
    await context.close();
  }
}

async function untouched(target) {
  const { context, page } = await phone(browser);
  try {
    await page.goto(`${target.base}/`, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.now() >= 10_000, null, { polling: 200, timeout: 60_000 });
    const { longTasks, ready } = await page.evaluate(() => window.__ft);
    const within = longTasks.filter((t) => t.start < 10_000);
    const blocking = within.reduce((sum, t) => sum + Math.max(0, Math.min(t.duration, 10_000 - t.start) - 50), 0);
    const longest = Math.max(0, ...within.map((t) => t.duration));
    return { value: blocking, longest, ready };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const chromiumVersion = (() => {
  try {
    return execFileSync(CHROME_PATH, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
})();
const browser = await chromium.launch({ executablePath: fs.existsSync(CHROME_PATH) ? CHROME_PATH : undefined, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'] });
const loadBefore = os.loadavg();
const results = {};
try {
  for (const target of targets) {
    const res = await fetch(`${target.base}/api/products?limit=1`);
    const product = (await res.json()).items?.[0];
    if (!product) throw new Error(`${target.base}: no product`);
    target.productPath = `/product/${product.id}`;
    results[target.label] = {};
  }
  const names = Object.keys(SCENARIOS).filter((name) => (ONLY ? ONLY.includes(name) : !name.endsWith('@3s')));
  console.log(`First tap, CPU ${CPU}×, slow 4G, ${RUNS} runs interleaved over ${targets.map((t) => t.label).join(', ')}; ${chromiumVersion}; load average ${loadBefore.map((n) => n.toFixed(2)).join(' ')}`);
  for (const name of names) {
    for (let run = 0; run < RUNS; run += 1) {
      for (const target of run % 2 ? [...targets].reverse() : targets) {
        let outcome;
        try {
          const value = await SCENARIOS[name](target);
          outcome = typeof value === 'number' ? { value } : value;
        } catch (error) {
          outcome = { value: null, error: String(error.message ?? error).split('\n')[0] };
        }
        (results[target.label][name] ??= []).push(outcome);
      }
    }
    const line = targets.map((t) => {
      const runs = results[t.label][name];
      const values = runs.map((r) => r.value).filter((v) => v !== null);
      const extra = name === 'blocking 10 s' ? `, app ready ${runs.map((r) => (r.ready === null || r.ready === undefined ? '–' : Math.round(r.ready))).join('/')} ms, longest ${runs.map((r) => Math.round(r.longest ?? 0)).join('/')} ms` : '';
      return `${t.label} ${values.length ? Math.round(median(values)) : '–'} ms (${runs.map((r) => (r.value === null ? `✗ ${r.error}` : Math.round(r.value))).join(', ')}${extra})`;
    });
    console.log(`${name.padEnd(14)} ${line.join('   ')}`);
  }
} finally {
  await browser.close();
}
const loadAfter = os.loadavg();
console.log(`load average after: ${loadAfter.map((n) => n.toFixed(2)).join(' ')}`);
if (OUT) {
  const summary = Object.fromEntries(Object.entries(results).map(([label, byName]) => [label, Object.fromEntries(Object.entries(byName).map(([name, runs]) => {
    const values = runs.map((r) => r.value).filter((v) => v !== null);
    return [name, { median: values.length ? Math.round(median(values)) : null, runs }];
  }))]));
  fs.writeFileSync(OUT, `${JSON.stringify({ date: new Date().toISOString(), chromium: chromiumVersion, cpuSlowdown: CPU, network: { rttMs: 150, downMbit: 1.6, upKbit: 750 }, runs: RUNS, loadAverage: { before: loadBefore, after: loadAfter }, targets: targets.map(({ label, base }) => ({ label, base })), results: summary }, null, 2)}\n`);
}
