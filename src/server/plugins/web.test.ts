import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import compressionPlugin from './compression.ts';
import webPlugin, { pageLanguage } from './web.ts';

/** A tiny built web app: what `vite build` leaves in dist/web, reduced to what the plugin reads. */
function fakeBuild(dir: string) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html lang="sr"><head><title>Domaće</title></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`);
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  const js = 'export const x = 1;'.repeat(200);
  fs.writeFileSync(path.join(dir, 'assets/index-abc.js'), js);
  fs.writeFileSync(path.join(dir, 'assets/index-abc.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(dir, 'assets/index-abc.js.gz'), zlib.gzipSync(js));
  const manifest = {
    'main.tsx': { file: 'assets/index-abc.js', isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared-1.js' },
    'app/routes/feed.tsx': { file: 'assets/feed-1.js', imports: ['_shared.js', '_card.js'] },
    '_card.js': { file: 'assets/card-1.js' },
    'app/routes/product.tsx': { file: 'assets/product-1.js', imports: ['_card.js'] },
    'app/routes/login.tsx': { file: 'assets/login-1.js' },
    'app/routes/not-found.tsx': { file: 'assets/not-found-1.js' },
  };
  fs.writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
}

describe('web plugin', () => {
  let app: FastifyInstance;
  let root: string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-web-test-'));
    fakeBuild(path.join(root, 'web'));
    app = Fastify();
    await app.register(compressionPlugin);
    app.get('/api/things', async () => ({ items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `thing ${i}` })) }));
    await app.register(webPlugin, { webDir: path.join(root, 'web'), mediaDir: path.join(root, 'media') });
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("preloads the route's page chunk and its imports, not what the entry already brings", async () => {
    const home = await app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<link rel="modulepreload" crossorigin href="/assets/feed-1.js">');
    expect(home.body).toContain('href="/assets/card-1.js"');
    expect(home.body).not.toContain('href="/assets/shared-1.js"');
    expect(home.body).not.toContain('product-1.js');

    const product = await app.inject({ url: '/product/5f0c6f3e-0000-4000-8000-000000000000' });
    expect(product.body).toContain('href="/assets/product-1.js"');
    expect((await app.inject({ url: '/login' })).body).toContain('href="/assets/login-1.js"');
  });

  it('answers unknown paths with the shell, status 404, preloading the 404 page', async () => {
    const res = await app.inject({ url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('href="/assets/not-found-1.js"');
    expect(res.body).not.toContain('feed-1.js');
  });

  it('compresses the shell and API answers for clients that accept it, and only those', async () => {
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('<title>Domaće</title>');

    const gzip = await app.inject({ url: '/search', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('shell');

    const refused = await app.inject({ url: '/', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toContain('<title>Domaće</title>');

    const json = await app.inject({ url: '/api/things', headers: { 'accept-encoding': 'br' } });
    expect(json.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(json.rawPayload).toString()).items).toHaveLength(100);
  });

  it('sends the build-time compressed copy of hashed assets, cached for a year', async () => {
    const res = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('export const x = 1;');
  });

  it('never lets the service worker script be cached', async () => {
    const res = await app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('pageLanguage', () => {
  it('takes the stored choice (cookie) first, then the best of Accept-Language, else sr', () => {
    expect(pageLanguage('ru', 'en-US,en;q=0.9')).toBe('ru');
    expect(pageLanguage('<script>', 'en-US,en;q=0.9')).toBe('en');
    expect(pageLanguage(undefined, 'de-DE,ru;q=0.5,en;q=0.8')).toBe('en');
    expect(pageLanguage(undefined, 'sr-RS,sr;q=0.9')).toBe('sr');
    expect(pageLanguage(undefined, 'de-DE,fr;q=0.9')).toBe('sr');
    expect(pageLanguage(undefined, 'en;q=0')).toBe('sr');
    expect(pageLanguage(undefined, undefined)).toBe('sr');
  });

  it('tells Serbian Latin from Serbian Cyrillic, in the cookie and in Accept-Language', () => {
    expect(pageLanguage('sr-Latn', 'en')).toBe('sr-Latn');
    expect(pageLanguage(undefined, 'sr-Latn-RS,sr;q=0.9')).toBe('sr-Latn');
    expect(pageLanguage(undefined, 'sr-Cyrl-RS')).toBe('sr');
  });
});

describe('web plugin with the server renderer', () => {
  let root: string;

  /** A built app whose index.html has the outlet, and a renderer module (dist/ssr/entry-server.js) of our making. */
  function fakeBuildWithRenderer(dir: string, rendererSource: string) {
    fakeBuild(path.join(dir, 'web'));
    fs.writeFileSync(path.join(dir, 'web/index.html'), '<!doctype html><html lang="sr"><head><title>Domaće</title></head><body><div id="root"><!--ssr-outlet--><p>placeholder</p><!--/ssr-outlet--></div><noscript>JS</noscript></body></html>');
    fs.mkdirSync(path.join(dir, 'ssr'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'ssr/entry-server.js'), rendererSource);
  }

  const KNOWN_PRODUCT = '5f0c6f3e-0000-4000-8000-000000000000';

  async function appWith(name: string, rendererSource: string) {
    const dir = path.join(root, name);
    fakeBuildWithRenderer(dir, rendererSource);
    const app = Fastify();
    app.get('/api/things', async () => ({ items: [{ name: 'Ajvar $& "ljuti"' }] }));
    app.get('/api/products/:id', async (request, reply) => ((request.params as { id: string }).id === KNOWN_PRODUCT ? { id: KNOWN_PRODUCT } : reply.code(404).send({ code: 'not_found' })));
    app.get('/api/drops/:id', async (_request, reply) => reply.code(404).send({ code: 'not_found' }));
    await app.register(webPlugin, { webDir: path.join(dir, 'web'), ssrDir: path.join(dir, 'ssr'), mediaDir: path.join(dir, 'media') });
    return app;
  }

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-ssr-test-'));
  });

  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers 404 for the page of a product that does not exist (or whose id is not one), still with the page', async () => {
    const app = await appWith('missing', `
      export function createServerRenderer() {
        return { async render(url) { return { html: '<main>not found: ' + url + '</main>', state: '{}' }; } };
      }`);
    const missing = await app.inject({ url: '/product/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<main>not found: /product/00000000-0000-4000-8000-000000000000</main>');
    expect((await app.inject({ url: '/product/not-an-id' })).statusCode).toBe(404);
    expect((await app.inject({ url: `/product/${KNOWN_PRODUCT}` })).statusCode).toBe(200);
    expect((await app.inject({ url: '/drop/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    await app.close();
  });

  it('puts the rendered page, its state and its language into the shell; the API is reached in-process', async () => {
    const app = await appWith('ok', `
      export function createServerRenderer({ fetch }) {
        return {
          async render(url, language) {
            const res = await fetch('/api/things', { method: 'GET' });
            const { items } = await res.json();
            return { html: '<main>' + items[0].name + ' at ' + url + ' in ' + language + '</main>', state: JSON.stringify({ language, status: res.status }) };
          },
        };
      }`);
    const res = await app.inject({ url: '/product/5f0c6f3e-0000-4000-8000-000000000000?x=1', headers: { 'accept-language': 'ru-RU,ru;q=0.9' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="ru"');
    // Replacement text is taken literally ("$&" is not a pattern).
    expect(res.body).toContain('<div id="root"><main>Ajvar $& "ljuti" at /product/5f0c6f3e-0000-4000-8000-000000000000?x=1 in ru</main></div>');
    expect(res.body).not.toContain('placeholder');
    expect(res.body).toContain('<script type="application/json" id="ssr-state">{"language":"ru","status":200}</script>');
    // The app starts after load on a rendered page: no route chunks preloaded.
    expect(res.body).not.toContain('modulepreload');
    expect(res.headers.vary).toContain('Cookie');

    const fromCookie = await app.inject({ url: '/', headers: { cookie: 'domace_language=en', 'accept-language': 'ru' } });
    expect(fromCookie.body).toContain('in en</main>');
    const unknown = await app.inject({ url: '/no/such/page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('in sr</main>');
    await app.close();
  });

  it("marks the state of a page the renderer calls complete, for the browser to start its app when the visitor needs it", async () => {
    const app = await appWith('complete', `
      export function createServerRenderer() {
        return { async render(url) { return { html: '<main>' + url + '</main>', state: '{}', complete: url === '/' }; } };
      }`);
    expect((await app.inject({ url: '/' })).body).toContain('<script type="application/json" id="ssr-state" data-complete>{}</script>');
    expect((await app.inject({ url: '/basket' })).body).toContain('<script type="application/json" id="ssr-state">{}</script>');
    await app.close();
  });

  it('sends the plain shell when rendering fails, and the page still works in the browser', async () => {
    const app = await appWith('failing', `
      export function createServerRenderer() {
        return { async render() { throw new Error('boom'); } };
      }`);
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p>placeholder</p>');
    expect(res.body).not.toContain('ssr-state');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/feed-1.js">');
    await app.close();
  });
});
