import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('the API foundation', () => {
  it('answers health with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', error: expect.any(String) });
  });

  it('answers malformed JSON with validation_failed, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('names the rule of each refused field (zod\'s issue code), so the web app says it in the visitor\'s language', async () => {
    const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });
    const empty = await post({ email: 'a@b.rs', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([{ field: 'password', message: 'Password is required', rule: 'too_small' }]);
    expect((await post({ email: 'a@b.rs', password: 'x', extra: 1 })).json().details).toEqual([expect.objectContaining({ field: 'extra', rule: 'unrecognized_keys' })]);
    expect((await post({ email: 'a@b.rs', password: 'a\u0000b' })).json().details).toEqual([expect.objectContaining({ field: 'password', rule: 'character' })]);
  });

  it('sends the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('publishes the OpenAPI document and its browsable docs', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./), paths: expect.objectContaining({ '/api/health': expect.any(Object) }) });
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('refuses a request to a protected route without a token, or with a credential that is not a bearer token', async () => {
    const bare = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toMatchObject({ code: 'unauthorized', error: expect.any(String) });
    const basic = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: 'Basic abc' } });
    expect(basic.statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: 'Bearer not.a.jwt' } });
    expect(forged.statusCode).toBe(401);
  });

  it('lets a public route ignore credentials it does not need', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: 'Basic abc' } });
    expect(res.statusCode).toBe(200);
  });
});
