import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyCookie from '@fastify/cookie';
import { acceptLanguageTags, preferredLanguage } from '#shared/accept-language.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, isLanguage, type Language } from '#shared/constants.ts';
import { matchPage, NOT_FOUND_MODULE } from '#shared/pages.ts';
import { SSR_COMPLETE_ATTRIBUTE, SSR_STATE_ID, type ServerRenderer, type ServerRendererModule } from '#shared/ssr.ts';

export interface WebPluginOptions {
  /** dist/web: the built single-page app. */
  webDir: string;
  /** Where uploaded media live; served under /media with long cache headers. */
  mediaDir: string;
  /** Optional per-page <head> for shared links (title, Open Graph), given the path. */
  headFor?: (pathname: string) => Promise<string | null>;
  /** dist/ssr: the built server renderer (`vite build --ssr`); without it pages are rendered in the browser only. */
  ssrDir?: string;
}


/**
 * The language to render a page in: the visitor's stored choice (the cookie the web app keeps in
 * step with its localStorage, read by @fastify/cookie), else the best of ours in Accept-Language, else sr.
 */
export function pageLanguage(stored: string | undefined, acceptLanguage: string | undefined): Language {
  if (isLanguage(stored)) return stored;
  return preferredLanguage(acceptLanguageTags(acceptLanguage)) ?? DEFAULT_LANGUAGE;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Loads dist/ssr/entry-server.js if it was built; its API requests are answered in-process. */
async function loadRenderer(app: FastifyInstance, ssrDir: string | undefined): Promise<ServerRenderer | null> {
  const entry = ssrDir ? path.join(ssrDir, 'entry-server.js') : null;
  if (!entry || !fs.existsSync(entry)) {
    app.log.warn(`No server renderer at ${entry ?? '(none)'}: pages are rendered in the browser only. "npm run build" builds it.`);
    return null;
  }
  const module = (await import(pathToFileURL(entry).href)) as ServerRendererModule;
  return module.createServerRenderer({
    async fetch(url, init) {
      // Anonymous reads only: no cookie or token of the visitor is passed on.
      if (init.method && init.method !== 'GET') throw new Error(`the server renderer only reads (${init.method} ${url})`);
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(name, value);
      return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.body, { status: res.statusCode, headers });
    },
  });
}

/**
 * The pages of the table (src/shared/pages.ts) answer 200; anything else renders the app's 404
 * page with status 404. `/offline` answers 200 too: it was one of the known paths before the
 * service worker served its own offline.html, and links to it may be stored.
 */
const isKnownPage = (pathname: string) => matchPage(pathname) !== null || /^\/offline\/?$/.test(pathname);

/**
 * Pages that show one thing by the id in their path, and the public read that says whether it
 * exists: an unknown (or malformed) id answers 404 like an unknown path, while the page still
 * shows its not-found screen.
 */
const ITEM_PAGES: Array<[RegExp, (id: string) => string]> = [
  [/^\/product\/([^/]+)\/?$/, (id) => `/api/products/${id}`],
  [/^\/household\/([^/]+)\/?$/, (id) => `/api/households/${id}`],
  [/^\/buyer\/([^/]+)\/?$/, (id) => `/api/buyers/${id}`],
  [/^\/drop\/([^/]+)\/?$/, (id) => `/api/drops/${id}`],
];

const IMMUTABLE = 'public, max-age=31536000, immutable';
const BROTLI_TEXT = { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

/** br or gzip when the client takes it (a q=0 refusal counts as not taking it). */
function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

interface ManifestChunk { file: string; imports?: string[]; isEntry?: boolean }

/**
 * `<link rel="modulepreload">` tags for a route's page chunk and its imports, read from the
 * build manifest: the browser fetches them alongside the entry instead of after it has run.
 * Files the entry already imports are left out (index.html preloads those). One string per route.
 */
function routePreloads(webDir: string): (pathname: string) => string {
  let manifest: Record<string, ManifestChunk> = {};
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return () => '';
  }
  const closure = (key: string, into = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const dep of chunk.imports ?? []) closure(dep, into);
    return into;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const inEntry = entry ? closure(entry) : new Set<string>();
  const cache = new Map<string, string>();
  return (pathname) => {
    const name = matchPage(pathname)?.module ?? NOT_FOUND_MODULE;
    const key = `app/routes/${name}.tsx`;
    let tags = cache.get(key);
    if (tags === undefined) {
      tags = [...closure(key)]
        .filter((file) => !inEntry.has(file) && file.endsWith('.js'))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join('');
      cache.set(key, tags);
    }
    return tags;
  };
}

export default fp<WebPluginOptions>(async function webPlugin(app: FastifyInstance, opts) {
  // request.cookies, unless the app registered the cookie plugin already.
  if (!app.hasRequestDecorator('cookies')) await app.register(fastifyCookie);
  fs.mkdirSync(opts.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: opts.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    cacheControl: false,
    index: false,
    // Media file names are made by the server from content ids: they never change.
    setHeaders: (res) => res.setHeader('Cache-Control', IMMUTABLE),
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
      cacheControl: false,
      // The build writes .br and .gz beside each text file (vite.config.ts): sent as is.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const rel = path.relative(opts.webDir, filePath);
        if (rel.startsWith(`assets${path.sep}`)) res.setHeader('Cache-Control', IMMUTABLE);
        else if (rel === 'sw.js' || rel.endsWith('.html') || rel.endsWith('.webmanifest')) res.setHeader('Cache-Control', 'no-cache');
        else res.setHeader('Cache-Control', 'public, max-age=86400');
      },
    });
  }

  const template = hasWeb ? fs.readFileSync(indexFile, 'utf8') : '';
  const preloadsFor = hasWeb ? routePreloads(opts.webDir) : () => '';
  // Loaded on the first page view, not at start: the bundle (React, the app's pages) is heap
  // (docs/performance.md) that an instance answering only the API never needs, and seconds of a busy start.
  let rendererLoad: Promise<ServerRenderer | null> | undefined;
  const renderer = () => (rendererLoad ??= hasWeb ? loadRenderer(app, opts.ssrDir) : Promise.resolve(null));
  const OUTLET = /<!--ssr-outlet-->[\s\S]*<!--\/ssr-outlet-->/;

  /** The page rendered on the server with its data, or null (the browser renders it). Never throws. */
  async function serverRendered(request: FastifyRequest, language: Language) {
    if (request.method !== 'GET') return null;
    try {
      const loaded = await renderer();
      return loaded ? await loaded.render(request.url, language) : null;
    } catch (err) {
      request.log.error({ err }, 'server rendering failed: sending the page to be rendered in the browser');
      return null;
    }
  }

  /** 404 when the page's item does not exist (or its id is not one), else 200; asked in-process. */
  async function itemStatus(pathname: string): Promise<200 | 404> {
    for (const [pattern, api] of ITEM_PAGES) {
      const match = pattern.exec(pathname);
      if (!match) continue;
      const res = await app.inject({ method: 'GET', url: api(encodeURIComponent(decodeURIComponentSafe(match[1]!))), headers: { accept: 'application/json' } });
      return res.statusCode === 404 || res.statusCode === 400 ? 404 : 200;
    }
    return 200;
  }

  async function sendShell(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '/';
    const known = isKnownPage(pathname);
    const language = pageLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']);
    // Replacements are functions: rendered text may contain "$&" and the like.
    let html = template;
    const [status, head, rendered] = await Promise.all([
      known ? itemStatus(pathname).catch(() => 200 as const) : 404 as const,
      opts.headFor && known
        ? opts.headFor(pathname).catch((err: unknown) => {
          request.log.warn({ err }, 'could not build page head');
          return null;
        })
        : null,
      serverRendered(request, language),
    ]);
    if (head) html = html.replace(/<title>[^<]*<\/title>/, () => head);
    if (rendered) {
      html = html
        .replace(/<html lang="[^"]*"/, () => `<html lang="${language}"`)
        .replace(OUTLET, () => rendered.html)
        .replace('<noscript>', () => `<script type="application/json" id="${SSR_STATE_ID}"${rendered.complete ? ` ${SSR_COMPLETE_ATTRIBUTE}` : ''}>${rendered.state}</script>\n    <noscript>`);
    }
    // A server-rendered page starts its JavaScript after it has loaded (boot.ts): preloading
    // the route's chunks would only compete with its pictures.
    const preloads = rendered ? '' : preloadsFor(known ? pathname : '');
    if (preloads) html = html.replace('</head>', () => `${preloads}</head>`);
    reply.code(status).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding, Accept-Language, Cookie').type('text/html; charset=utf-8');
    // This not-found handler gets no @fastify/compress route hooks: compress here (a few KB).
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding === 'br') return reply.header('Content-Encoding', 'br').send(zlib.brotliCompressSync(html, BROTLI_TEXT));
    if (encoding === 'gzip') return reply.header('Content-Encoding', 'gzip').send(zlib.gzipSync(html));
    return reply.send(html);
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
