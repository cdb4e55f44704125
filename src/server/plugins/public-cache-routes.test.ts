import { describe, expect, it } from 'vitest';
import { endpoints } from '#shared/api/endpoints.ts';
import { cachedRoute, PUBLIC_CACHE_ROUTES } from './public-cache-routes.ts';

const route = (path: string) => PUBLIC_CACHE_ROUTES.find((r) => r.path === path)!;
const anonymous = { signedIn: false, params: {}, query: {} };

describe('the cached public reads', () => {
  it('are the endpoints the registry marks publicCache, with their topics and callers', () => {
    expect(PUBLIC_CACHE_ROUTES.map((r) => [r.path, r.topics, r.callers])).toEqual([
      ['/api/products', ['products'], 'verified'],
      ['/api/products/:id', ['products'], 'verified'],
      ['/api/households', ['households'], 'anonymous'],
      ['/api/households/:id', ['households'], 'anonymous'],
    ]);
  });

  it('key a request by its parsed params and query, so equal answers share one entry', () => {
    const list = route('/api/products');
    expect(list.key({ ...anonymous, query: { q: 'MED ', limit: '24' } })).toBe(list.key({ ...anonymous, query: { q: 'med' } }));
    expect(list.key({ ...anonymous, query: { q: 'med' } })).not.toBe(list.key({ ...anonymous, query: { q: 'sir' } }));
    const id = 'A1B2C3D4-0000-4000-8000-000000000000';
    const product = route('/api/products/:id');
    expect(product.key({ ...anonymous, params: { id } })).toBe(product.key({ ...anonymous, params: { id: id.toLowerCase() } }));
  });

  it('give no key where the route answers 400 or where the answer is the caller\'s own', () => {
    expect(route('/api/products/:id').key({ ...anonymous, params: { id: 'nope' } })).toBeUndefined();
    expect(route('/api/households').key({ ...anonymous, query: { limit: '0' } })).toBeUndefined();
    expect(route('/api/households').key({ ...anonymous, query: { extra: '1' } })).toBeUndefined();
    const list = route('/api/products');
    expect(list.key({ ...anonymous, query: { includeUnavailable: 'true' } })).toBeDefined();
    expect(list.key({ ...anonymous, signedIn: true, query: { includeUnavailable: 'true' } })).toBeUndefined();
  });

  it('refuse a cache on anything but a public GET', () => {
    expect(() => cachedRoute({ ...endpoints.products.create, publicCache: { topics: ['products'], callers: 'verified' } })).toThrow(/public GETs/);
    expect(() => cachedRoute(endpoints.orders.list)).toThrow(/no publicCache/);
  });
});
