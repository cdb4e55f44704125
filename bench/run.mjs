#!/usr/bin/env node
// `npm run bench`: load scenarios, then the crash (resilience) benchmark; one table at the end.
// `node bench/run.mjs load|resilience|checkout|mail`: only those stages (checkout: only the
// checkout scenario, not part of the default run, which has it inside `load`; it writes
// bench/results/checkout.json but not summary.json; mail: 500 orders/s for 60 s with mail
// sent over SMTP to a local sink, bench/lib/mail-scenario.ts, writes bench/results/mail.json).
// The benchmark modules are TypeScript (they reuse the app's search keys and token signing).
import { register } from 'tsx/esm/api';

register();
const { runSuite, runCheckoutOnly, formatTable, writeSummary } = await import('./suite.ts');
const { runResilience, resilienceRows } = await import('./resilience.ts');
const { runMailOnly } = await import('./lib/mail-scenario.ts');

const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);
const rows = [];
const extra = {};
if (want('load')) rows.push(...(await runSuite()));
if (only.includes('checkout')) rows.push(...(await runCheckoutOnly()));
if (only.includes('mail')) rows.push(...(await runMailOnly()));
if (want('resilience')) {
  const results = await runResilience({ log: console.log });
  extra.resilience = results;
  rows.push(...resilienceRows(results));
}
// A run of only the checkout and/or mail stages leaves summary.json (the full run's table) alone.
if (!(only.length > 0 && only.every((name) => name === 'checkout' || name === 'mail'))) writeSummary(rows, extra);
console.log(`\n${formatTable(rows)}\n`);
const failed = rows.filter((r) => r.met === false);
console.log(failed.length ? `${failed.length} target(s) not met: ${failed.map((r) => r.scenario).join('; ')}` : 'Every target met.');
console.log('Results: bench/results/*.json');
process.exitCode = failed.length ? 1 : 0;
