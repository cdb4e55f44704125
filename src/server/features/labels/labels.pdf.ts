import QRCode from 'qrcode';
import type { Category, Unit } from '#shared/constants.ts';
import type { LabelScript } from '#shared/contracts/legal.ts';
import { isPlantOrigin, type Registration } from '#shared/legal.ts';
import { toSerbianCyrillic } from '#shared/serbian-cyrillic.ts';
import { toSerbianLatin } from '#shared/serbian-latin.ts';
import { createDocument, drawLines, fitText, MM, toBuffer, type Doc, type Paragraph, type Run } from '../../lib/pdf-text.ts';

/**
 * The label sheet: A4, 3 columns x 8 rows of 70 x 37 mm labels (24 a sheet, the common
 * "70x37" label paper: 3 x 70 = 210 mm wide, 8 x 37 = 296 mm high, so 0.5 mm above and below).
 * docs/papers-and-labels.md describes what a label carries.
 */

export const SHEET = { columns: 3, rows: 8, labelWidthMm: 70, labelHeightMm: 37, topMarginMm: 0.5 } as const;
const PADDING_X_MM = 2.5;
const PADDING_Y_MM = 2;
const QR_MM = 14;

export interface LabelData {
  productId: string;
  name: string;
  ingredients: string | null;
  allergens: string[];
  quantityStep: number;
  unit: Unit;
  category: Category;
  storage: string | null;
  bestBefore: string;
  householdName: string;
  address: string;
  holdingNumber: string | null;
  registration: Pick<Registration, 'kind' | 'number'> | null;
  /** The product page, PUBLIC_URL + /product/<id>. */
  url: string;
}

/** The label's own words, written in Cyrillic; Latin is made from them (toSerbianLatin). */
const WORDS = {
  ingredients: 'Састојци:',
  contains: 'Садржи:',
  net: 'Нето количина:',
  bestBefore: 'Употребити до:',
  storage: 'Чување:',
  producer: 'Произвођач:',
  holding: 'БПГ:',
  registarski_broj: 'Рег. бр.:',
  veterinarski_kontrolni_broj: 'Вет. контр. бр.:',
  homeMade: 'Домаћи производ са мог газдинства',
  units: { kg: 'kg', l: 'l', jar: 'тегла', pc: 'ком' } as Record<Unit, string>,
};

export function scriptOf(script: LabelScript): (text: string) => string {
  return script === 'latn' ? toSerbianLatin : toSerbianCyrillic;
}

/** 2026-12-31 -> 31.12.2026. */
export function serbianDate(ymd: string): string {
  const [y, m, d] = ymd.split('-');
  return `${d}.${m}.${y}.`;
}

const decimal = (n: number) => String(Number(n.toFixed(3))).replace('.', ',');

/** The ingredients with every allergen named in them in bold; allergens not named follow as "Contains: ...". */
export function ingredientRuns(ingredients: string | null, allergens: string[], w: (t: string) => string): Run[] {
  const runs: Run[] = [];
  const named = allergens.map(w).filter((a) => a.trim() !== '');
  const missing: string[] = [];
  if (ingredients) {
    const text = w(ingredients);
    const lower = text.toLocaleLowerCase('sr');
    const marks = new Array<boolean>(text.length).fill(false);
    for (const allergen of named) {
      const needle = allergen.toLocaleLowerCase('sr');
      let found = false;
      for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + needle.length)) {
        marks.fill(true, at, at + needle.length);
        found = true;
      }
      if (!found) missing.push(allergen);
    }
    runs.push({ text: `${w(WORDS.ingredients)} ` });
    let start = 0;
    for (let i = 1; i <= text.length; i++) {
      if (i === text.length || marks[i] !== marks[start]) {
        runs.push({ text: text.slice(start, i), bold: marks[start] });
        start = i;
      }
    }
  } else {
    missing.push(...named);
  }
  if (missing.length) {
    runs.push({ text: `${runs.length ? ' ' : ''}${w(WORDS.contains)} ` });
    missing.forEach((a, i) => runs.push({ text: a, bold: true }, ...(i < missing.length - 1 ? [{ text: ', ' }] : [])));
  }
  return runs;
}

/** The paragraphs of one label, in the script asked for. */
export function labelParagraphs(label: LabelData, script: LabelScript): Paragraph[] {
  const w = scriptOf(script);
  const out: Paragraph[] = [{ runs: [{ text: w(label.name), bold: true }], scale: 1.35 }];
  const ingredients = ingredientRuns(label.ingredients, label.allergens, w);
  if (ingredients.length) out.push({ runs: ingredients });
  out.push({ runs: [{ text: `${w(WORDS.net)} ${decimal(label.quantityStep)} ${w(WORDS.units[label.unit])}` }] });
  out.push({ runs: [{ text: `${w(WORDS.bestBefore)} ` }, { text: serbianDate(label.bestBefore), bold: true }] });
  if (label.storage) out.push({ runs: [{ text: `${w(WORDS.storage)} ${w(label.storage)}` }] });
  out.push({ runs: [{ text: `${w(WORDS.producer)} ` }, { text: w(label.householdName), bold: true }, ...(label.address ? [{ text: `, ${w(label.address)}` }] : [])] });
  const numbers = [
    ...(label.holdingNumber ? [`${w(WORDS.holding)} ${label.holdingNumber}`] : []),
    ...(label.registration ? [`${w(WORDS[label.registration.kind])} ${label.registration.number}`] : []),
  ];
  if (numbers.length) out.push({ runs: [{ text: numbers.join('   ') }] });
  if (isPlantOrigin(label.category)) out.push({ runs: [{ text: w(WORDS.homeMade), bold: true }] });
  return out;
}

/**
 * The QR code as PDF path operators (vector: one rectangle per run of dark modules in a row),
 * `size` points square with its quiet zone, at the origin. Written as operators once and added
 * to each label (pdfkit's rect() per module costs ~0.2 ms each).
 */
export function qrPathOps(text: string, size: number): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + 2 * quiet);
  const f = (v: number) => Number(v.toFixed(3));
  const ops: string[] = [];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) { col++; continue; }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col++;
      ops.push(`${f((start + quiet) * cell)} ${f((row + quiet) * cell)} ${f((col - start) * cell)} ${f(cell)} re`);
    }
  }
  return `${ops.join('\n')}\nf`;
}

export function drawQr(doc: Doc, ops: string, x: number, y: number): void {
  doc.save();
  doc.translate(x, y);
  doc.fillColor('#000000');
  doc.addContent(ops);
  doc.restore();
}

export async function renderLabelSheets(label: LabelData, count: number, script: LabelScript): Promise<Buffer> {
  const w = scriptOf(script);
  const doc = await createDocument({ title: w(label.name), lang: script === 'latn' ? 'sr-Latn' : 'sr-Cyrl' });
  const paragraphs = labelParagraphs(label, script);
  const perSheet = SHEET.columns * SHEET.rows;
  const labelW = SHEET.labelWidthMm * MM;
  const labelH = SHEET.labelHeightMm * MM;
  // One label laid out at the origin (the same for every label), drawn moved to each place.
  const qrSize = QR_MM * MM;
  const qrX = labelW - PADDING_X_MM * MM - qrSize;
  const qrY = PADDING_Y_MM * MM;
  const box = {
    x: PADDING_X_MM * MM, y: PADDING_Y_MM * MM,
    width: labelW - 2 * PADDING_X_MM * MM, height: labelH - 2 * PADDING_Y_MM * MM,
    narrow: { width: qrX - PADDING_X_MM * MM - 1.5 * MM, until: qrY + qrSize },
  };
  const { lines } = fitText(doc, paragraphs, box, 7.5, 4);
  const qr = qrPathOps(label.url, qrSize);
  for (let i = 0; i < count; i++) {
    if (i % perSheet === 0) doc.addPage({ size: 'A4', margin: 0 });
    const slot = i % perSheet;
    doc.save();
    doc.translate((slot % SHEET.columns) * labelW, SHEET.topMarginMm * MM + Math.floor(slot / SHEET.columns) * labelH);
    drawQr(doc, qr, qrX, qrY);
    drawLines(doc, lines);
    doc.restore();
  }
  return toBuffer(doc);
}
