#!/usr/bin/env node
// `npm ci` / `npm install` (the `prepare` script): build the web app and render the demo seed's
// sample images now, so that the first `npm start` does neither (it would take it from ~5 s to
// well over 20 s). The web build is skipped when it is current, when
// vite is not installed (`npm ci --omit=dev`: build elsewhere and copy dist/), and with
// SKIP_WEB_BUILD=true. A failed build does not fail the install: `npm start` tries again and
// shows the error.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildServer, canBuildServer, serverBuildIsStale } from './server-build.mjs';
import { ROOT, buildWeb, canBuildWeb, webBuildIsStale } from './web-build.mjs';

if (process.env.SKIP_WEB_BUILD === 'true') process.exit(0);
const canBuild = canBuildWeb();
if (!canBuild) console.log('prepare: vite is not installed (production-only install); not building the web app.');
if (canBuild && webBuildIsStale()) {
  console.log('prepare: building the web app (dist/web, dist/ssr)…');
  try {
    buildWeb();
  } catch (err) {
    console.warn(`prepare: ${err.message}; \`npm start\` will try again.`);
  }
}
if (serverBuildIsStale() && (await canBuildServer())) {
  try {
    await buildServer();
    console.log('prepare: built the server (dist/server).');
  } catch (err) {
    console.warn(`prepare: the server build failed (${err.message}); \`npm start\` will try again.`);
  }
}
// A failure here only means the first start renders them itself.
const images = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/server/db/seed/prerender-images.ts'], { cwd: ROOT, stdio: 'inherit' });
if (images.status !== 0) console.warn('prepare: the sample images could not be rendered now; the first start will.');
