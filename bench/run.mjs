#!/usr/bin/env node
// `npm run bench`: every load scenario, then the crash (resilience) benchmark; one table at the
// end, written to bench/results/summary.json.
// `node bench/run.mjs load`: only the load scenarios; `node bench/run.mjs resilience`: only the
// crash benchmark (both write summary.json).
// `node bench/run.mjs <scenario>…`: only the named load scenarios, e.g. `feed`,
// `feed-signed-in`, `product-by-id`, `household`, `household-products`, `feed-uncached`,
// `product-uncached` (public cache off), `checkout`, `memory` (at rest and the peak of the loads
// run with it; alone it runs the cached reads and checkout), `restart`, `first-start`, `search`,
// `mail` (checkouts at 500 orders/s for 60 s, mail sent over SMTP to a local sink; the age of the
// oldest unsent mail: bench/lib/mail-scenario.ts), `mail-outbox` (the same mail written straight
// into the outbox: what the sender alone keeps up with).
// Each writes its bench/results/<scenario>.json but leaves summary.json alone.
// `node bench/run.mjs scale`: a busy year on SCALE_DATABASE_URL (bench/scale.ts, seed it first
// with `npm run admin -- seed-scale`).
// The benchmark modules are TypeScript (they reuse the app's search keys and token signing).
import { register } from 'tsx/esm/api';

register();

// `npm run bench -- scale`: the busy year on SCALE_DATABASE_URL (bench/scale.ts), alone.
if (process.argv[2] === 'scale') {
  const { runScale, formatScale } = await import('./scale.ts');
  const { rows } = await runScale();
  for (const r of rows) if (r.plan) console.log(`\n## ${r.name}\n${r.plan.join('\n')}`);
  console.log(`\n${formatScale(rows)}\n`);
  const failed = rows.filter((r) => r.met === false);
  console.log(failed.length ? `${failed.length} target(s) not met: ${failed.map((r) => r.name).join('; ')}` : 'Every target met.');
  console.log('Results: bench/results/scale.json');
  process.exit(failed.length ? 1 : 0);
}
const { runSuite, SCENARIOS, formatTable, writeSummary } = await import('./suite.ts');
const { runResilience, resilienceRows } = await import('./resilience.ts');
const { runMailOnly } = await import('./lib/mail-scenario.ts');

const args = process.argv.slice(2);
const stages = new Set(['load', 'resilience']);
const scenarios = args.filter((a) => !stages.has(a));
const MAIL = ['mail', 'mail-outbox'];
const unknown = scenarios.filter((a) => !MAIL.includes(a) && !SCENARIOS.includes(a));
if (unknown.length) {
  console.error(`Unknown scenario(s): ${unknown.join(', ')}. Known: load, resilience, ${SCENARIOS.join(', ')}, ${MAIL.join(', ')}.`);
  process.exit(2);
}
const full = args.length === 0;
const rows = [];
const extra = {};
const suiteScenarios = scenarios.filter((a) => !MAIL.includes(a));
if (full || args.includes('load')) rows.push(...(await runSuite()));
else if (suiteScenarios.length) rows.push(...(await runSuite(suiteScenarios)));
if (full || args.includes('load')) rows.push(...(await runMailOnly()));
else if (scenarios.some((a) => MAIL.includes(a))) rows.push(...(await runMailOnly(MAIL.filter((a) => scenarios.includes(a)))));
if (full || args.includes('resilience')) {
  const results = await runResilience({ log: console.log });
  extra.resilience = results;
  rows.push(...resilienceRows(results));
}
// A run of single scenarios leaves summary.json (the full run's table) alone.
if (scenarios.length === 0) writeSummary(rows, extra);
console.log(`\n${formatTable(rows)}\n`);
const failed = rows.filter((r) => r.met === false);
console.log(failed.length ? `${failed.length} target(s) not met: ${failed.map((r) => r.scenario).join('; ')}` : 'Every target met.');
console.log('Results: bench/results/*.json');
process.exitCode = failed.length ? 1 : 0;
