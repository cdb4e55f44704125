/**
 * Renders every sample image into the install's cache (images.ts, SEED_IMAGE_CACHE), so that
 * the first start's demo seed copies them instead of rendering: run by `npm ci` through
 * scripts/prepare.mjs. Safe to run again: cached images are kept, any others removed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderImages } from './seed.ts';
import { SEED_IMAGE_CACHE, seedImageCacheUsed } from './images.ts';

const started = Date.now();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-seed-images-'));
try {
  await renderImages(scratch);
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
// Pictures of an older version of the sample data go: the cache holds one set.
for (const name of fs.readdirSync(SEED_IMAGE_CACHE)) {
  if (!seedImageCacheUsed.has(name)) fs.rmSync(path.join(SEED_IMAGE_CACHE, name), { force: true });
}
console.log(`prepare: sample images ready in ${path.relative(process.cwd(), SEED_IMAGE_CACHE)} (${Date.now() - started} ms)`);
