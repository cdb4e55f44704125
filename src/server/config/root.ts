import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's directory (the one holding package.json). Found by walking up from this
 * module's file, so it is the same whether the server runs from its TypeScript sources (tsx,
 * Vitest) or from its build in dist/server (scripts/server-build.mjs), where every module
 * shares the bundle's location.
 */
export const ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}
