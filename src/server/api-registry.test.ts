import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '#shared/api/endpoint.ts';
import { pathFor } from '#shared/api/endpoint.ts';
import { endpoints } from '#shared/api/endpoints.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/users.ts';

/**
 * The endpoint registry (src/shared/api/endpoints.ts) and the server agree: every declared
 * endpoint is served with its method and path, nothing under /api is served undeclared, and
 * each endpoint refuses the callers its `access` excludes.
 */

const all: Array<[string, Endpoint]> = Object.entries(endpoints).flatMap(([group, members]) =>
  Object.entries(members as Record<string, Endpoint>).map(([name, ep]) => [`${group}.${name}`, ep] as [string, Endpoint]));

/** Bodies that pass validation, so a refusal comes from the access check and not from the schema. */
const VALID_BODY: Record<string, unknown> = {
  'reviews.write': { rating: 5, comment: 'Одличан ајвар, као код баке.' },
  'stories.create': { mediaId: randomUUID() },
  'households.update': { name: 'Домаћинство' },
  'products.update': { name: 'Ајвар' },
  'producer.setOrderStatus': { status: 'confirmed' },
  'me.update': { name: 'Марија' },
  'me.remove': { password: 'secret-password' },
  'reports.create': { targetType: 'product', targetId: randomUUID(), reason: 'spam' },
  'admin.promoteProduct': { promoted: true },
  'admin.resolveReport': { action: 'hide' },
};

function call(t: TestApp, name: string, ep: Endpoint, headers: Record<string, string> = {}) {
  // A fresh id for each path placeholder (`:id`, `:productId`, …).
  const url = pathFor(ep.path, Object.fromEntries([...ep.path.matchAll(/:([A-Za-z]+)/g)].map(([, key]) => [key!, randomUUID()])));
  const body = VALID_BODY[name];
  return t.app.inject({
    method: ep.method, url, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
}

let t: TestApp;
let customer: TestUser;
let producer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  customer = await createUser(t, { userType: 'customer' });
  producer = await createUser(t, { userType: 'producer' });
});
afterAll(async () => { await t.close(); });

describe('the endpoint registry', () => {
  it('is what the server serves under /api, method for method and path for path', async () => {
    const served = new Set<string>();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/')) continue;
      for (const method of Object.keys(methods)) served.add(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
    }
    const declared = new Set(all.map(([, ep]) => `${ep.method} ${ep.path}`));
    expect([...served].sort()).toEqual([...declared].sort());
  });

  it('declares each endpoint once', () => {
    const keys = all.map(([, ep]) => `${ep.method} ${ep.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(all.filter(([, ep]) => ep.access === 'signed-in' || ep.access === 'producer' || ep.access === 'admin'))('%s refuses a caller without a token (401)', async (name, ep) => {
    const res = await call(t, name, ep);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthorized' });
  });

  it.each(all.filter(([, ep]) => ep.access === 'producer'))('%s refuses a customer (403)', async (name, ep) => {
    const res = await call(t, name, ep, customer.headers);
    expect(res.statusCode).toBe(403);
  });

  it.each(all.filter(([, ep]) => ep.access === 'admin'))('%s refuses every account that is not an operator (403), customer or producer', async (name, ep) => {
    for (const user of [customer, producer]) {
      const res = await call(t, name, ep, user.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden' });
    }
  });

  it('has operator endpoints, and only under /api/admin', () => {
    const admin = all.filter(([, ep]) => ep.access === 'admin');
    expect(admin.length).toBeGreaterThan(0);
    for (const [, ep] of all) expect(ep.access === 'admin', ep.path).toBe(ep.path.startsWith('/api/admin/'));
  });

  it.each(all.filter(([, ep]) => ep.access === 'anyone' || ep.access === 'anyone-personalised'))('%s lets a caller without a token through the door', async (name, ep) => {
    const res = await call(t, name, ep);
    // Past the access check the answer depends on the input (400 for a missing body, 404 for a made-up id), never 401/403.
    expect([401, 403]).not.toContain(res.statusCode);
    expect(res.statusCode).toBeLessThan(500);
  });
});
