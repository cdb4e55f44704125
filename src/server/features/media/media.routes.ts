import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '#shared/constants.ts';
import { endpoints } from '#shared/api/endpoints.ts';
import { AppError } from '../../lib/errors.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createMediaRepository } from './media.repository.ts';
import { asMediaStorageError, createMediaService, tooLarge } from './media.service.ts';
import { mediaStoreFor } from './media-store.ts';

const fileMissing = () => new AppError(400, 'media.file_missing', 'Send one file as multipart/form-data in the field "file"');

export const mediaRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const service = createMediaService({
    mediaRepository: createMediaRepository(deps.db),
    store: mediaStoreFor(deps.config),
  });

  app.route({
    ...route(endpoints.media.upload),
    preHandler: app.authenticate,
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw fileMissing();
      const file = await request.file();
      if (!file) throw fileMissing();
      if (file.fieldname !== 'file') {
        file.file.resume();
        throw fileMissing();
      }
      // The upload goes to a temp file first; only what passes every check is stored.
      const tempPath = path.join(os.tmpdir(), `domace-upload-${randomUUID()}`);
      try {
        try {
          await pipeline(file.file, fs.createWriteStream(tempPath, { flags: 'wx', mode: 0o600 }));
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(LIMITS.videoMaxBytes, 'file');
          throw asMediaStorageError(err);
        }
        if (file.file.truncated) throw tooLarge(LIMITS.videoMaxBytes, 'file');
        const result = await service.upload(user.id, tempPath);
        return reply.code(201).send(result);
      } finally {
        await fs.promises.rm(tempPath, { force: true });
      }
    },
  });
};
