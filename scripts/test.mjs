#!/usr/bin/env node
// `npm test`: the whole suite, in order, stopping at the first failure:
// typecheck, lint, unit + component + API tests (Vitest), web build + bundle budget, browser journeys.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', ['npm', 'run', '--silent', 'typecheck']],
  ['lint', ['npm', 'run', '--silent', 'lint']],
  ['unit, component and API tests', ['npx', 'vitest', 'run']],
  ['web build', ['npx', 'vite', 'build', '--logLevel', 'warn']],
  ['server renderer build', ['npx', 'vite', 'build', '--ssr', '--logLevel', 'warn']],
  ['bundle size budget', ['node', 'scripts/bundle-size.mjs']],
  ['browser journeys', ['node', 'scripts/e2e.mjs']],
];

for (const [name, [cmd, ...args]] of steps) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
  console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
console.log('\nAll checks passed.');
