import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, ApiError, requestJson } from './api-client.ts';
import i18n from './i18n.ts';
import { callOf, type FetchMock } from '#web/test/fetch-mock.ts';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function respond(status: number, body: string | null, statusText = '') {
  const fetchMock: FetchMock = vi.fn(() => Promise.resolve(new Response(body, { status, statusText })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('requestJson', () => {
  it('sends JSON with a content type only when there is a body', async () => {
    const fetchMock = respond(200, '{"id":"1"}');
    await expect(requestJson('/things', { method: 'POST', body: { name: 'Мед' } })).resolves.toEqual({ id: '1' });
    const [, init] = callOf(fetchMock);
    expect(init.body).toBe('{"name":"Мед"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');

    const bare = respond(204, null);
    await requestJson('/bare', { method: 'POST' });
    const [, bareInit] = callOf(bare);
    expect((bareInit.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('translates a known error code', async () => {
    respond(409, JSON.stringify({ error: 'Email taken', code: 'auth.email_taken' }));
    const error = await requestJson('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'auth.email_taken', message: 'An account with this email already exists.' });

    await i18n.changeLanguage('sr');
    respond(409, JSON.stringify({ error: 'Email taken', code: 'auth.email_taken' }));
    await expect(requestJson('/x')).rejects.toMatchObject({ message: 'Налог са овом адресом е-поште већ постоји.' });
    await i18n.changeLanguage('en');
  });

  it('falls back to the error text, then the status text, then "Request failed"', async () => {
    respond(400, JSON.stringify({ error: 'Quantity too large', code: 'orders.something_new', details: [{ path: 'qty' }] }));
    await expect(requestJson('/x')).rejects.toMatchObject({ message: 'Quantity too large', details: [{ path: 'qty' }] });

    respond(502, '<html>Bad gateway</html>', 'Bad Gateway');
    await expect(requestJson('/x')).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });

    respond(500, '');
    await expect(requestJson('/x')).rejects.toMatchObject({ status: 500, message: 'Request failed' });
  });

  it('hands out the details typed by their code, and none for another code or a body without them', async () => {
    const details = [{ productId: 'p1', name: 'Мед', requested: 3, available: 1, message: 'Only 1 left of Мед' }];
    respond(409, JSON.stringify({ error: 'Not enough stock', code: 'order.out_of_stock', details }));
    const error = (await requestJson('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.detailsFor('order.out_of_stock')[0]?.available).toBe(1);
    expect(error.detailsFor('order.below_minimum')).toEqual([]);
    expect(error.details).toEqual(details);

    respond(409, JSON.stringify({ error: 'Not enough stock', code: 'order.out_of_stock', details: 'garbled' }));
    const garbled = (await requestJson('/x').catch((e: unknown) => e)) as ApiError;
    expect(garbled.details).toEqual([]);
    expect(garbled.detailsFor('order.out_of_stock')).toEqual([]);
  });

  it('turns a network failure into ApiError code "network"', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(requestJson('/x')).rejects.toMatchObject({ status: 0, code: 'network' });
  });
});

describe('api (derived from the endpoint registry)', () => {
  const id = '3f1e2d4c-5b6a-4789-9abc-def012345678';

  it('calls an endpoint with its method and path, the params filled in and encoded', async () => {
    const fetchMock = respond(200, '{"id":"x"}');
    await api.orders.cancel({ params: { id } });
    const [url, init] = callOf(fetchMock);
    expect(url).toBe(`/api/orders/${id}/cancel`);
    expect(init.method).toBe('POST');

    const hostile = respond(200, '{}');
    await api.products.get({ params: { id: '../me?x=1' } });
    expect(callOf(hostile)[0]).toBe('/api/products/..%2Fme%3Fx%3D1');
  });

  it('sends the query, leaving out what is not set', async () => {
    const fetchMock = respond(200, '{"items":[],"nextCursor":null}');
    await api.orders.list({ query: { limit: 20, cursor: undefined } });
    expect(callOf(fetchMock)[0]).toBe('/api/orders?limit=20');
  });

  it('sends the checkout with its body and idempotency key', async () => {
    const fetchMock = respond(201, '{"orders":[]}');
    const body = { deliveryType: 'pickup' as const, pickupDate: '2026-05-04', pickupTime: '10:00', contactPhone: '+381641234567', items: [{ productId: id, quantity: 2 }] };
    await expect(api.orders.create({ body, headers: { 'idempotency-key': 'k-1' } })).resolves.toEqual({ orders: [] });
    const [url, init] = callOf(fetchMock);
    expect(url).toBe('/api/orders');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['idempotency-key']).toBe('k-1');
    expect(JSON.parse(init.body as string)).toEqual(body);
  });

  it('answers a 204 with null and turns a failure into ApiError', async () => {
    respond(204, null);
    await expect(api.products.archive({ params: { id } })).resolves.toBeNull();
    respond(403, JSON.stringify({ error: 'Not yours', code: 'forbidden' }));
    await expect(api.products.archive({ params: { id } })).rejects.toMatchObject({ status: 403, code: 'forbidden' });
  });
});
