import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Config, S3Config } from '../../config/env.ts';

/** One stored file, as read back for serving (S3 without S3_PUBLIC_URL). */
export interface StoredMedia {
  body: Readable;
  contentType: string;
  contentLength: number | undefined;
  /** Set when a byte range was asked for and served: `bytes a-b/total`. */
  contentRange: string | undefined;
  etag: string | undefined;
}

/**
 * Where uploaded media live: a local directory (MEDIA_DIR, served at /media/ by
 * plugins/web.ts) or an S3-compatible object store (S3_BUCKET).
 */
export interface MediaStore {
  kind: 'local' | 's3';
  put(name: string, content: Buffer | Readable): Promise<void>;
  /** The public URL of a stored file. */
  url(name: string): string;
  /** Removes a file; a missing file is not an error. */
  remove(name: string): Promise<void>;
  /**
   * Reads a file back for the app to serve it (null when missing); only stores whose files
   * the app itself serves have it. `range` is an HTTP Range header value.
   */
  get?(name: string, range?: string): Promise<StoredMedia | null>;
}

/** Names are made by the server (uuid + extension); anything else is a bug, never a path. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;

export function isSafeMediaName(name: string): boolean {
  return SAFE_NAME.test(name) && !name.includes('..');
}

function checkName(name: string): string {
  if (!isSafeMediaName(name)) throw new Error(`Unsafe media file name: ${name}`);
  return name;
}

/** Media files are immutable: their names come from fresh uuids. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp', avif: 'image/avif', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', mp4: 'video/mp4', webm: 'video/webm',
};

export function mediaContentType(name: string): string {
  return CONTENT_TYPES[path.extname(name).slice(1).toLowerCase()] ?? 'application/octet-stream';
}

export function createLocalMediaStore(dir: string, urlPrefix = '/media/'): MediaStore {
  fs.mkdirSync(dir, { recursive: true });
  return {
    kind: 'local',
    async put(name, content) {
      const target = path.join(dir, checkName(name));
      // Written under a temporary name and renamed, so a half-written file is never served.
      const partial = `${target}.part`;
      try {
        if (Buffer.isBuffer(content)) await fs.promises.writeFile(partial, content, { flag: 'wx' });
        else await pipeline(content, fs.createWriteStream(partial, { flags: 'wx' }));
        await fs.promises.rename(partial, target);
      } catch (err) {
        await fs.promises.rm(partial, { force: true });
        throw err;
      }
    },
    url(name) {
      return `${urlPrefix}${checkName(name)}`;
    },
    async remove(name) {
      await fs.promises.rm(path.join(dir, checkName(name)), { force: true });
    },
  };
}

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * Media in an S3-compatible bucket (AWS SDK v3). Objects are written whole (an S3 PUT is
 * atomic: a half-written object is never visible) under the same server-made names as on
 * disk, with their content type and an immutable Cache-Control. URLs are
 * `S3_PUBLIC_URL/<name>` when set (a CDN or the bucket's public endpoint), otherwise
 * `/media/<name>`, which the app serves by streaming the object (features/media/media-files.routes.ts).
 */
export function createS3MediaStore(s3: S3Config, client = createS3Client(s3)): MediaStore {
  const key = (name: string) => checkName(name);
  return {
    kind: 's3',
    async put(name, content) {
      let body: Buffer | Readable = content;
      let contentLength: number | undefined;
      if (Buffer.isBuffer(content)) contentLength = content.length;
      else if (content instanceof fs.ReadStream && typeof content.path === 'string') {
        // A file on disk (a video upload): streamed with its known length, never buffered whole.
        contentLength = (await fs.promises.stat(content.path)).size;
      } else {
        // A stream of unknown length: PUT needs the length up front, so buffer it.
        const chunks: Buffer[] = [];
        for await (const chunk of content) chunks.push(Buffer.from(chunk as Buffer));
        body = Buffer.concat(chunks);
        contentLength = body.length;
      }
      await client.send(new PutObjectCommand({
        Bucket: s3.bucket,
        Key: key(name),
        Body: body,
        ContentLength: contentLength,
        ContentType: mediaContentType(name),
        CacheControl: MEDIA_CACHE_CONTROL,
      }));
    },
    url(name) {
      return s3.publicUrl ? `${s3.publicUrl}/${key(name)}` : `/media/${key(name)}`;
    },
    async remove(name) {
      // DELETE of a missing key succeeds in S3.
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key(name) }));
    },
    ...(s3.publicUrl ? {} : {
      async get(name: string, range?: string): Promise<StoredMedia | null> {
        try {
          const out = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key(name), ...(range ? { Range: range } : {}) }));
          if (!out.Body) return null;
          return {
            body: out.Body as Readable,
            contentType: out.ContentType ?? mediaContentType(name),
            contentLength: out.ContentLength,
            contentRange: out.ContentRange,
            etag: out.ETag,
          };
        } catch (err) {
          if (isMissing(err)) return null;
          throw err;
        }
      },
    }),
  };
}

export function createS3Client(s3: S3Config): S3Client {
  return new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
    forcePathStyle: s3.forcePathStyle,
    // S3-compatible servers often lack the newer default checksums (aws-chunked uploads).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

const stores = new WeakMap<object, MediaStore>();

/**
 * The store the configuration asks for: S3 when S3_BUCKET is set, else MEDIA_DIR. One per
 * configuration, shared by the upload route and the route that serves the files.
 */
export function mediaStoreFor(config: Pick<Config, 'mediaDir' | 's3'>): MediaStore {
  let store = stores.get(config);
  if (!store) {
    store = config.s3 ? createS3MediaStore(config.s3) : createLocalMediaStore(config.mediaDir);
    stores.set(config, store);
  }
  return store;
}
