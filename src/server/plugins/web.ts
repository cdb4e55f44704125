import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface WebPluginOptions {
  /** dist/web: the built single-page app. */
  webDir: string;
  /** Where uploaded media live; served under /media with long cache headers. */
  mediaDir: string;
  /** Optional per-page <head> for shared links (title, Open Graph), given the path. */
  headFor?: (pathname: string) => Promise<string | null>;
}

/** The spec's client routes (section 2); anything else renders the SPA's 404 page with status 404. */
const SPA_ROUTES = [
  /^\/$/, /^\/search\/?$/, /^\/product\/[^/]+\/?$/, /^\/household\/[^/]+\/?$/, /^\/buyer\/[^/]+\/?$/,
  /^\/(login|signup|verify-email|forgot-password|reset-password)\/?$/,
  /^\/(basket|checkout|orders|profile|offline)\/?$/, /^\/producer\/dashboard\/?$/,
];

const IMMUTABLE = 'public, max-age=31536000, immutable';

export default fp<WebPluginOptions>(async function webPlugin(app: FastifyInstance, opts) {
  fs.mkdirSync(opts.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: opts.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    // Media file names are made by the server from content ids: they never change.
    setHeaders: (res) => res.header('Cache-Control', IMMUTABLE),
  });

  const indexFile = path.join(opts.webDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (!hasWeb) app.log.warn(`No built web app at ${opts.webDir}: run "npm run build". The API still works.`);

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDir,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const rel = path.relative(opts.webDir, filePath);
        if (rel.startsWith(`assets${path.sep}`)) res.header('Cache-Control', IMMUTABLE);
        else if (rel === 'sw.js' || rel.endsWith('.html') || rel.endsWith('.webmanifest')) res.header('Cache-Control', 'no-cache');
        else res.header('Cache-Control', 'public, max-age=86400');
      },
    });
  }

  const template = hasWeb ? fs.readFileSync(indexFile, 'utf8') : '';

  async function sendShell(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '/';
    const known = SPA_ROUTES.some((re) => re.test(pathname));
    let html = template;
    if (opts.headFor && known) {
      const head = await opts.headFor(pathname).catch((err: unknown) => {
        request.log.warn({ err }, 'could not build page head');
        return null;
      });
      if (head) html = html.replace(/<title>[^<]*<\/title>/, head);
    }
    return reply.code(known ? 200 : 404).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/media/');
    if (isApi || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ error: `Route ${request.method} ${pathname} not found`, code: 'not_found' });
    }
    return sendShell(request, reply);
  });
}, { name: 'web' });
