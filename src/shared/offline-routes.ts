import type { Endpoint } from './api/endpoint.ts';
import { PAGES } from './pages.ts';

/**
 * What the service worker (src/web/sw.ts) keeps for offline reading, as regular expression
 * sources over a URL's pathname. The build (scripts/vite/service-worker.ts) writes them into
 * the worker from the endpoint registry and the page table, so a new public read or page is
 * kept without a hand-written copy.
 */

/** `/product/:id` → `^/product/[^/]+/?$` (a `:name` segment is one segment; a trailing slash is allowed). */
export function pathPattern(path: string): string {
  if (path === '/') return '^/$';
  const source = path.split('/').slice(1)
    .map((segment) => (segment.startsWith(':') ? '/[^/]+' : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
    .join('');
  return `^${source}/?$`;
}

/**
 * The public reads: GET endpoints a caller without a token may call (`anyone`, or
 * `anyone-personalised`, whose anonymous answer is everyone's), but the health check, whose
 * answer must be live. The worker keeps only anonymous 200 answers of them.
 */
export function offlineApiPatterns(endpoints: Record<string, Record<string, Endpoint>>): string[] {
  return Object.values(endpoints).flatMap((group) => Object.values(group))
    .filter((e) => e.method === 'GET' && (e.access === 'anyone' || e.access === 'anyone-personalised') && !e.tags.includes('health'))
    .map((e) => pathPattern(e.path));
}

/** The pages the page table marks `offline` (the same for every visitor, nothing private in the URL). */
export function offlinePagePatterns(): string[] {
  return Object.values(PAGES).filter((page) => 'offline' in page && page.offline).map((page) => pathPattern(page.path));
}
