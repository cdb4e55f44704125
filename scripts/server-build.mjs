// The server's build: src/server/main.ts and what it imports from src/ (not node_modules)
// bundled by esbuild into dist/server as plain JavaScript modules, so that `npm start` runs
// without compiling TypeScript in the process (tsx's loader thread and esbuild's service
// cost memory and a part of every start: docs/performance.md; docs/decisions/0020-server-build.md).
// Used by `npm start` (scripts/start.mjs, when the build is missing or older than its
// sources) and by `npm ci` (the `prepare` script).
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, newestMtime } from './web-build.mjs';

export const SERVER_DIR = path.join(ROOT, 'dist/server');
export const SERVER_ENTRY = path.join(SERVER_DIR, 'main.mjs');
const SOURCES = ['src/server', 'src/shared', 'package-lock.json', 'scripts/server-build.mjs'].map((p) => path.join(ROOT, p));

/** A file kept this long after a newer build stopped naming it (a server still starting may load it). */
const OLD_CHUNK_MS = 10 * 60_000;

export function serverBuildIsStale() {
  const built = fs.statSync(SERVER_ENTRY, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return Math.max(...SOURCES.map(newestMtime)) > built;
}

/** True when esbuild (a dependency) can be loaded, i.e. the server can be built here. */
export async function canBuildServer() {
  try {
    await import('esbuild');
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds dist/server. Every file is written under a temporary name and renamed, the entry
 * last: chunks are named by their content, so a server starting meanwhile (or a second build
 * at the same time) finds either the old entry and its chunks or the new ones, never half a
 * file. Throws when esbuild reports an error.
 */
export async function buildServer() {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { main: 'src/server/main.ts' },
    outdir: SERVER_DIR,
    bundle: true,
    splitting: true, // main.ts loads most of the server while PostgreSQL starts
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external', // node_modules stay where they are; #shared/* and #server/* are ours
    outExtension: { '.js': '.mjs' },
    keepNames: true,
    sourcemap: 'linked', // `node --enable-source-maps` maps stack traces back to src/
    legalComments: 'none',
    logLevel: 'silent',
    write: false,
  });
  fs.mkdirSync(SERVER_DIR, { recursive: true });
  const written = new Set();
  const entryFiles = [];
  for (const file of result.outputFiles) {
    written.add(path.basename(file.path));
    if (path.basename(file.path).startsWith('main.')) { entryFiles.push(file); continue; }
    writeAtomically(file.path, file.contents);
  }
  for (const file of entryFiles) writeAtomically(file.path, file.contents);
  const now = Date.now();
  for (const name of fs.readdirSync(SERVER_DIR)) {
    const file = path.join(SERVER_DIR, name);
    if (written.has(name)) continue;
    const st = fs.statSync(file, { throwIfNoEntry: false });
    if (st && now - st.mtimeMs > OLD_CHUNK_MS) fs.rmSync(file, { force: true });
  }
  return { files: result.outputFiles.length, warnings: result.warnings.length };
}

function writeAtomically(file, contents) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, contents);
  fs.renameSync(tmp, file);
}
