import path from 'node:path';
import type PDFKit from 'pdfkit';
import { ROOT } from '../config/root.ts';

/**
 * Text in a box for pdfkit documents: the fonts kept with the app, and a small line breaker for
 * text with bold runs (pdfkit's own wrapping cannot measure mixed runs), so a box's text can
 * be shrunk until it fits and is never cut (docs/decisions/0031-pdf-documents-and-fonts.md).
 */

/** DejaVu Sans Condensed: Serbian Cyrillic and Latin, upright forms (assets/fonts/LICENSE-DejaVu.txt). */
export const FONT_FILES = {
  regular: path.join(ROOT, 'assets/fonts/DejaVuSansCondensed.ttf'),
  bold: path.join(ROOT, 'assets/fonts/DejaVuSansCondensed-Bold.ttf'),
} as const;

export const MM = 72 / 25.4;

export type Doc = PDFKit.PDFDocument;

/** A new A4 document with the fonts registered and no standard (Latin-only) font loaded. */
export async function createDocument(info: { title: string; lang: string }): Promise<Doc> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4', margin: 0, autoFirstPage: false, font: FONT_FILES.regular, lang: info.lang,
    info: { Title: info.title, Creator: 'Domaće', Producer: 'Domaće' },
    // Fixed dates, so the same request gives the same bytes.
    ...({ creationDate: new Date(0) } as object),
  });
  doc.registerFont('regular', FONT_FILES.regular);
  doc.registerFont('bold', FONT_FILES.bold);
  return doc;
}

/** The whole document as bytes. */
export function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export interface Run { text: string; bold?: boolean }
export interface Paragraph {
  runs: Run[];
  /** The paragraph's size relative to the box's (1 = the box's size). */
  scale?: number;
}

interface Piece { text: string; bold: boolean; spaceBefore: boolean }
interface Segment { text: string; bold: boolean; x: number }
export interface Line { y: number; size: number; segments: Segment[] }

const LINE_HEIGHT = 1.17;

function pieces(runs: Run[]): Piece[] {
  const out: Piece[] = [];
  let space = false;
  for (const run of runs) {
    for (const part of run.text.split(/(\s+)/)) {
      if (part === '') continue;
      if (/^\s+$/.test(part)) {
        space = true;
        continue;
      }
      out.push({ text: part, bold: run.bold === true, spaceBefore: space && out.length > 0 });
      space = false;
    }
  }
  return out;
}

/** The box: `narrow` is a shorter width for lines starting above `narrow.until` (beside a QR code). */
export interface Box { x: number; y: number; width: number; height: number; narrow?: { width: number; until: number } }

/**
 * Text widths at 1 pt, per document (a width scales with the size): measuring with fontkit is
 * slow, and shrinking a box to fit measures the same words at every size tried.
 */
const widths = new WeakMap<Doc, Map<string, number>>();

function width(doc: Doc, text: string, bold: boolean, size: number): number {
  let known = widths.get(doc);
  if (!known) widths.set(doc, known = new Map());
  const key = (bold ? 'b' : 'r') + text;
  let unit = known.get(key);
  if (unit === undefined) {
    unit = doc.font(bold ? 'bold' : 'regular').fontSize(1).widthOfString(text);
    known.set(key, unit);
  }
  return unit * size;
}

/** Lays the paragraphs out at `size`; the lines and the height they take. */
export function layout(doc: Doc, paragraphs: Paragraph[], box: Box, size: number): { lines: Line[]; height: number } {
  const lines: Line[] = [];
  let y = box.y;
  for (const paragraph of paragraphs) {
    const fs = size * (paragraph.scale ?? 1);
    const lineHeight = fs * LINE_HEIGHT;
    const queue = pieces(paragraph.runs);
    while (queue.length) {
      const max = box.narrow && y < box.narrow.until ? box.narrow.width : box.width;
      const line: Array<Piece & { w: number }> = [];
      let used = 0;
      while (queue.length) {
        const piece = queue[0]!;
        const gap = line.length && piece.spaceBefore ? width(doc, ' ', line[line.length - 1]!.bold, fs) : 0;
        const w = width(doc, piece.text, piece.bold, fs);
        if (used + gap + w <= max) {
          line.push({ ...piece, spaceBefore: line.length > 0 && piece.spaceBefore, w });
          used += gap + w;
          queue.shift();
          continue;
        }
        if (line.length === 0) {
          // A word longer than the line: as many characters as fit, the rest on the next line.
          const chars = [...piece.text];
          let n = 1;
          while (n < chars.length && width(doc, chars.slice(0, n + 1).join(''), piece.bold, fs) <= max) n++;
          const head = chars.slice(0, n).join('');
          line.push({ text: head, bold: piece.bold, spaceBefore: false, w: width(doc, head, piece.bold, fs) });
          queue[0] = { ...piece, text: chars.slice(n).join(''), spaceBefore: false };
        }
        break;
      }
      const segments: Segment[] = [];
      let x = box.x;
      for (const piece of line) {
        const last = segments[segments.length - 1];
        if (last && last.bold === piece.bold) {
          last.text += (piece.spaceBefore ? ' ' : '') + piece.text;
        } else {
          if (last && piece.spaceBefore) last.text += ' ';
          if (last) x = box.x + segmentsWidth(doc, segments, fs);
          segments.push({ text: piece.text, bold: piece.bold, x });
        }
      }
      lines.push({ y, size: fs, segments });
      y += lineHeight;
    }
  }
  return { lines, height: y - box.y };
}

function segmentsWidth(doc: Doc, segments: Segment[], size: number): number {
  return segments.reduce((sum, s) => sum + width(doc, s.text, s.bold, size), 0);
}

/**
 * Lays the paragraphs out in the box at the largest size from `max` down to `min` (steps of
 * 0.25 pt) at which they fit; below `min` it keeps shrinking rather than cut anything.
 * Returns the size and the lines, to draw with drawLines.
 */
export function fitText(doc: Doc, paragraphs: Paragraph[], box: Box, max: number, min: number): { size: number; lines: Line[] } {
  let size = max;
  let result = layout(doc, paragraphs, box, size);
  while (result.height > box.height && size > 0.5) {
    size -= size > min ? 0.25 : 0.1;
    result = layout(doc, paragraphs, box, size);
  }
  return { size, lines: result.lines };
}

/** Draws laid-out lines: the regular segments, then the bold ones (a font switch costs pdfkit ~10 ms). */
export function drawLines(doc: Doc, lines: Line[]): void {
  for (const bold of [false, true]) {
    doc.font(bold ? 'bold' : 'regular');
    for (const line of lines) {
      for (const s of line.segments) {
        if (s.bold === bold) doc.fontSize(line.size).text(s.text, s.x, line.y, { lineBreak: false });
      }
    }
  }
}
