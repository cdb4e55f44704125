import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ip = 0;
/** Each report from an address of its own, unless given: the route's per-address limit is tested apart. */
const report = (payload: unknown, options: { remoteAddress?: string; contentType?: string } = {}) => t.app.inject({
  method: 'POST', url: '/api/vitals', remoteAddress: options.remoteAddress ?? `10.9.${Math.floor(++ip / 250)}.${ip % 250}`,
  headers: { 'content-type': options.contentType ?? 'application/json' },
  payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
});
const metrics = async () => (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
const line = (body: string, name: string) => body.split('\n').find((l) => l.startsWith(name))?.split(' ').pop();

describe('POST /api/vitals', () => {
  it('keeps each metric in its histogram of the page kind, in seconds for INP and LCP', async () => {
    const before = await metrics();
    expect(line(before, 'domace_web_vitals_inp_seconds_count{page="household"}')).toBe('0');
    const res = await report({ page: 'product', metrics: [{ name: 'INP', value: 180 }, { name: 'LCP', value: 2100 }, { name: 'CLS', value: 0.02 }] });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const after = await metrics();
    expect(line(after, 'domace_web_vitals_inp_seconds_bucket{le="0.2",page="product"}')).toBe('1');
    expect(line(after, 'domace_web_vitals_inp_seconds_bucket{le="0.1",page="product"}')).toBe('0');
    expect(line(after, 'domace_web_vitals_lcp_seconds_bucket{le="2.5",page="product"}')).toBe('1');
    expect(line(after, 'domace_web_vitals_lcp_seconds_bucket{le="2",page="product"}')).toBe('0');
    expect(line(after, 'domace_web_vitals_cls_bucket{le="0.05",page="product"}')).toBe('1');
    expect(line(after, 'domace_web_vitals_lcp_seconds_sum{page="product"}')).toBe('2.1');
    expect(line(after, 'domace_web_vitals_inp_seconds_count{page="feed"}')).toBe('0');
  });

  it('takes a report of one metric', async () => {
    expect((await report({ page: 'feed', metrics: [{ name: 'CLS', value: 0 }] })).statusCode).toBe(204);
    expect(line(await metrics(), 'domace_web_vitals_cls_count{page="feed"}')).toBe('1');
  });

  it('refuses hostile or malformed bodies with 400 (never 500) and keeps nothing of them', async () => {
    const before = await metrics();
    const bodies: unknown[] = [
      {}, { page: 'feed' }, { page: 'feed', metrics: [] },
      { page: '/product/123', metrics: [{ name: 'LCP', value: 1 }] }, // an address is not a page kind
      { page: 'feed', metrics: [{ name: 'FID', value: 1 }] },
      { page: 'feed', metrics: [{ name: 'LCP', value: -1 }] },
      { page: 'feed', metrics: [{ name: 'LCP', value: 1e12 }] },
      { page: 'feed', metrics: [{ name: 'CLS', value: 101 }] },
      { page: 'feed', metrics: [{ name: 'LCP', value: '1000' }] },
      { page: 'feed', metrics: [{ name: 'LCP', value: null }] },
      { page: 'feed', metrics: [{ name: 'LCP', value: 1 }, { name: 'LCP', value: 2 }] },
      { page: 'feed', metrics: [{ name: 'LCP', value: 1 }, { name: 'INP', value: 1 }, { name: 'CLS', value: 0 }, { name: 'CLS', value: 0 }] },
      { page: 'feed', metrics: [{ name: 'LCP', value: 1, user: 'someone@example.com' }] },
      { page: 'feed', metrics: [{ name: 'LCP', value: 1 }], url: 'https://example.com/?email=x' },
      { page: 'feed', metrics: { name: 'LCP', value: 1 } },
      { __proto__: { page: 'feed' }, metrics: [{ name: 'LCP', value: 1 }] },
      [{ page: 'feed', metrics: [{ name: 'LCP', value: 1 }] }],
      'null', '"feed"', '{"page":"feed","metrics":[{"name":"LCP","value":1}', '{"page":"feed","metrics":[{"name":"LCP","value":1e999}]}',
    ];
    for (const body of bodies) {
      const res = await report(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });
    }
    const after = await metrics();
    for (const page of ['feed', 'product', 'household', 'search', 'other']) {
      expect(line(after, `domace_web_vitals_lcp_seconds_count{page="${page}"}`)).toBe(line(before, `domace_web_vitals_lcp_seconds_count{page="${page}"}`));
    }
  });

  it('answers a body that is not JSON or too large with a 4xx error, never 500', async () => {
    const text = await report('page=feed', { contentType: 'text/plain' });
    expect([400, 415]).toContain(text.statusCode);
    expect(text.json()).toMatchObject({ code: expect.any(String) });
    const large = await report({ page: 'feed', metrics: [{ name: 'LCP', value: 1 }], pad: 'x'.repeat(4096) });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ code: expect.any(String) });
  });

  it('limits the reports of one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i += 1) statuses.push((await report({ page: 'other', metrics: [{ name: 'CLS', value: 0 }] }, { remoteAddress: '10.200.0.1' })).statusCode);
    expect(statuses.slice(0, 5).every((s) => s === 204)).toBe(true);
    expect(statuses).toContain(429);
    expect(statuses.every((s) => s === 204 || s === 429)).toBe(true);
  });
});
