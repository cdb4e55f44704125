#!/usr/bin/env node
// `npm test`: the whole suite, in order, stopping at the first failure:
// typecheck, lint, unit + component + API tests (Vitest), the cluster test (test/cluster.test.ts,
// alone: it runs three instances, a Patroni pair with etcd, PgBouncer, Redis and nginx under load,
// and the other files' load would only stretch its windows), web build + bundle budget, the
// blocking time of an untouched page on a slowed CPU, browser journeys.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', ['npm', 'run', '--silent', 'typecheck']],
  ['lint', ['npm', 'run', '--silent', 'lint']],
  ['unit, component and API tests', ['npx', 'vitest', 'run', '--exclude', 'test/cluster.test.ts']],
  ['cluster test (three instances, PgBouncer, a Patroni pair, Redis; failure drills, the leader killed twice)', ['npx', 'vitest', 'run', 'test/cluster.test.ts']],
  ['web build', ['npx', 'vite', 'build', '--logLevel', 'warn']],
  ['server renderer build', ['npx', 'vite', 'build', '--ssr', '--logLevel', 'warn']],
  ['bundle size budget', ['node', 'scripts/bundle-size.mjs']],
  ['blocking-time budget (a page nobody touches, CPU 4x applied)', ['node', 'scripts/blocking-time.mjs']],
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
