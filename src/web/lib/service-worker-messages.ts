/** The page asks the service worker (src/web/sw.ts) to keep the public reads it made before the worker controlled it. */
export const KEEP_MESSAGE = 'domace:keep';
export interface KeepMessage { type: typeof KEEP_MESSAGE; urls: string[] }
/** The first path segment of the API's URLs (src/server/lib/route.ts, API_PREFIX). */
export const API_SEGMENT = 'api';
