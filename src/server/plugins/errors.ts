import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type ErrorDetail } from '../lib/errors.ts';

/**
 * One shape for every failure: `{ error, code, details? }` (DESIGN.md section 5).
 * 5xx answers are generic; their cause goes to the log only.
 */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.statusCode).send({ error: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const details: ErrorDetail[] = err.validation.map((issue) => {
        // fastify-type-provider-zod puts the zod path in instancePath ('/a/b') and the rest of the issue in params.
        const params = issue.params as { keys?: string[]; issue?: { path?: PropertyKey[]; code?: string; keys?: string[] } };
        const path = params.issue?.path
          ? params.issue.path.map(String)
          : String(issue.instancePath ?? '').split('/').filter(Boolean);
        const keys = params.keys ?? params.issue?.keys;
        if ((issue.keyword === 'unrecognized_keys' || params.issue?.code === 'unrecognized_keys') && keys?.length) {
          return { field: [...path, ...keys].join('.'), message: `Unknown field: ${keys.join(', ')}` };
        }
        return { field: path.length ? path.join('.') : where, message: issue.message ?? 'Invalid value' };
      });
      return reply.code(400).send({ error: `Invalid ${where}`, code: 'validation_failed', details });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err: err.cause ?? err }, 'response did not match its schema');
      return reply.code(500).send({ error: 'Internal server error', code: 'internal' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.code(500).send({ error: 'Internal server error', code: 'internal' });
    }
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ error: 'The request body is not valid JSON', code: 'validation_failed', details: [{ field: 'body', message: err.message }] });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
        return reply.code(413).send({ error: 'The request body is too large', code: 'payload_too_large' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({ error: 'Unsupported content type', code: 'unsupported_media_type' });
      default:
        if (status === 429) return reply.code(429).send({ error: err.message || 'Too many requests', code: 'rate_limited' });
        return reply.code(status).send({ error: err.message || 'Bad request', code: status === 404 ? 'not_found' : 'bad_request' });
    }
  });
}, { name: 'errors' });
