#!/usr/bin/env node
// `npm start`: build the web bundle and the server when missing or older than their sources,
// then run the server in this same process (one process to signal; no wrapper left behind).
import { pathToFileURL } from 'node:url';
import { SERVER_ENTRY, buildServer, canBuildServer, serverBuildIsStale } from './server-build.mjs';
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
// The server as built JavaScript (scripts/server-build.mjs), normally made by `npm ci`; when it
// cannot be built here, from its TypeScript sources through tsx, as `npm run dev` does.
let built = !serverBuildIsStale(); // stale when missing, too
if (!built && (await canBuildServer())) {
  try {
    await buildServer();
    built = true;
  } catch (err) {
    console.error(`The server build failed (${err.message}); running it from its sources.`);
  }
}
if (built) {
  await import(pathToFileURL(SERVER_ENTRY).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/server/main.ts');
}
