import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { TEXT_NOT_ALLOWED_MESSAGE, isCleanText } from '#shared/contracts/fields.ts';
import { AppError, validationFailed, type ErrorDetail } from '../lib/errors.ts';
import { classifyDbError, countStorageFull, storageState } from '../lib/storage-health.ts';

/** Seconds a client is asked to wait after a 503 (full disk, database restarting, deadline). */
export const RETRY_AFTER_SECONDS = 5;
/**
 * An /api request not answered this long after its body was read is answered 503: no client
 * waits past 10 s on a database that stalls or restarts (docs/bad-days.md). Uploads (multipart,
 * read by the handler itself) are left to their own limits.
 */
export const REQUEST_DEADLINE_MS = 9_000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The path ('items.0.name') of the first key or string anywhere in a parsed body, query or
 * params that a text field would refuse (`isCleanText`), '' for the value itself, or null
 * when all is clean. Walks with its own stack: a deeply nested body cannot overflow the
 * call stack.
 */
export function findUncleanText(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (!isCleanText(current)) return path;
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (!isCleanText(key)) return childPath;
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

/**
 * One shape for every failure: `{ error, code, details? }` (docs/architecture.md, API).
 * 5xx answers are generic; their cause goes to the log only.
 */
export default fp<{ requestDeadlineMs?: number }>(async function errorsPlugin(app: FastifyInstance, opts) {
  const deadlineMs = opts.requestDeadlineMs ?? REQUEST_DEADLINE_MS;
  const deadlines = new WeakMap<object, NodeJS.Timeout>();
  app.addHook('preHandler', (request, reply, done) => {
    if (!request.url.startsWith('/api/') || request.headers['content-type']?.startsWith('multipart/')) return done();
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) return;
      const full = storageState.isFull('database');
      request.log.error({ url: request.routeOptions.url, full }, `request not answered within ${deadlineMs} ms; answered 503`);
      void reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).header('Cache-Control', 'no-store').send(full
        ? { error: 'The server is out of storage space; try again shortly', code: 'storage_full' }
        : { error: 'The server is busy; try again shortly', code: 'unavailable' });
    }, deadlineMs);
    deadlines.set(request, timer);
    done();
  });
  const clearDeadline = async (request: object) => { clearTimeout(deadlines.get(request)); };
  app.addHook('onResponse', async (request, reply) => {
    await clearDeadline(request);
    // A write that succeeded: the database (or the disk under it) takes writes again.
    if (WRITE_METHODS.has(request.method) && reply.statusCode < 400 && request.url.startsWith('/api/')) storageState.noteWriteOk('database');
  });
  app.addHook('onRequestAbort', clearDeadline);

  // A safety net under the contracts' text() fields (src/shared/contracts/fields.ts): whatever
  // a route's schema says, no control character or lone surrogate in a body, query or params
  // reaches a handler (PostgreSQL refuses NUL: a 500; it turns lone surrogates into U+FFFD).
  // JSON bodies must be valid UTF-8: the default parser would turn broken bytes (also a lone
  // surrogate written as its raw bytes ED A0 80) into U+FFFD, a silent change. The parsing
  // itself stays Fastify's (with its __proto__ / constructor poisoning checks).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(validationFailed([{ field: 'body', message: 'The request body is not valid UTF-8' }], 'Invalid body'), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook('preValidation', async (request) => {
    const parts = [['body', request.body], ['querystring', request.query], ['params', request.params]] as const;
    for (const [where, value] of parts) {
      const field = findUncleanText(value);
      if (field !== null) throw validationFailed([{ field: field || where, message: TEXT_NOT_ALLOWED_MESSAGE, rule: 'character' }], `Invalid ${where}`);
    }
  });

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
          return { field: [...path, ...keys].join('.'), message: `Unknown field: ${keys.join(', ')}`, rule: 'unrecognized_keys' };
        }
        // The rule by zod's issue code (the web app's texts are keyed by it, src/web/lib/form.ts).
        const rule = issue.message === TEXT_NOT_ALLOWED_MESSAGE ? 'character' : (params.issue?.code ?? issue.keyword);
        return { field: path.length ? path.join('.') : where, message: issue.message ?? 'Invalid value', ...(rule ? { rule } : {}) };
      });
      return reply.code(400).send({ error: `Invalid ${where}`, code: 'validation_failed', details });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err: err.cause ?? err }, 'response did not match its schema');
      return reply.code(500).send({ error: 'Internal server error', code: 'internal' });
    }
    // A full disk or a database restarting is not a bug of ours: 503 with when to come back.
    const fault = classifyDbError(err);
    if (fault) {
      const answer = storageState.answerFor(fault);
      if (fault === 'storage_full') storageState.noteFull('database');
      if (answer === 'storage_full') countStorageFull('database');
      request.log.error({ err }, answer === 'storage_full' ? 'the database has no room to write' : 'the database is unavailable');
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS)).header('Cache-Control', 'no-store');
      return reply.code(503).send(answer === 'storage_full'
        ? { error: 'The server is out of storage space; try again shortly', code: 'storage_full' }
        : { error: 'The database is unavailable; try again shortly', code: 'db_unavailable' });
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
