#!/usr/bin/env node
// Draws the app icons (PWA manifest, apple-touch-icon) from one SVG with sharp.
// Run once after changing the artwork: node scripts/make-icons.mjs. The PNGs are committed.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/web/public/icons');
const PRIMARY = '#b4441f';
const PAPER = '#fbf7f0';

/** The favicon's drop-and-stem mark; `scale` shrinks it about the centre (maskable safe zone). */
function svg({ rounded, scale }) {
  const t = (1 - scale) * 32;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${PRIMARY}"/>
  <g transform="translate(${t} ${t}) scale(${scale})">
    <path d="M32 12c-9 8-14 16-14 24a14 14 0 0 0 28 0c0-8-5-16-14-24z" fill="${PAPER}"/>
    <path d="M32 24v28" stroke="${PRIMARY}" stroke-width="3" stroke-linecap="round"/>
  </g>
</svg>`;
}

const icons = [
  // "any" icons keep the favicon's rounded square; a full-bleed square for the others,
  // because the platform applies its own mask (maskable) or corners (apple-touch-icon).
  { file: 'icon-192.png', size: 192, rounded: true, scale: 1 },
  { file: 'icon-512.png', size: 512, rounded: true, scale: 1 },
  { file: 'maskable-192.png', size: 192, rounded: false, scale: 0.8 },
  { file: 'maskable-512.png', size: 512, rounded: false, scale: 0.8 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, scale: 0.9 },
];

for (const icon of icons) {
  await sharp(Buffer.from(svg(icon)), { density: (72 * icon.size) / 64 })
    .resize(icon.size, icon.size)
    .png({ palette: true, compressionLevel: 9, effort: 10 })
    .toFile(path.join(out, icon.file));
  console.log(icon.file);
}
