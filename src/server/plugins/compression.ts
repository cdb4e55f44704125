import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses text answers (JSON, the HTML shell) with brotli or gzip as the client accepts.
 * Registered before the routes so it covers them all. The built JS/CSS come precompressed
 * at maximum quality (.br/.gz beside each file, see vite.config.ts); those replies already
 * carry Content-Encoding and pass through untouched. Images and video are not compressible
 * types and partial (206) replies are skipped by the plugin itself.
 */
export default fp(async function compressionPlugin(app: FastifyInstance) {
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
}, { name: 'compression' });
