import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /** S3_PUBLIC_URL: media served from there must pass the CSP (img-src, media-src). */
  mediaPublicUrl?: string | undefined;
}

/** Security headers (docs/architecture.md, Security): CSP, HSTS, nosniff, Referrer-Policy. */
export default fp<SecurityOptions>(async function securityPlugin(app: FastifyInstance, { mediaPublicUrl }) {
  // Only the origin goes into the policy: a path in a source would not cover redirects or
  // other prefixes of the same store, and an origin is what the browser compares.
  const mediaOrigins = mediaPublicUrl ? [new URL(mediaPublicUrl).origin] : [];
  // helmet's middleware, built once: @fastify/helmet builds it again for every request (its CSP
  // directives parsed and validated each time, a share of every uncached read's CPU:
  // docs/performance.md).
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // Speculation rules (JSON, never run as script): boot.ts names the first cards' product
        // pages for the browser to prefetch (src/web/lib/early-start.ts, prefetchAfterLoad).
        scriptSrc: ["'self'", "'inline-speculation-rules'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigins],
        mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
}, { name: 'security' });
