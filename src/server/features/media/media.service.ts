import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { default as Sharp, Metadata, OutputInfo } from 'sharp';
import { LIMITS } from '#shared/constants.ts';
import type { MediaUpload } from '#shared/contracts/media.ts';
import { AppError } from '../../lib/errors.ts';
import { countStorageFull, isNoSpaceError, storageState } from '../../lib/storage-health.ts';
import { detectMedia, SNIFF_BYTES } from './media-type.ts';
import type { MediaRepository } from './media.repository.ts';
import type { MediaStore } from './media-store.ts';

/** Re-encoded images: long side at most this many pixels. */
export const IMAGE_MAX_SIDE = 1600;
export const THUMBNAIL_WIDTH = 400;

const MB = 1024 * 1024;

export const unsupportedType = () => new AppError(415, 'media.unsupported_type',
  'Unsupported file type: upload a JPEG, PNG, WebP or AVIF image, or an MP4 or WebM video');
export const tooLarge = (maxBytes: number, what: string) => new AppError(413, 'media.too_large',
  `The ${what} is too large: at most ${Math.round(maxBytes / MB)} MB`);
const tooManyPixels = () => new AppError(413, 'media.too_many_pixels',
  `The image has too many pixels: at most ${LIMITS.imageMaxPixels / 1_000_000} megapixels`);
/** The media store (or the upload's temporary folder) has no room: nothing of the upload is kept. */
export const mediaStorageFull = () => new AppError(507, 'media.storage_full', 'There is no room for new media on the server right now; try again later');

/** A file-system error of a full disk becomes 507 media.storage_full (counted for /metrics, told by /api/health). */
export function asMediaStorageError(err: unknown): unknown {
  if (!isNoSpaceError(err)) return err;
  storageState.noteFull('media');
  countStorageFull('media');
  return mediaStorageFull();
}

const invalidImage = () => new AppError(400, 'media.invalid_image', 'The image is damaged or incomplete and cannot be read');

/** sharp (libvips, resident memory: docs/performance.md) is loaded on the first image upload, not at start. */
let sharpModule: Promise<typeof Sharp> | undefined;
const loadSharp = () => (sharpModule ??= import('sharp').then((m) => m.default));

async function readHead(filePath: string): Promise<Buffer> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buf, 0, SNIFF_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export interface MediaServiceDeps {
  mediaRepository: Pick<MediaRepository, 'insert'>;
  store: MediaStore;
}

export function createMediaService({ mediaRepository, store }: MediaServiceDeps) {
  /** Stores what was written and removes it again when a later step fails: all or nothing. */
  async function storeAll(files: Array<{ name: string; content: Buffer | fs.ReadStream }>, insert: () => Promise<{ id: string }>) {
    const stored: string[] = [];
    try {
      for (const file of files) {
        try {
          await store.put(file.name, file.content);
        } catch (err) {
          throw asMediaStorageError(err);
        }
        stored.push(file.name);
      }
      const row = await insert();
      storageState.noteWriteOk('media');
      return row;
    } catch (err) {
      await Promise.all(stored.map((name) => store.remove(name).catch(() => undefined)));
      throw err;
    }
  }

  async function uploadImage(ownerId: string, filePath: string, size: number): Promise<MediaUpload> {
    if (size > LIMITS.imageMaxBytes) throw tooLarge(LIMITS.imageMaxBytes, 'image');
    // Dimensions come from the header alone, before any pixel is decoded.
    const sharp = await loadSharp();
    let meta: Metadata;
    try {
      meta = await sharp(filePath, { limitInputPixels: false }).metadata();
    } catch {
      throw invalidImage();
    }
    if (!meta.width || !meta.height) throw invalidImage();
    if (meta.width * meta.height > LIMITS.imageMaxPixels) throw tooManyPixels();

    let main: { data: Buffer; info: OutputInfo };
    let thumb: Buffer;
    try {
      // rotate() turns the pixels by the EXIF orientation; no metadata is copied to the output.
      const source = sharp(filePath, { limitInputPixels: LIMITS.imageMaxPixels, failOn: 'truncated', sequentialRead: true }).rotate();
      main = await source.clone()
        .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      thumb = await source.clone().resize({ width: THUMBNAIL_WIDTH }).webp({ quality: 78 }).toBuffer();
    } catch {
      throw invalidImage();
    }

    const base = randomUUID();
    const name = `${base}.webp`;
    const thumbName = `${base}-thumb.webp`;
    const url = store.url(name);
    const thumbnailUrl = store.url(thumbName);
    const { width, height } = main.info;
    const row = await storeAll([{ name, content: main.data }, { name: thumbName, content: thumb }], () =>
      mediaRepository.insert({ ownerId, type: 'image', mime: 'image/webp', url, thumbnailUrl, width, height, bytes: main.data.length }));
    return { id: row.id, url, type: 'image', thumbnailUrl, width, height };
  }

  return {
    /**
     * Validates an upload already written to `filePath` (a temp file the caller removes)
     * and stores it: images re-encoded to WebP, videos as they are. Nothing is stored when
     * it is refused.
     */
    async upload(ownerId: string, filePath: string): Promise<MediaUpload> {
      const { size } = await fs.promises.stat(filePath);
      const detected = detectMedia(await readHead(filePath));
      if (!detected) throw unsupportedType();
      if (detected.type === 'image') return uploadImage(ownerId, filePath, size);

      if (size > LIMITS.videoMaxBytes) throw tooLarge(LIMITS.videoMaxBytes, 'video');
      const name = `${randomUUID()}.${detected.ext}`;
      const url = store.url(name);
      const row = await storeAll([{ name, content: fs.createReadStream(filePath) }], () =>
        mediaRepository.insert({ ownerId, type: 'video', mime: detected.mime, url, thumbnailUrl: null, width: null, height: null, bytes: size }));
      return { id: row.id, url, type: 'video' };
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
