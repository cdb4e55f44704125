#!/usr/bin/env node
// The crash benchmark alone: `node bench/resilience.mjs [embedded|external]`.
import { register } from 'tsx/esm/api';

register();
const { runResilience, resilienceRows } = await import('./resilience.ts');
const { formatTable } = await import('./suite.ts');
const variants = process.argv.slice(2).filter((a) => a === 'embedded' || a === 'external');
const results = await runResilience({ log: console.log, variants: variants.length ? variants : undefined });
console.log(`\n${formatTable(resilienceRows(results))}\n`);
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
