import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '#shared/api/endpoints.ts';
import { STATEMENT_MAX_BYTES } from '#shared/contracts/payments.ts';
import { AppError } from '../../lib/errors.ts';
import { largeAnswerSerializerCompiler } from '../../lib/fast-serializer.ts';
import type { FeatureDeps } from '../../lib/feature.ts';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { PaymentsService } from './payments.service.ts';

const fileMissing = () => new AppError(400, 'statement.file_missing', 'Send the bank statement as multipart/form-data in the field "file"');
const tooLarge = () => new AppError(413, 'statement.too_large', `The statement is too large: at most ${STATEMENT_MAX_BYTES / 1024 / 1024} MB`);

/** The producer's statement import (docs/payments.md). A producer's household id is its user id. */
export const paymentsRoutes: FastifyPluginAsyncZod<FeatureDeps & { service: PaymentsService }> = async (app, { service }) => {
  app.route({
    ...route(endpoints.producer.importPayments),
    // A 5 MB statement answers ~120,000 rows: checked with one copy, not three (lib/fast-serializer.ts).
    serializerCompiler: largeAnswerSerializerCompiler,
    onRequest: app.requireProducer,
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (request) => {
      if (!request.isMultipart()) throw fileMissing();
      let bytes: Buffer;
      try {
        const file = await request.file({ limits: { fileSize: STATEMENT_MAX_BYTES, files: 1 } });
        if (!file) throw fileMissing();
        if (file.fieldname !== 'file') { file.file.resume(); throw fileMissing(); }
        bytes = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw err;
      }
      return service.importStatement(currentUser(request).id, bytes);
    },
  });
};
