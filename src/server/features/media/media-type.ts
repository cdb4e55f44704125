/**
 * What an upload is, judged by its first bytes only (docs/architecture.md, Security): never by the
 * file name or the declared mime type, so a PHP script named x.jpg or an SVG is refused.
 */
export type DetectedMedia =
  | { type: 'image'; format: 'jpeg' | 'png' | 'webp' | 'avif'; mime: string }
  | { type: 'video'; format: 'mp4' | 'webm'; mime: string; ext: 'mp4' | 'webm' };

/** Bytes needed to recognise every accepted format (an ftyp box can list many brands). */
export const SNIFF_BYTES = 256;

const ascii = (buf: Buffer, start: number, end: number) => buf.subarray(start, end).toString('latin1');

const AVIF_BRANDS = new Set(['avif', 'avis']);
/** HEIF/HEIC and other ISO-BMFF images we do not take. */
const OTHER_IMAGE_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'jxl ']);
const MP4_BRANDS = new Set([
  'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso7', 'iso8', 'iso9', 'mp41', 'mp42', 'mp71',
  'avc1', 'dash', 'M4V ', 'M4VH', 'M4VP', 'msdh', 'msix', 'cmfc', 'cmf2',
]);

function ftypBrands(buf: Buffer): string[] | null {
  if (buf.length < 16 || ascii(buf, 4, 8) !== 'ftyp') return null;
  const size = buf.readUInt32BE(0);
  // A hand-made or odd box size still names its major brand; read at most a few brands then.
  const end = Math.min(size >= 16 && size <= 4096 ? size : 32, buf.length);
  const brands = [ascii(buf, 8, 12)];
  for (let i = 16; i + 4 <= end; i += 4) brands.push(ascii(buf, i, i + 4));
  return brands;
}

export function detectMedia(head: Buffer): DetectedMedia | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return { type: 'image', format: 'jpeg', mime: 'image/jpeg' };
  }
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { type: 'image', format: 'png', mime: 'image/png' };
  }
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') {
    return { type: 'image', format: 'webp', mime: 'image/webp' };
  }
  if (head.length >= 4 && head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) {
    // EBML: Matroska and WebM share it; the DocType names which. Plain Matroska is refused.
    const doc = head.subarray(0, Math.min(head.length, 64)).toString('latin1');
    if (doc.includes('matroska')) return null;
    return { type: 'video', format: 'webm', mime: 'video/webm', ext: 'webm' };
  }
  const brands = ftypBrands(head);
  if (brands) {
    if (brands.some((b) => AVIF_BRANDS.has(b))) return { type: 'image', format: 'avif', mime: 'image/avif' };
    if (brands.some((b) => OTHER_IMAGE_BRANDS.has(b))) return null;
    if (brands.some((b) => MP4_BRANDS.has(b))) return { type: 'video', format: 'mp4', mime: 'video/mp4', ext: 'mp4' };
  }
  return null;
}
