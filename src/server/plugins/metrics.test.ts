import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createProduct } from '../../../test/catalog-fixtures.ts';
import { createUser } from '../../../test/users.ts';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  const farm = await createUser(t, { userType: 'producer' });
  await createProduct(t, farm.id);
});
afterAll(() => t.close());

const scrape = (remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

describe('/metrics', () => {
  it('serves Prometheus text on loopback with latency by route, orders, outbox, pool and cache figures', async () => {
    await t.app.inject({ method: 'GET', url: '/api/products' });
    await t.app.inject({ method: 'GET', url: '/api/products' });
    const res = await scrape('127.0.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const body = res.body;
    expect(body).toMatch(/domace_http_request_duration_seconds_count\{method="GET",route="\/api\/products",status_code="200"\} 2/);
    for (const name of ['domace_mail_outbox_depth 0', 'domace_mail_outbox_oldest_age_seconds 0', 'domace_db_pool_connections{state="total"}', 'domace_public_cache_hits_total', 'domace_public_cache_misses_total', '# TYPE domace_orders gauge']) {
      expect(body).toContain(name);
    }
  });

  it('refuses other callers unless they send METRICS_TOKEN', async () => {
    expect((await scrape('10.1.2.3')).statusCode).toBe(403);
    expect((await scrape('10.1.2.3', { authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(403);
    expect((await scrape('10.1.2.3', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
  });

  it('does not trust loopback behind a proxy (every caller looks local there)', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      expect((await proxied.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});
