import type { z } from 'zod';

/**
 * What one endpoint of the API is: its method and path, the zod schemas of what it takes
 * (params, query, headers, body) and of what it answers (status → schema), and who may call
 * it. Declared once in ./endpoints.ts; the server's routes take their method, URL and schemas
 * from it (src/server/lib/route.ts) and the web app's client is derived from it
 * (src/web/lib/api-client.ts). How to add one: docs/architecture.md, "Adding an endpoint".
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. The route enforces it with its hook (app.authenticate,
 * app.optionalAuth, app.requireProducer, the admin routes' operator check); src/server/api-registry.test.ts checks that every
 * endpoint refuses whom it should. Rules on *which* row a caller may touch (the owner of a
 * product, the buyer of an order) live in the feature's service.
 * - `anyone`: no token needed; a token is ignored.
 * - `anyone-personalised`: no token needed; with one the answer says more (isFollowing).
 * - `signed-in`: any account (401 without a token).
 * - `producer`: a producer account (401 without a token, 403 for a customer).
 * - `admin`: an operator (`isAdmin`; 401 without a token, 403 for every other account).
 */
export type Access = 'anyone' | 'anyone-personalised' | 'signed-in' | 'producer' | 'admin';

export type Answers = Partial<Record<number, z.ZodType>>;

/**
 * What a write can change, as database triggers NOTIFY it (migration 0004:
 * `EXECUTE FUNCTION domace_notify_public_change('households,products')`). A cached answer
 * names the topics it reads; `sessions` is the auth check's own (src/server/plugins/public-cache.ts).
 */
export const CACHE_TOPICS = ['products', 'households', 'sessions'] as const;
export type CacheTopic = (typeof CACHE_TOPICS)[number];

/**
 * The server's public read cache keeps this endpoint's answers in memory
 * (src/server/plugins/public-cache-routes.ts derives its routes from these declarations).
 */
export interface PublicCacheRule {
  /** The topics whose writes can change the answers. */
  readonly topics: readonly CacheTopic[];
  /**
   * `verified`: the answer is the same for every caller (a signed-in caller is served once
   * its token verified); `anonymous`: the answer depends on the caller (isFollowing), so only
   * requests without an Authorization header are cached.
   */
  readonly callers: 'verified' | 'anonymous';
}

export interface Endpoint {
  readonly method: HttpMethod;
  /** Full path with `:name` placeholders, e.g. `/api/orders/:id`. */
  readonly path: string;
  readonly access: Access;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly headers?: z.ZodType;
  readonly body?: z.ZodType;
  /** Not JSON: the body is multipart/form-data (uploads); `body` is then absent. */
  readonly multipart?: boolean;
  /**
   * Status → schema of the answer's body. 204 answers are `z.null()`. The error answers that
   * follow from `access` and the inputs are added by `answersOf` in ./answers.ts (400, 401, 403, 404); list
   * here the success answers and the other errors (409, 422, 429, …). Listing a derived one
   * too is harmless.
   */
  readonly answers: Answers;
  /** Kept by the server's public read cache (GET endpoints open to anyone only). */
  readonly publicCache?: PublicCacheRule;
}

/** Declares an endpoint, keeping the exact schema types for the server and the client. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

type SuccessStatus = 200 | 201 | 202 | 204;

/** What a successful call answers: the union of the 2xx answers' types. */
export type Answer<E extends Endpoint> = {
  [S in keyof E['answers'] & SuccessStatus]: E['answers'][S] extends z.ZodType ? z.output<E['answers'][S]> : never;
}[keyof E['answers'] & SuccessStatus];

type Part<E extends Endpoint, K extends 'params' | 'query' | 'headers' | 'body'> =
  E[K] extends z.ZodType ? (undefined extends z.input<E[K]> ? { [P in K]?: z.input<E[K]> } : { [P in K]: z.input<E[K]> }) : { [P in K]?: never };

/** What a call takes: the parts the endpoint declares, each typed by its schema's input. */
export type Input<E extends Endpoint> = Part<E, 'params'> & Part<E, 'query'> & Part<E, 'headers'> & Part<E, 'body'>;

/** `/api/orders/:id` + `{ id }` → `/api/orders/<id>`, each value URI-encoded. */
export function pathFor(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** A query object as a query string (`?a=1&b=x`, or '' when empty); undefined, null and '' are left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
