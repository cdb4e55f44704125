import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isUuid, matchPage, NOT_FOUND_MODULE, PAGES, pagePath, type PageName } from './pages.ts';

const id = '3f1e2d4c-5b6a-4789-9abc-def012345678';

describe('the page table', () => {
  it('matches every page at its own path, with or without a trailing slash', () => {
    for (const name of Object.keys(PAGES) as PageName[]) {
      const href = pagePath(name, { id });
      expect(matchPage(href)?.name).toBe(name);
      if (href !== '/') expect(matchPage(`${href}/`)?.name).toBe(name);
    }
  });

  it('gives the params decoded, and nothing for paths no page has', () => {
    expect(matchPage(`/product/${id}`)).toEqual({ name: 'product', module: 'product', params: { id } });
    expect(matchPage('/household/a%20b')?.params).toEqual({ id: 'a b' });
    expect(matchPage('/product/%E0%A4%A')).toBeNull();
    expect(matchPage('/product')).toBeNull();
    expect(matchPage('/product/x/y')).toBeNull();
    expect(matchPage('/nowhere')).toBeNull();
  });

  it('names a module that exists for each page (and for the not-found page)', () => {
    const routes = path.resolve(import.meta.dirname, '../web/app/routes');
    for (const module of [...Object.values(PAGES).map((p) => p.module), NOT_FOUND_MODULE]) {
      expect(fs.existsSync(path.join(routes, `${module}.tsx`)), module).toBe(true);
    }
  });

  it('encodes params into hrefs and tells a row id from anything else', () => {
    expect(pagePath('buyer', { id: '../x' })).toBe('/buyer/..%2Fx');
    expect(isUuid(id)).toBe(true);
    expect(isUuid(id.toUpperCase())).toBe(true);
    expect(isUuid(`${id}x`)).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });
});
