#!/usr/bin/env node
// `npm run bench`: load scenarios, then the crash (resilience) benchmark; one table at the end.
// The benchmark modules are TypeScript (they reuse the app's search keys and token signing).
import { register } from 'tsx/esm/api';

register();
const { runSuite, formatTable, writeSummary } = await import('./suite.ts');
const { runResilience, resilienceRows } = await import('./resilience.ts');

const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);
const rows = [];
const extra = {};
if (want('load')) rows.push(...(await runSuite()));
if (want('resilience')) {
  const results = await runResilience({ log: console.log });
  extra.resilience = results;
  rows.push(...resilienceRows(results));
}
writeSummary(rows, extra);
console.log(`\n${formatTable(rows)}\n`);
const failed = rows.filter((r) => r.met === false);
console.log(failed.length ? `${failed.length} target(s) not met: ${failed.map((r) => r.scenario).join('; ')}` : 'Every target met.');
console.log('Results: bench/results/*.json');
process.exitCode = failed.length ? 1 : 0;
