import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type * as OfflineRoutes from '../../src/shared/offline-routes.ts';

/** Precached beside the hashed JS and CSS; their names carry no hash, so each gets a revision. */
const SHELL = ['index.html', 'offline.html', 'manifest.webmanifest', 'favicon.svg', 'icons/icon-192.png'];

/**
 * Builds the service worker (src/web/sw.ts, Workbox modules: ADR 0023) into dist/web/sw.js,
 * with what it must know written in at build time (nothing copied by hand):
 * - `self.__WB_MANIFEST`, the precache list: the shell files (revision = hash of content) and
 *   the JS and CSS reachable from the entry, statically or through lazy routes, except the
 *   producer dashboard's (buyers never need it; visiting it caches it at run time);
 * - SW_PUBLIC_API and SW_PUBLIC_PAGES, the public reads and pages kept for offline reading,
 *   from the endpoint registry and the page table (src/shared/offline-routes.ts).
 */
export function serviceWorker(root: string): Plugin {
  let outDir = '';
  let files: string[] = [];
  return {
    name: 'domace:service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const found = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = byFile.get(fileName);
        if (!chunk || found.has(fileName)) return;
        if (!chunk.isEntry && chunk.facadeModuleId && /[\\/]routes[\\/]producer-/.test(chunk.facadeModuleId)) return;
        found.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) found.add(css);
        for (const asset of chunk.viteMetadata?.importedAssets ?? []) found.add(asset);
        for (const dep of [...chunk.imports, ...chunk.dynamicImports]) visit(dep);
      };
      for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
      files = [...found].filter((file) => !file.endsWith('.map')).sort();
    },
    closeBundle: {
      // Before the precompress plugin writes the .br and .gz copies (it runs 'post').
      order: 'pre',
      async handler() {
        const load = async <T>(file: string) => (await tsImport(pathToFileURL(path.join(root, file)).href, import.meta.url)) as T;
        const { endpoints } = await load<{ endpoints: Parameters<typeof OfflineRoutes.offlineApiPatterns>[0] }>('src/shared/api/endpoints.ts');
        const routes = await load<typeof OfflineRoutes>('src/shared/offline-routes.ts');
        const manifest = [
          ...SHELL.filter((file) => fs.existsSync(path.join(outDir, file))).map((file) => ({
            url: `/${file}`, revision: createHash('sha256').update(fs.readFileSync(path.join(outDir, file))).digest('hex').slice(0, 16),
          })),
          // Hashed names: the name is the revision.
          ...files.map((file) => ({ url: `/${file}`, revision: null })),
        ];
        await build({
          entryPoints: [path.join(root, 'src/web/sw.ts')],
          outfile: path.join(outDir, 'sw.js'),
          bundle: true,
          minify: true,
          format: 'iife',
          target: 'es2022',
          legalComments: 'none',
          logLevel: 'warning',
          define: {
            'self.__WB_MANIFEST': JSON.stringify(manifest),
            SW_PUBLIC_API: JSON.stringify(routes.offlineApiPatterns(endpoints)),
            SW_PUBLIC_PAGES: JSON.stringify(routes.offlinePagePatterns()),
            // Workbox's development logging is left out.
            'process.env.NODE_ENV': '"production"',
          },
        });
      },
    },
  };
}
