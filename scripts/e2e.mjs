#!/usr/bin/env node
// Browser journeys in Debian's Chromium. Without /usr/bin/chromium: a loud skip locally,
// a failure under CI (docs/architecture.md, Tests).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  const banner = `\n${'!'.repeat(72)}\n  Chromium not found at ${chromium}: browser journeys NOT run.\n  Install it with: apt-get install -y chromium\n${'!'.repeat(72)}\n`;
  if (process.env.CI) {
    console.error(banner + '  CI is set: a missing browser is a failure.');
    process.exit(1);
  }
  console.warn(banner);
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env: process.env });
process.exit(result.status ?? 1);
