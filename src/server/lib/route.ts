import { answersOf } from '#shared/api/answers.ts';
import type { Endpoint } from '#shared/api/endpoint.ts';

/** Where app.ts mounts every feature's routes: the registry's paths start with it. */
export const API_PREFIX = '/api';

type Schema<E extends Endpoint> = {
  tags: string[];
  summary: string;
  security?: Array<Record<string, string[]>>;
  consumes?: string[];
  params: E['params'];
  querystring: E['query'];
  headers: E['headers'];
  body: E['body'];
  response: E['answers'];
};

/**
 * The method, URL (below API_PREFIX) and schemas of an endpoint of the registry
 * (src/shared/api/endpoints.ts), to spread into `app.route`:
 *
 *   app.route({ ...route(endpoints.orders.get), onRequest: app.authenticate, handler: async (request) => … });
 *
 * The route keeps what is the server's own: its hooks (which enforce the endpoint's `access`),
 * rate limits and handler. Request and reply stay typed by the zod type provider.
 */
export function route<const E extends Endpoint>(endpoint: E): { method: E['method']; url: string; schema: Schema<E> } {
  if (!endpoint.path.startsWith(`${API_PREFIX}/`)) throw new Error(`${endpoint.path} is not under ${API_PREFIX}`);
  const signedIn = endpoint.access === 'signed-in' || endpoint.access === 'producer' || endpoint.access === 'admin';
  return {
    method: endpoint.method,
    url: endpoint.path.slice(API_PREFIX.length),
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(signedIn ? { security: [{ bearer: [] }] } : {}),
      ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
      // Only the parts the endpoint has: Fastify warns about a schema key set to undefined.
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      // The declared answers and the error answers its access and inputs imply.
      response: answersOf(endpoint),
    } as Schema<E>,
  };
}
