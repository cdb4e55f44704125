import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { mulberry32 } from '#shared/random.ts';
import { ROOT } from '../../config/root.ts';

/**
 * Illustrated sample images, composed as SVG here and rendered to WebP by sharp: nothing is
 * downloaded and nothing binary ships in the repository. Drawings are deterministic (seeded
 * by the slug), so every run produces the same pictures.
 */

export type Art =
  | { kind: 'jar'; fill: string; lid: string; chunks?: string; cloth?: string }
  | { kind: 'bottle'; fill: string; cap: string }
  | { kind: 'pile'; shape: 'round' | 'oval' | 'berry' | 'long' | 'potato'; fill: string; shade: string; leaf?: string; size?: number; basket?: string }
  | { kind: 'cheese'; fill: string }
  | { kind: 'bowl'; fill: string; bowl: string }
  | { kind: 'eggs'; fill: string }
  | { kind: 'ham'; fill: string; fat: string }
  | { kind: 'sausage'; fill: string }
  | { kind: 'bread'; fill: string }
  | { kind: 'sheets'; fill: string }
  | { kind: 'leafy'; fill: string; shade: string }
  | { kind: 'bundle'; fill: string; flower: string }
  | { kind: 'comb'; fill: string };

export interface ProductArt {
  art: Art;
  /** Backdrop gradient, top to bottom. */
  bg: [string, string];
}

export type Scene = 'garden' | 'shelf' | 'hives' | 'berries' | 'orchard';

export interface RenderedImage {
  url: string;
  thumbnailUrl: string | null;
  width: number;
  height: number;
  bytes: number;
}

/** mulberry32 seeded from a string. */
function rng(seed: string): () => number {
  let h = 1779033703;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
  return mulberry32(h);
}

const f1 = (n: number) => n.toFixed(1);

function svgDoc(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`
    + `<defs>${defs}</defs>${body}</svg>`;
}

/** Shared gradients: a glass sheen, a wooden table, a soft shadow. */
const COMMON_DEFS = `
<linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b07a4a"/><stop offset="1" stop-color="#7a4f2c"/></linearGradient>
<radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
<pattern id="gingham" width="24" height="24" patternUnits="userSpaceOnUse"><rect width="24" height="24" fill="#fff"/><rect width="12" height="24" fill="#d9383a" opacity="0.55"/><rect width="24" height="12" fill="#d9383a" opacity="0.55"/></pattern>`;

// ---------- subjects, drawn around (0, 0) with the table surface at y = 0 ----------

function jar(a: Extract<Art, { kind: 'jar' }>, r: () => number): string {
  const chunks = a.chunks
    ? Array.from({ length: 26 }, () => `<circle cx="${f1(-80 + r() * 160)}" cy="${f1(-205 + r() * 190)}" r="${f1(3 + r() * 6)}" fill="${a.chunks}" opacity="0.7"/>`).join('')
    : '';
  const cloth = a.cloth
    ? `<path d="M-112 -262 Q0 -300 112 -262 L124 -222 Q108 -214 96 -222 Q80 -210 64 -222 Q48 -210 32 -222 Q16 -210 0 -222 Q-16 -210 -32 -222 Q-48 -210 -64 -222 Q-80 -210 -96 -222 Q-108 -214 -124 -222 Z" fill="${a.cloth}"/>`
      + '<path d="M-98 -236 Q0 -226 98 -236" stroke="#c9a66b" stroke-width="5" fill="none"/>'
    : '';
  return `<ellipse cx="0" cy="4" rx="150" ry="22" fill="url(#shadow)"/>
<rect x="-105" y="-240" width="210" height="240" rx="34" fill="${a.fill}"/>
${chunks}
<rect x="-70" y="-165" width="140" height="78" rx="10" fill="#fbf4e4" opacity="0.95"/>
<rect x="-48" y="-140" width="96" height="7" rx="3" fill="#c9b48f"/><rect x="-34" y="-118" width="68" height="6" rx="3" fill="#d8c7a6"/>
<rect x="-88" y="-228" width="26" height="212" rx="13" fill="url(#sheen)"/>
<rect x="-95" y="-268" width="190" height="40" rx="8" fill="${a.lid}"/>
${cloth}`;
}

function bottle(a: Extract<Art, { kind: 'bottle' }>): string {
  return `<ellipse cx="0" cy="4" rx="120" ry="20" fill="url(#shadow)"/>
<path d="M-30 -330 L30 -330 L30 -270 Q85 -240 85 -180 L85 -18 Q85 0 67 0 L-67 0 Q-85 0 -85 -18 L-85 -180 Q-85 -240 -30 -270 Z" fill="${a.fill}" stroke="#ffffff" stroke-opacity="0.6" stroke-width="4"/>
<rect x="-62" y="-200" width="22" height="185" rx="11" fill="url(#sheen)"/>
<rect x="-36" y="-360" width="72" height="36" rx="8" fill="${a.cap}"/>
<rect x="-60" y="-130" width="120" height="60" rx="8" fill="#fbf4e4" opacity="0.9"/>
<rect x="-40" y="-108" width="80" height="7" rx="3" fill="#c9b48f"/>`;
}

function item(shape: Extract<Art, { kind: 'pile' }>['shape'], x: number, y: number, s: number, fill: string, shade: string, leaf: string | undefined, r: () => number, gid: string): string {
  const rot = f1(-30 + r() * 60);
  switch (shape) {
    case 'berry': {
      const dots: string[] = [];
      for (let i = 0; i < 9; i++) {
        const ang = (i / 9) * Math.PI * 2;
        dots.push(`<circle cx="${f1(Math.cos(ang) * s * 0.55)}" cy="${f1(Math.sin(ang) * s * 0.6)}" r="${f1(s * 0.42)}" fill="url(#${gid})"/>`);
      }
      dots.push(`<circle cx="0" cy="0" r="${f1(s * 0.5)}" fill="url(#${gid})"/>`);
      return `<g transform="translate(${f1(x)} ${f1(y)}) rotate(${rot})">${dots.join('')}</g>`;
    }
    case 'oval':
      return `<g transform="translate(${f1(x)} ${f1(y)}) rotate(${rot})"><ellipse rx="${f1(s * 0.8)}" ry="${f1(s)}" fill="url(#${gid})"/>`
        + `<ellipse rx="${f1(s * 0.5)}" ry="${f1(s * 0.7)}" fill="#fff" opacity="0.12"/>`
        + `<path d="M0 ${f1(-s)} q3 -12 10 -16" stroke="#5b4a2a" stroke-width="3" fill="none"/></g>`;
    case 'long':
      return `<g transform="translate(${f1(x)} ${f1(y)}) rotate(${rot})"><path d="M${f1(-s * 0.45)} ${f1(-s * 1.2)} Q${f1(s * 0.7)} ${f1(-s * 1.2)} ${f1(s * 0.35)} 0 Q${f1(s * 0.1)} ${f1(s * 1.1)} ${f1(-s * 0.05)} ${f1(s * 1.6)} Q${f1(-s * 0.6)} ${f1(s * 0.4)} ${f1(-s * 0.45)} ${f1(-s * 1.2)} Z" fill="url(#${gid})"/>`
        + `<path d="M${f1(-s * 0.1)} ${f1(-s * 1.2)} q4 -16 16 -22" stroke="${leaf ?? '#3f7d2c'}" stroke-width="7" stroke-linecap="round" fill="none"/></g>`;
    case 'potato':
      return `<g transform="translate(${f1(x)} ${f1(y)}) rotate(${rot})"><ellipse rx="${f1(s * 1.15)}" ry="${f1(s * 0.8)}" fill="url(#${gid})"/>`
        + `<circle cx="${f1(s * 0.3)}" cy="${f1(-s * 0.2)}" r="2.5" fill="${shade}"/><circle cx="${f1(-s * 0.4)}" cy="${f1(s * 0.2)}" r="2.5" fill="${shade}"/></g>`;
    case 'round':
    default: {
      const leafSvg = leaf
        ? `<path d="M0 ${f1(-s * 0.9)} q${f1(s * 0.5)} ${f1(-s * 0.5)} ${f1(s * 0.8)} ${f1(-s * 0.1)} q${f1(-s * 0.5)} ${f1(s * 0.3)} ${f1(-s * 0.8)} ${f1(s * 0.1)} Z" fill="${leaf}"/>`
        : '';
      return `<g transform="translate(${f1(x)} ${f1(y)})"><circle r="${f1(s)}" fill="url(#${gid})"/>`
        + `<ellipse cx="${f1(-s * 0.35)}" cy="${f1(-s * 0.35)}" rx="${f1(s * 0.25)}" ry="${f1(s * 0.15)}" fill="#fff" opacity="0.35"/>${leafSvg}</g>`;
    }
  }
}

function pile(a: Extract<Art, { kind: 'pile' }>, r: () => number): { defs: string; body: string } {
  const s = (a.size ?? 34) * 1.3;
  const gid = 'itemfill';
  const defs = `<radialGradient id="${gid}" cx="0.35" cy="0.35" r="0.75"><stop offset="0" stop-color="${a.fill}"/><stop offset="1" stop-color="${a.shade}"/></radialGradient>`;
  const basket = a.basket ?? '#a8753f';
  const items: string[] = [];
  // Rows of items heaped in a basket, back rows (narrower, higher) first.
  for (let k = 0; k < 3; k++) {
    const width = 260 + k * 60;
    const n = Math.max(2, Math.floor(width / (s * 1.6)));
    const step = width / n;
    const y = -70 - (2 - k) * s * 0.95;
    for (let i = 0; i < n; i++) {
      const x = -width / 2 + step * (i + 0.5) + (r() - 0.5) * step * 0.2;
      items.push(item(a.shape, x, y + (r() - 0.5) * s * 0.3, s * (0.9 + r() * 0.2), a.fill, a.shade, a.leaf, r, gid));
    }
  }
  const weave = Array.from({ length: 9 }, (_, i) => `<path d="M${-170 + i * 42} -60 L${-150 + i * 38} 0" stroke="#000" stroke-opacity="0.12" stroke-width="4"/>`).join('');
  const body = `<ellipse cx="0" cy="4" rx="220" ry="26" fill="url(#shadow)"/>
${items.join('')}
<path d="M-200 -70 L200 -70 L165 -4 Q160 4 150 4 L-150 4 Q-160 4 -165 -4 Z" fill="${basket}"/>
${weave}
<path d="M-205 -74 L205 -74" stroke="#8a5a2c" stroke-width="12" stroke-linecap="round"/>
<path d="M-185 -40 L185 -40" stroke="#000" stroke-opacity="0.1" stroke-width="5"/>`;
  return { defs, body };
}

function cheese(a: Extract<Art, { kind: 'cheese' }>): string {
  const cube = (x: number, y: number, w: number) => `<g transform="translate(${x} ${y})"><path d="M0 0 L${w} 0 L${w} ${-w} L0 ${-w} Z" fill="${a.fill}"/>`
    + `<path d="M0 ${-w} L${w * 0.4} ${-w * 1.3} L${w * 1.4} ${-w * 1.3} L${w} ${-w} Z" fill="#fffdf6"/>`
    + `<path d="M${w} 0 L${w * 1.4} ${-w * 0.3} L${w * 1.4} ${-w * 1.3} L${w} ${-w} Z" fill="#e8e0c8"/></g>`;
  return `<ellipse cx="0" cy="6" rx="250" ry="26" fill="url(#shadow)"/>
<rect x="-240" y="-22" width="480" height="26" rx="12" fill="#c58a52"/><rect x="-240" y="-22" width="480" height="6" rx="3" fill="#dba673"/>
<path d="M-170 -22 L90 -22 L90 -150 L-170 -150 Z" fill="${a.fill}"/>
<path d="M-170 -150 L-110 -200 L150 -200 L90 -150 Z" fill="#fffdf6"/>
<path d="M90 -22 L150 -72 L150 -200 L90 -150 Z" fill="#e6ddc2"/>
<circle cx="-110" cy="-90" r="5" fill="#e9e2cc"/><circle cx="-30" cy="-110" r="4" fill="#e9e2cc"/><circle cx="40" cy="-70" r="6" fill="#e9e2cc"/><circle cx="-70" cy="-50" r="3" fill="#e9e2cc"/>
${cube(115, -22, 50)}${cube(175, -22, 38)}`;
}

function bowl(a: Extract<Art, { kind: 'bowl' }>): string {
  return `<ellipse cx="0" cy="6" rx="230" ry="26" fill="url(#shadow)"/>
<path d="M-190 -150 Q-170 0 0 0 Q170 0 190 -150 Z" fill="${a.bowl}"/>
<path d="M-150 -100 Q0 -80 150 -100" stroke="#fff" stroke-opacity="0.5" stroke-width="8" fill="none"/>
<ellipse cx="0" cy="-150" rx="190" ry="36" fill="${a.fill}"/>
<path d="M-150 -160 Q-100 -215 -40 -175 Q10 -230 70 -178 Q120 -210 160 -158 Q0 -135 -150 -160 Z" fill="${a.fill}"/>
<path d="M-110 -175 Q-60 -200 -20 -178 M30 -185 Q70 -205 110 -175" stroke="#e8d9a8" stroke-width="5" fill="none"/>
<path d="M120 -170 L260 -290" stroke="#a0652f" stroke-width="16" stroke-linecap="round"/><ellipse cx="108" cy="-160" rx="28" ry="16" fill="#a0652f" transform="rotate(-40 108 -160)"/>`;
}

function eggs(a: Extract<Art, { kind: 'eggs' }>, r: () => number): string {
  const list: string[] = [];
  const pos = [[-110, -120], [-40, -130], [30, -125], [100, -118], [-75, -85], [0, -90], [70, -85]] as const;
  for (const [x, y] of pos) {
    const tone = r() > 0.5 ? a.fill : '#f3e6d0';
    list.push(`<g transform="translate(${x} ${y}) rotate(${f1(-20 + r() * 40)})"><ellipse rx="34" ry="44" fill="${tone}" stroke="#7a4f2c" stroke-opacity="0.18" stroke-width="3"/><ellipse cx="-10" cy="-16" rx="9" ry="14" fill="#fff" opacity="0.45"/></g>`);
  }
  const straw = Array.from({ length: 14 }, () => `<path d="M${f1(-180 + r() * 360)} ${f1(-70 + r() * 20)} l${f1(-30 + r() * 60)} ${f1(-10 + r() * 20)}" stroke="#e0c069" stroke-width="4" stroke-linecap="round"/>`).join('');
  return `<ellipse cx="0" cy="4" rx="220" ry="24" fill="url(#shadow)"/>
${list.join('')}${straw}
<path d="M-190 -66 L190 -66 L160 -2 Q156 4 148 4 L-148 4 Q-156 4 -160 -2 Z" fill="#b98548"/>
${Array.from({ length: 8 }, (_, i) => `<path d="M${-160 + i * 45} -62 L${-140 + i * 40} 0" stroke="#000" stroke-opacity="0.13" stroke-width="4"/>`).join('')}
<path d="M-195 -68 L195 -68" stroke="#8a5a2c" stroke-width="12" stroke-linecap="round"/>`;
}

function ham(a: Extract<Art, { kind: 'ham' }>): string {
  const slice = (x: number, y: number, rot: number) => `<g transform="translate(${x} ${y}) rotate(${rot})"><path d="M-80 0 Q-70 -70 0 -80 Q80 -78 90 -10 Q60 30 -10 22 Q-60 20 -80 0 Z" fill="${a.fill}"/>`
    + `<path d="M-80 0 Q-70 -70 0 -80 Q80 -78 90 -10" stroke="${a.fat}" stroke-width="12" fill="none"/>`
    + '<path d="M-40 -30 Q0 -50 40 -30" stroke="#fff" stroke-opacity="0.25" stroke-width="6" fill="none"/></g>';
  return `<ellipse cx="0" cy="6" rx="250" ry="26" fill="url(#shadow)"/>
<rect x="-250" y="-24" width="500" height="28" rx="14" fill="#c58a52"/><rect x="-250" y="-24" width="500" height="6" rx="3" fill="#dba673"/>
${slice(-120, -45, -12)}${slice(-10, -55, 6)}${slice(105, -45, 18)}${slice(-60, -100, -4)}${slice(60, -105, 10)}
<circle cx="-190" cy="-50" r="9" fill="#3d6b2a"/><circle cx="200" cy="-46" r="9" fill="#3d6b2a"/>`;
}

function sausage(a: Extract<Art, { kind: 'sausage' }>): string {
  return `<ellipse cx="0" cy="6" rx="250" ry="26" fill="url(#shadow)"/>
<rect x="-250" y="-24" width="500" height="28" rx="14" fill="#c58a52"/>
<path d="M-190 -60 Q-120 -200 0 -190 Q140 -180 180 -70" stroke="${a.fill}" stroke-width="58" stroke-linecap="round" fill="none"/>
<path d="M-170 -80 Q-110 -180 0 -172 Q120 -165 160 -90" stroke="#fff" stroke-opacity="0.18" stroke-width="10" stroke-linecap="round" fill="none"/>
<path d="M-200 -50 Q-140 -130 -10 -110 Q120 -95 200 -40" stroke="${a.fill}" stroke-width="50" stroke-linecap="round" fill="none" opacity="0.92"/>
<path d="M180 -70 l30 -30 M-190 -60 l-28 -28" stroke="#d8c7a6" stroke-width="5" stroke-linecap="round"/>
${[-120, -50, 20, 90].map((x) => `<circle cx="${x}" cy="-112" r="5" fill="#f3e3c7" opacity="0.8"/>`).join('')}`;
}

function bread(a: Extract<Art, { kind: 'bread' }>): string {
  return `<ellipse cx="0" cy="6" rx="240" ry="26" fill="url(#shadow)"/>
<rect x="-240" y="-22" width="480" height="26" rx="12" fill="url(#gingham)"/>
<path d="M-190 -22 Q-200 -190 0 -200 Q200 -190 190 -22 Z" fill="${a.fill}"/>
<path d="M-150 -60 Q-150 -160 0 -170 Q150 -160 150 -60" stroke="#fff" stroke-opacity="0.18" stroke-width="16" fill="none"/>
<path d="M-90 -150 L-40 -60 M-10 -170 L20 -60 M70 -150 L90 -60" stroke="#8d5424" stroke-width="8" stroke-linecap="round"/>`;
}

/** A stack of folded pastry sheets (kore) on a cloth. */
function sheets(a: Extract<Art, { kind: 'sheets' }>): string {
  const layers = Array.from({ length: 6 }, (_, i) => {
    const y = -30 - i * 22;
    const dx = (i % 2 ? 1 : -1) * 8;
    return `<rect x="${-170 + dx}" y="${y - 24}" width="340" height="28" rx="14" fill="${a.fill}"/>`
      + `<path d="M${-160 + dx} ${y - 18} Q${dx} ${y - 26} ${160 + dx} ${y - 18}" stroke="#fff" stroke-opacity="0.45" stroke-width="4" fill="none"/>`
      + `<path d="M${-168 + dx} ${y + 2} L${168 + dx} ${y + 2}" stroke="#b58b4c" stroke-opacity="0.5" stroke-width="2"/>`;
  });
  return `<ellipse cx="0" cy="6" rx="240" ry="26" fill="url(#shadow)"/>
<rect x="-240" y="-22" width="480" height="26" rx="12" fill="url(#gingham)"/>${layers.join('')}`;
}

function leafy(a: Extract<Art, { kind: 'leafy' }>): string {
  const rings = [150, 120, 92, 64, 38].map((rr, i) => `<circle cx="0" cy="-150" r="${rr}" fill="${i % 2 === 0 ? a.fill : a.shade}"/>`).join('');
  return `<ellipse cx="0" cy="4" rx="200" ry="24" fill="url(#shadow)"/>${rings}
<path d="M0 -150 L-100 -250 M0 -150 L110 -240 M0 -150 L-130 -110 M0 -150 L120 -100" stroke="#eef7d8" stroke-width="6" stroke-opacity="0.7"/>
<path d="M-170 -40 Q-200 -170 -110 -250 Q-160 -140 -120 -20 Z" fill="${a.shade}"/><path d="M170 -40 Q200 -170 110 -250 Q160 -140 120 -20 Z" fill="${a.shade}"/>`;
}

function bundle(a: Extract<Art, { kind: 'bundle' }>, r: () => number): string {
  const stems: string[] = [];
  for (let i = 0; i < 13; i++) {
    const x = -130 + i * 22 + (r() - 0.5) * 10;
    const top = -300 + r() * 60;
    stems.push(`<path d="M0 -40 Q${f1(x * 0.5)} ${f1(top * 0.6)} ${f1(x)} ${f1(top)}" stroke="${a.fill}" stroke-width="5" fill="none"/>`);
    for (let k = 0; k < 3; k++) {
      const t = 0.35 + k * 0.22;
      stems.push(`<ellipse cx="${f1(x * t)}" cy="${f1(-40 + (top + 40) * t)}" rx="14" ry="6" fill="${a.fill}" transform="rotate(${f1(-40 + r() * 80)} ${f1(x * t)} ${f1(-40 + (top + 40) * t)})"/>`);
    }
    stems.push(`<circle cx="${f1(x)}" cy="${f1(top)}" r="${f1(8 + r() * 5)}" fill="${a.flower}"/><circle cx="${f1(x)}" cy="${f1(top)}" r="4" fill="#f2c230"/>`);
  }
  return `<ellipse cx="0" cy="4" rx="200" ry="24" fill="url(#shadow)"/>
<g transform="rotate(-8)">${stems.join('')}
<path d="M-18 -40 L18 -40 L10 0 L-10 0 Z" fill="${a.fill}"/><rect x="-26" y="-62" width="52" height="18" rx="6" fill="#c9a66b"/></g>`;
}

function comb(a: Extract<Art, { kind: 'comb' }>): string {
  const cells: string[] = [];
  const R = 22;
  const w = Math.sqrt(3) * R;
  for (let row = 0; row < 7; row++) {
    for (let col = 0; col < 9; col++) {
      const cx = -200 + 20 + col * w + (row % 2 ? w / 2 : 0);
      const cy = -260 + 30 + row * R * 1.5;
      const pts = Array.from({ length: 6 }, (_, k) => {
        const ang = Math.PI / 6 + (k * Math.PI) / 3;
        return `${f1(cx + R * Math.cos(ang))},${f1(cy + R * Math.sin(ang))}`;
      }).join(' ');
      cells.push(`<polygon points="${pts}" fill="${(row * 3 + col) % 7 === 0 ? '#f7d774' : a.fill}" stroke="#e9b949" stroke-width="4"/>`);
    }
  }
  return `<ellipse cx="0" cy="4" rx="240" ry="24" fill="url(#shadow)"/>
<rect x="-215" y="-275" width="430" height="275" rx="8" fill="#c18c4f"/>
<rect x="-200" y="-260" width="400" height="245" fill="#dca43b"/>
<clipPath id="frame"><rect x="-200" y="-260" width="400" height="245"/></clipPath><g clip-path="url(#frame)">${cells.join('')}</g>`;
}

function subject(art: Art, r: () => number): { defs: string; body: string } {
  switch (art.kind) {
    case 'jar': return { defs: '', body: jar(art, r) };
    case 'bottle': return { defs: '', body: bottle(art) };
    case 'pile': return pile(art, r);
    case 'cheese': return { defs: '', body: cheese(art) };
    case 'bowl': return { defs: '', body: bowl(art) };
    case 'eggs': return { defs: '', body: eggs(art, r) };
    case 'ham': return { defs: '', body: ham(art) };
    case 'sausage': return { defs: '', body: sausage(art) };
    case 'bread': return { defs: '', body: bread(art) };
    case 'sheets': return { defs: '', body: sheets(art) };
    case 'leafy': return { defs: '', body: leafy(art) };
    case 'bundle': return { defs: '', body: bundle(art, r) };
    case 'comb': return { defs: '', body: comb(art) };
  }
}

/** How much each kind of subject is enlarged to fill the 800x600 frame. */
const SUBJECT_SCALE: Partial<Record<Art['kind'], number>> = { bottle: 1.15, bundle: 1.2, ham: 1.25, cheese: 1.3, comb: 1.3, leafy: 1.35, pile: 1.35, eggs: 1.55, sheets: 1.3 };

/** An 800x600 "product photo": backdrop, a wooden table, the product, a few leaves. */
export function productSvg(slug: string, p: ProductArt): string {
  const r = rng(slug);
  const { defs, body } = subject(p.art, r);
  const bokeh = Array.from({ length: 7 }, () => `<circle cx="${f1(r() * 800)}" cy="${f1(r() * 380)}" r="${f1(20 + r() * 50)}" fill="#fff" opacity="${(0.06 + r() * 0.1).toFixed(2)}"/>`).join('');
  return svgDoc(800, 600,
    `${COMMON_DEFS}<linearGradient id="bg" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></linearGradient>${defs}`,
    `<rect width="800" height="600" fill="url(#bg)"/>${bokeh}
<rect y="470" width="800" height="130" fill="url(#wood)"/><rect y="470" width="800" height="8" fill="#000" opacity="0.12"/>
<path d="M0 520 L800 512 M0 565 L800 572" stroke="#5d3a1c" stroke-opacity="0.25" stroke-width="3"/>
<g transform="translate(400 500) scale(${SUBJECT_SCALE[p.art.kind] ?? 1.3})">${body}</g>`);
}

/** A 256x256 household avatar: a small farmhouse in its household's colours. */
export function householdAvatarSvg(slug: string, colors: { bg: string; roof: string; wall: string }): string {
  const r = rng(slug);
  const hill = `<path d="M0 190 Q70 150 140 175 Q200 195 256 160 L256 256 L0 256 Z" fill="#6fa24a"/><path d="M0 215 Q90 185 170 210 Q220 225 256 205 L256 256 L0 256 Z" fill="#5a8a3a"/>`;
  const tx = f1(40 + r() * 20);
  return svgDoc(256, 256,
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colors.bg}"/><stop offset="1" stop-color="#fdf3dc"/></linearGradient>`,
    `<rect width="256" height="256" fill="url(#sky)"/><circle cx="200" cy="58" r="26" fill="#f7c948"/>${hill}
<rect x="92" y="128" width="100" height="72" fill="${colors.wall}"/>
<path d="M80 132 L142 84 L204 132 Z" fill="${colors.roof}"/>
<rect x="130" y="160" width="24" height="40" fill="#7a4f2c"/><rect x="102" y="144" width="20" height="18" fill="#bfe3f2"/><rect x="162" y="144" width="20" height="18" fill="#bfe3f2"/>
<g transform="translate(${tx} 150)"><rect x="-4" y="10" width="8" height="40" fill="#6b4423"/><circle r="26" fill="#3f7d2c"/><circle cx="8" cy="-4" r="5" fill="#d9383a"/><circle cx="-10" cy="6" r="5" fill="#d9383a"/></g>`);
}

/** A 256x256 buyer avatar: a simple head-and-shoulders silhouette. */
export function personAvatarSvg(colors: { bg: string; shirt: string; hair: string }): string {
  return svgDoc(256, 256, '',
    `<rect width="256" height="256" fill="${colors.bg}"/>
<path d="M40 256 Q48 176 128 170 Q208 176 216 256 Z" fill="${colors.shirt}"/>
<rect x="112" y="140" width="32" height="36" fill="#f0c9a4"/>
<circle cx="128" cy="110" r="48" fill="#f3d0ae"/>
<path d="M80 108 Q78 56 128 54 Q180 56 176 108 Q160 80 128 78 Q96 80 80 108 Z" fill="${colors.hair}"/>`);
}

/** A 720x1280 story picture of a household's day. */
export function storySvg(slug: string, scene: Scene): string {
  const r = rng(slug);
  const skyDefs = '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8ec9ee"/><stop offset="1" stop-color="#f6eccf"/></linearGradient>';
  const sky = '<rect width="720" height="1280" fill="url(#sky)"/><circle cx="560" cy="200" r="80" fill="#f7d154"/>';
  const clouds = `<g fill="#fff" opacity="0.85"><ellipse cx="170" cy="170" rx="90" ry="30"/><ellipse cx="220" cy="150" rx="60" ry="34"/><ellipse cx="480" cy="330" rx="80" ry="24"/></g>`;
  switch (scene) {
    case 'garden': {
      const rows: string[] = [];
      for (let i = 0; i < 6; i++) {
        const y = 700 + i * 95;
        rows.push(`<path d="M0 ${y + 40} L720 ${y + 30}" stroke="#7a4f2c" stroke-width="34"/>`);
        for (let k = 0; k < 7; k++) {
          const x = 50 + k * 105 + (r() - 0.5) * 20;
          const s = 0.6 + i * 0.12;
          rows.push(`<g transform="translate(${f1(x)} ${y}) scale(${f1(s)})"><path d="M0 30 L0 -60" stroke="#3f7d2c" stroke-width="8"/><ellipse cx="-22" cy="-20" rx="26" ry="12" fill="#4f9a35"/><ellipse cx="22" cy="-40" rx="26" ry="12" fill="#4f9a35"/><circle cx="-10" cy="0" r="14" fill="#d9383a"/><circle cx="14" cy="-14" r="12" fill="#e5533a"/></g>`);
        }
      }
      return svgDoc(720, 1280, `${skyDefs}${COMMON_DEFS}`, `${sky}${clouds}<path d="M0 640 Q360 580 720 640 L720 1280 L0 1280 Z" fill="#8a6a45"/>${rows.join('')}`);
    }
    case 'shelf': {
      const colors = ['#c0392b', '#8e1b2b', '#e67e22', '#6d2e46', '#d35400', '#e0a526'];
      const parts: string[] = ['<rect width="720" height="1280" fill="#efe2c8"/>', '<rect width="720" height="1280" fill="#000" opacity="0.04"/>'];
      for (let s = 0; s < 4; s++) {
        const y = 360 + s * 270;
        for (let k = 0; k < 4; k++) {
          const c = colors[Math.floor(r() * colors.length)] ?? '#c0392b';
          parts.push(`<g transform="translate(${100 + k * 173} ${y}) scale(0.55)">${jar({ kind: 'jar', fill: c, lid: '#d4a017', cloth: r() > 0.5 ? 'url(#gingham)' : undefined, chunks: '#00000055' }, r)}</g>`);
        }
        parts.push(`<rect x="20" y="${y}" width="680" height="22" fill="url(#wood)"/><rect x="20" y="${y + 22}" width="680" height="10" fill="#000" opacity="0.15"/>`);
      }
      return svgDoc(720, 1280, COMMON_DEFS, parts.join(''));
    }
    case 'hives': {
      const hiveColors = ['#2e86c1', '#f4d03f', '#27ae60', '#e67e22', '#f5f5f5', '#c0392b'];
      const parts: string[] = [sky, clouds, '<path d="M0 620 Q360 540 720 620 L720 1280 L0 1280 Z" fill="#7cb342"/>'];
      for (let i = 0; i < 6; i++) {
        const x = 60 + (i % 3) * 220;
        const y = 780 + Math.floor(i / 3) * 260;
        const c = hiveColors[i] ?? '#f4d03f';
        parts.push(`<g transform="translate(${x} ${y})"><rect x="0" y="0" width="160" height="150" fill="${c}"/><rect x="0" y="50" width="160" height="6" fill="#000" opacity="0.15"/><rect x="0" y="100" width="160" height="6" fill="#000" opacity="0.15"/><path d="M-12 0 L80 -40 L172 0 Z" fill="#7b4a2a"/><rect x="55" y="130" width="50" height="10" fill="#333"/><rect x="10" y="150" width="10" height="40" fill="#5d3a1c"/><rect x="140" y="150" width="10" height="40" fill="#5d3a1c"/></g>`);
      }
      for (let i = 0; i < 60; i++) {
        parts.push(`<circle cx="${f1(r() * 720)}" cy="${f1(700 + r() * 580)}" r="${f1(5 + r() * 5)}" fill="${r() > 0.5 ? '#fff' : '#f4d03f'}"/>`);
      }
      for (let i = 0; i < 14; i++) {
        const x = f1(r() * 720);
        const y = f1(400 + r() * 400);
        parts.push(`<g transform="translate(${x} ${y})"><ellipse rx="9" ry="6" fill="#f1c40f"/><path d="M-4 -6 L-4 6 M2 -6 L2 6" stroke="#222" stroke-width="3"/><ellipse cx="0" cy="-8" rx="7" ry="5" fill="#fff" opacity="0.8"/></g>`);
      }
      return svgDoc(720, 1280, skyDefs, parts.join(''));
    }
    case 'berries':
    case 'orchard': {
      const fruit = scene === 'berries' ? '#c2185b' : '#4a2a6a';
      const parts: string[] = [sky, clouds, '<path d="M0 560 Q360 500 720 560 L720 1280 L0 1280 Z" fill="#6b8e3a"/>'];
      for (let row = 0; row < 4; row++) {
        const y = 640 + row * 170;
        const s = 0.7 + row * 0.2;
        for (let k = 0; k < 4; k++) {
          const x = 90 + k * 180 + (row % 2 ? 60 : 0) + (r() - 0.5) * 20;
          const dots = Array.from({ length: 12 }, () => `<circle cx="${f1((r() - 0.5) * 140)}" cy="${f1(-60 - r() * 120)}" r="${scene === 'berries' ? 9 : 12}" fill="${fruit}"/>`).join('');
          const trunk = scene === 'orchard' ? '<rect x="-10" y="-60" width="20" height="70" fill="#6b4423"/>' : '';
          parts.push(`<g transform="translate(${f1(x)} ${y}) scale(${f1(s)})">${trunk}<ellipse cx="0" cy="-120" rx="90" ry="${scene === 'berries' ? 90 : 80}" fill="#3f7d2c"/><ellipse cx="-20" cy="-140" rx="50" ry="40" fill="#4f9a35"/>${dots}</g>`);
        }
      }
      return svgDoc(720, 1280, skyDefs, parts.join(''));
    }
  }
}

// ---------- writing files ----------

async function fileBytes(file: string): Promise<number | null> {
  try {
    return (await stat(file)).size;
  } catch {
    return null;
  }
}

/** Writes atomically (temporary file + rename), so a concurrent reader never sees half a file. */
async function writeWebp(img: Sharp, file: string): Promise<number> {
  const tmp = `${file}.${randomUUID()}.tmp`;
  try {
    await img.webp({ quality: 82, effort: 4 }).toFile(tmp);
    await rename(tmp, file);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
  return (await stat(file)).size;
}

/**
 * Rendered images by content (the SVG, size and variant), made once per install: `npm ci`
 * renders every sample image here (scripts/prepare.mjs runs prerender-images.ts) and a first
 * start copies them instead of spending seconds in libvips. Anything missing is rendered and
 * added. dist/ is the build's directory (not in git).
 */
export const SEED_IMAGE_CACHE = path.join(ROOT, 'dist/seed-media');

/** Cache files asked for by this process (prerender-images.ts removes every other one). */
export const seedImageCacheUsed = new Set<string>();

async function copyAtomically(from: string, to: string): Promise<number> {
  const tmp = `${to}.${randomUUID()}.tmp`;
  try {
    await copyFile(from, tmp);
    await rename(tmp, to);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
  return (await stat(to)).size;
}

/** `file` from the cache when it holds this content, else rendered (and added to the cache). */
async function cachedWebp(render: () => Sharp, file: string, content: string): Promise<number> {
  // The encoder's settings (writeWebp) are part of the content: changing them renders anew.
  const cached = path.join(SEED_IMAGE_CACHE, `${createHash('sha256').update(`webp q82 e4\n${content}`).digest('hex').slice(0, 24)}.webp`);
  seedImageCacheUsed.add(path.basename(cached));
  if ((await fileBytes(cached)) !== null) return copyAtomically(cached, file);
  const bytes = await writeWebp(render(), file);
  await mkdir(SEED_IMAGE_CACHE, { recursive: true }).then(() => copyAtomically(file, cached)).catch(() => undefined);
  return bytes;
}

/**
 * Renders `svg` to `${mediaDir}/seed/<slug>.webp` (and a 400 px wide `-400` thumbnail when
 * asked), skipping files that already exist. Returns the URLs and sizes for the media row.
 */
export async function renderSeedImage(mediaDir: string, slug: string, svg: string, opts: { width: number; height: number; thumbnail: boolean }): Promise<RenderedImage> {
  const dir = path.join(mediaDir, 'seed');
  await mkdir(dir, { recursive: true });
  const main = path.join(dir, `${slug}.webp`);
  const thumb = path.join(dir, `${slug}-400.webp`);
  let base: Sharp | undefined;
  const source = () => (base ??= sharp(Buffer.from(svg)));
  const [bytes] = await Promise.all([
    fileBytes(main).then((b) => b ?? cachedWebp(() => source().clone(), main, `main\n${svg}`)),
    opts.thumbnail ? fileBytes(thumb).then((b) => b ?? cachedWebp(() => source().clone().resize({ width: 400 }), thumb, `400\n${svg}`)) : Promise.resolve(0),
  ]);
  return {
    url: `/media/seed/${slug}.webp`,
    thumbnailUrl: opts.thumbnail ? `/media/seed/${slug}-400.webp` : null,
    width: opts.width,
    height: opts.height,
    bytes,
  };
}
