import { LRUCache } from 'lru-cache';
import QRCode from 'qrcode';

/**
 * The NBS IPS QR text as an image, with the `qrcode` package at error correction
 * level M. An order's QR never changes, so the last few hundred drawings are kept (bounded).
 */
const svgs = new LRUCache<string, string>({ max: 500 });
const pngs = new LRUCache<string, string>({ max: 100 });

export async function qrSvg(payload: string): Promise<string> {
  const hit = svgs.get(payload);
  if (hit) return hit;
  const svg = (await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 })).trim();
  svgs.set(payload, svg);
  return svg;
}

/** A PNG data URL of the QR, for mails (mail clients rarely show SVG). */
export async function qrPngDataUrl(payload: string): Promise<string> {
  const hit = pngs.get(payload);
  if (hit) return hit;
  const url = await QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 4, width: 240 });
  pngs.set(payload, url);
  return url;
}
