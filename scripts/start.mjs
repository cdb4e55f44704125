#!/usr/bin/env node
// `npm start`: build the web bundle when it is missing or older than its sources, then run
// the server in this same process (one process to signal; no wrapper left behind).
import { ROOT, buildWeb, webBuildIsStale, webBuiltAt } from './web-build.mjs';

// Loading the server takes seconds; a SIGTERM meanwhile must not kill us before we could stop
// a PostgreSQL a killed predecessor left running: it is kept for src/server/main.ts to act on.
const keep = (signal) => { globalThis.domaceStopRequested ??= signal; };
process.once('SIGTERM', keep);
process.once('SIGINT', keep);

const root = ROOT;
// Normally built by `npm ci` (the `prepare` script); rebuilt here when missing or stale.
if (process.env.SKIP_WEB_BUILD !== 'true' && webBuildIsStale()) {
  console.log(webBuiltAt() ? 'The web app changed since its last build: building it…' : 'Building the web app (first start)…');
  try {
    buildWeb();
  } catch (err) {
    console.error(`The web build failed (${err.message}); see above.`);
    process.exit(1);
  }
}

// The quick start (`npm ci && npm start`, no NODE_ENV) runs in production mode with the sample
// data; a deployment that says NODE_ENV=production gets no demo accounts unless SEED_DEMO=true.
if (process.env.NODE_ENV === undefined || process.env.NODE_ENV === '') {
  process.env.NODE_ENV = 'production';
  process.env.SEED_DEMO ||= 'true';
}
process.chdir(root);
const { register } = await import('tsx/esm/api');
register();
await import('../src/server/main.ts');
