import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch } from './api-client.ts';
import i18n from './i18n.ts';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function respond(status: number, body: string | null, statusText = '') {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(body, { status, statusText })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiFetch', () => {
  it('sends JSON with a content type only when there is a body', async () => {
    const fetchMock = respond(200, '{"id":"1"}');
    await expect(apiFetch('/api/things', { method: 'POST', body: { name: 'Мед' } })).resolves.toEqual({ id: '1' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe('{"name":"Мед"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');

    const bare = respond(204, null);
    await apiFetch('/api/auth/logout', { method: 'POST' });
    const [, bareInit] = bare.mock.calls[0] as unknown as [string, RequestInit];
    expect((bareInit.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('translates a known error code', async () => {
    respond(409, JSON.stringify({ error: 'Email taken', code: 'auth.email_taken' }));
    const error = await apiFetch('/api/auth/signup').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'auth.email_taken', message: 'An account with this email already exists.' });

    await i18n.changeLanguage('sr');
    respond(409, JSON.stringify({ error: 'Email taken', code: 'auth.email_taken' }));
    await expect(apiFetch('/x')).rejects.toMatchObject({ message: 'Налог са овом адресом е-поште већ постоји.' });
    await i18n.changeLanguage('en');
  });

  it('falls back to the error text, then the status text, then "Request failed"', async () => {
    respond(400, JSON.stringify({ error: 'Quantity too large', code: 'orders.something_new', details: [{ path: 'qty' }] }));
    await expect(apiFetch('/x')).rejects.toMatchObject({ message: 'Quantity too large', details: [{ path: 'qty' }] });

    respond(502, '<html>Bad gateway</html>', 'Bad Gateway');
    await expect(apiFetch('/x')).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });

    respond(500, '');
    await expect(apiFetch('/x')).rejects.toMatchObject({ status: 500, message: 'Request failed' });
  });

  it('turns a network failure into ApiError code "network"', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiFetch('/x')).rejects.toMatchObject({ status: 0, code: 'network' });
  });
});
