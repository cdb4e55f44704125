import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { endpointRoutes } from './scripts/vite/endpoint-routes.ts';
import { serbianLatinLocales } from './scripts/vite/serbian-latin-locales.ts';
import { serviceWorker } from './scripts/vite/service-worker.ts';

/**
 * Writes brotli (max quality) and gzip copies beside each text file of the build; the server
 * sends them as they are (@fastify/static preCompressed), so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = '';
  const TEXT = /\.(js|css|html|svg|webmanifest|txt|json)$/;
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === '.vite' ? [] : walk(full);
      return TEXT.test(entry.name) ? [full] : [];
    });
  return {
    name: 'domace:precompress',
    apply: 'build',
    // After the service worker plugin has written the final sw.js.
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        for (const file of walk(outDir)) {
          const content = fs.readFileSync(file);
          if (content.length < 1024) continue;
          fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
          }));
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

/**
 * boot.ts evaluates the app in steps (React DOM, then main.tsx). Vite would
 * preload each step's chunks only when that step starts, one round trip after another; instead
 * the first step preloads every chunk main.tsx needs (modulepreload downloads and compiles
 * without running), so the downloads happen at once and only the evaluation is staged.
 */
function stagedBootPreload() {
  let bundle: Record<string, { type: string; fileName: string; imports?: string[]; moduleIds?: string[] }> = {};
  // By a module it holds: main.tsx shares its chunk with the rest of the first load (firstLoadChunks).
  const chunkOf = (suffix: string) => Object.values(bundle).find((item) => item.type === 'chunk' && item.moduleIds?.some((id) => id.endsWith(suffix)));
  const plugin: Plugin = {
    name: 'domace:staged-boot-preload',
    apply: 'build',
    // Before Vite writes the preload lists (its import analysis runs in generateBundle too).
    generateBundle: { order: 'pre', handler(_options, output) { bundle = output; } },
    // The page names the app's code (`<meta name="app-code">`) for boot.ts, which fetches it
    // when the page needs it (src/web/lib/early-start.ts, ADR 0045): preloaded at low priority
    // during the load on a page that starts after its load event, fetched into the cache after
    // the load on a complete page that starts when the visitor needs it. No preload link in the
    // HTML itself: on a complete page it would compete with the first screen's pictures
    // (Lighthouse's simulation counted it before the largest paint: ADR 0029, Measured).
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        bundle = context.bundle as typeof bundle;
        const entry = Object.values(bundle).find((item) => item.type === 'chunk' && (item as { isEntry?: boolean }).isEntry);
        const reactDom = chunkOf('src/web/lib/preload/react-dom.ts');
        if (!entry || !reactDom) return [];
        const files = resolveDependencies(reactDom.fileName, [reactDom.fileName], { hostId: entry.fileName });
        const already = new Set([entry.fileName, ...(entry.imports ?? [])]);
        const code = files.filter((file) => file.endsWith('.js') && !already.has(file)).map((file) => `/${file}`);
        return [{ tag: 'meta', attrs: { name: 'app-code', content: code.join(' ') }, injectTo: 'head' as const }];
      },
    },
  };
  const resolveDependencies = (file: string, deps: string[], context: { hostId: string }): string[] => {
    if (chunkOf('src/web/lib/preload/react-dom.ts')?.fileName !== file) return deps;
    const main = chunkOf('src/web/main.tsx');
    if (!main) return deps;
    const all = new Set(deps);
    const visit = (fileName: string) => {
      const chunk = bundle[fileName];
      if (!chunk || chunk.type !== 'chunk' || all.has(fileName)) return;
      all.add(fileName);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    all.delete(main.fileName);
    visit(main.fileName);
    all.delete(context.hostId); // the entry itself, already running
    return [...all];
  };
  return { plugin, resolveDependencies };
}
const bootPreload = stagedBootPreload();

/**
 * The chunks of the first page. Everything `/` needs beside React DOM goes into one chunk, `app`:
 * the modules main.tsx and the feed page import statically, found by walking the module graph
 * from them (stopping at a package: the bundler adds what a package itself needs), since forty
 * small files compressed worse than one (bench/results/history.md, Page speed, eighth pass). React
 * DOM keeps a chunk of its own, which boot.ts evaluates first in a task of its own, and boot.ts's
 * own few imports one of theirs, so that the entry does not import the app. Every other page's
 * code splits as the bundler decides. A new state per build: the walk is done once per build.
 */
const FIRST_LOAD_ROOTS = ['src/web/main.tsx', 'src/web/app/routes/feed.tsx'];
const BOOT = /src[\\/](web[\\/]boot\.ts|web[\\/]lib[\\/](yield-to-main|early-start|early-add|early-toast|server-state|i18n-language|storage-keys|when-idle|load-chunk|start-failed)\.ts|web[\\/]features[\\/]basket[\\/]lib[\\/](basket-storage|basket-reducer)\.ts|shared[\\/](ssr|constants|accept-language|quantity)\.ts|web[\\/]styles\.css)|\0virtual:start-failed-texts/;
const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
interface ChunkingContext { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null }
function firstLoadChunks() {
  let members: Set<string> | undefined;
  const firstLoad = (ctx: ChunkingContext): Set<string> => {
    const found = new Set<string>();
    const visit = (moduleId: string) => {
      if (found.has(moduleId) || REACT.test(moduleId) || BOOT.test(moduleId)) return;
      found.add(moduleId);
      if (moduleId.includes('node_modules')) return;
      for (const imported of ctx.getModuleInfo(moduleId)?.importedIds ?? []) visit(imported);
    };
    for (const root of FIRST_LOAD_ROOTS) visit(path.resolve(import.meta.dirname, root));
    return found;
  };
  return {
    groups: [
      { name: 'boot', test: BOOT, priority: 3 },
      { name: 'react-dom', test: REACT, priority: 2 },
      { name: (id: string, ctx: ChunkingContext) => ((members ??= firstLoad(ctx)).has(id) ? 'app' : null), debugName: 'app', priority: 1 },
    ],
  };
}

const LOCALES_DIR = path.resolve(import.meta.dirname, 'src/web/locales');

// The web app lives in src/web; the server serves dist/web (see src/server/plugins/web.ts).
// `vite build --ssr` builds the server renderer (entry-server.tsx) into dist/ssr: `npm run build` does both.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : 'public',
  // The renderer bundles the icon and Radix packages so only what the pages use is loaded:
  // Node importing them whole (every icon, every primitive) costs ~100 MB of server memory.
  ssr: { noExternal: ['lucide-react', 'radix-ui', /^@radix-ui\//] },
  plugins: isSsrBuild ? [react(), serbianLatinLocales(LOCALES_DIR)] : [react(), serbianLatinLocales(LOCALES_DIR), endpointRoutes(path.resolve(import.meta.dirname)), tailwindcss(), serviceWorker(path.resolve(import.meta.dirname)), bootPreload.plugin, precompress()],
  build: isSsrBuild
    ? { outDir: '../../dist/ssr', emptyOutDir: true, sourcemap: true, rollupOptions: { input: 'entry-server.tsx' } }
    : { outDir: '../../dist/web', emptyOutDir: true, sourcemap: true, manifest: true, modulePreload: { resolveDependencies: bootPreload.resolveDependencies }, rolldownOptions: { output: { codeSplitting: firstLoadChunks() } } },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
}));
