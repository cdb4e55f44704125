import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

const VIRTUAL_ID = '\0domace-endpoint-routes';

interface RouteOnly { method: string; path: string; multipart?: true }

/**
 * The browser's copy of the endpoint registry (src/shared/api/endpoints.ts) without its zod
 * schemas. The web client needs only each endpoint's method, path and whether it is a
 * multipart upload; the answers' types reach it through TypeScript. Bundling the schemas would
 * put zod and every contract into the first page load, so for the browser build the client's
 * import of the registry is answered with this table, read from the very registry at build
 * time (the registry stays the one declaration). The server, the server renderer and the tests
 * import the registry itself.
 */
export function endpointRoutes(root: string): Plugin {
  const registry = path.join(root, 'src/shared/api/endpoints.ts');
  const client = path.join(root, 'src/web/lib/api-client.ts');
  return {
    name: 'domace:endpoint-routes',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (options?.ssr || !importer || path.resolve(importer) !== client) return undefined;
      return source === '#shared/api/endpoints.ts' ? VIRTUAL_ID : undefined;
    },
    async load(id) {
      if (id !== VIRTUAL_ID) return undefined;
      this.addWatchFile(registry);
      const module = (await tsImport(`${pathToFileURL(registry).href}?t=${Date.now()}`, import.meta.url)) as {
        endpoints: Record<string, Record<string, { method: string; path: string; multipart?: boolean }>>;
      };
      const table: Record<string, Record<string, RouteOnly>> = {};
      for (const [group, members] of Object.entries(module.endpoints)) {
        table[group] = {};
        for (const [name, endpoint] of Object.entries(members)) {
          table[group][name] = { method: endpoint.method, path: endpoint.path, ...(endpoint.multipart ? { multipart: true as const } : {}) };
        }
      }
      return `export const endpoints = ${JSON.stringify(table)};`;
    },
  };
}
