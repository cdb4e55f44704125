import fs from 'node:fs';
import path from 'node:path';
import { S3ServiceException } from '@aws-sdk/client-s3';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config/env.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isSafeMediaName, MEDIA_CACHE_CONTROL, mediaContentType, mediaStoreFor } from './media-store.ts';

const SINGLE_RANGE = /^bytes=(\d+-\d*|-\d+)$/;

/**
 * GET /media/<name> for media kept in S3 without S3_PUBLIC_URL: the app streams the object
 * (with byte ranges, so video seeks work) under the same long cache headers as local files.
 * A name the bucket lacks is looked up in MEDIA_DIR, so files stored before the switch to
 * S3 keep working. With local media (or S3_PUBLIC_URL) nothing is registered here:
 * plugins/web.ts serves MEDIA_DIR at /media/*. This route (`/media/:name`, one path segment)
 * takes precedence over that wildcard; nested paths (the demo data's /media/seed/…) still go there.
 */
export const mediaFilesRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const store = mediaStoreFor(config);
  const get = store.get?.bind(store);
  if (!get) return;

  app.get<{ Params: { name: string } }>('/media/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    if (!isSafeMediaName(name)) throw notFound('Media file');
    const rangeHeader = request.headers.range;
    const range = typeof rangeHeader === 'string' && SINGLE_RANGE.test(rangeHeader.trim()) ? rangeHeader.trim() : undefined;

    let file;
    try {
      file = await get(name, range);
    } catch (err) {
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416) {
        throw new AppError(416, 'media.range_not_satisfiable', 'The requested byte range is outside the file');
      }
      throw err;
    }
    reply.header('cache-control', MEDIA_CACHE_CONTROL).header('x-content-type-options', 'nosniff');
    if (!file) {
      const local = path.join(config.mediaDir, name);
      const stat = await fs.promises.stat(local).catch(() => null);
      if (!stat?.isFile()) throw notFound('Media file');
      return reply.type(mediaContentType(name)).header('content-length', stat.size).send(fs.createReadStream(local));
    }
    reply.type(file.contentType).header('accept-ranges', 'bytes');
    if (file.etag) reply.header('etag', file.etag);
    if (file.contentLength !== undefined) reply.header('content-length', file.contentLength);
    if (file.contentRange) reply.code(206).header('content-range', file.contentRange);
    return reply.send(file.body);
  });
};
