import { describe, expect, it } from 'vitest';
import type { Endpoint } from './api/endpoint.ts';
import { endpoints } from './api/endpoints.ts';
import { offlineApiPatterns, offlinePagePatterns, pathPattern } from './offline-routes.ts';

const matches = (patterns: string[], pathname: string) => patterns.some((source) => new RegExp(source).test(pathname));
const api = offlineApiPatterns(endpoints as unknown as Record<string, Record<string, Endpoint>>);
const pages = offlinePagePatterns();
const ID = '00000000-0000-4000-8000-000000000000';

describe('what the service worker keeps for offline reading', () => {
  it('writes a path with placeholders as one segment each', () => {
    expect(new RegExp(pathPattern('/api/products/:id')).test(`/api/products/${ID}`)).toBe(true);
    expect(new RegExp(pathPattern('/api/products/:id')).test(`/api/products/${ID}/reviews`)).toBe(false);
    expect(new RegExp(pathPattern('/')).test('/')).toBe(true);
    expect(new RegExp(pathPattern('/')).test('/x')).toBe(false);
  });

  it('keeps the public catalogue reads and nothing of a signed-in user or the health check', () => {
    for (const path of ['/api/products', `/api/products/${ID}`, `/api/products/${ID}/reviews`, '/api/households', `/api/households/${ID}`, '/api/stories', `/api/buyers/${ID}`]) {
      expect(matches(api, path), path).toBe(true);
    }
    for (const path of ['/api/me', '/api/orders', `/api/orders/${ID}`, '/api/producer/orders', '/api/notifications', '/api/health', '/api/admin/stats']) {
      expect(matches(api, path), path).toBe(false);
    }
  });

  it('keeps the pages everyone sees alike, not forms whose links carry a code', () => {
    for (const path of ['/', '/search', `/product/${ID}`, `/household/${ID}/`, `/buyer/${ID}`]) expect(matches(pages, path), path).toBe(true);
    for (const path of ['/login', '/reset-password', '/verify-email', '/basket', '/orders', '/producer/dashboard', '/admin']) {
      expect(matches(pages, path), path).toBe(false);
    }
  });
});
