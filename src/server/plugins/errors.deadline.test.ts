import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import errorsPlugin from './errors.ts';

/** No /api request is left without an answer (docs/bad-days.md): past its deadline it is answered 503. */
describe('the request deadline', () => {
  it('answers 503 unavailable with Retry-After when a handler does not answer in time, and leaves quick ones alone', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin, { requestDeadlineMs: 200 });
    let finished = 0;
    app.post('/api/stuck', async () => { await new Promise((r) => setTimeout(r, 600)); finished++; return { ok: true }; });
    app.post('/api/quick', async () => ({ ok: true }));
    await app.ready();
    const started = Date.now();
    const stuck = await app.inject({ method: 'POST', url: '/api/stuck', payload: {} });
    expect(Date.now() - started).toBeLessThan(550);
    expect(stuck.statusCode).toBe(503);
    expect(stuck.json()).toEqual({ error: expect.any(String), code: 'unavailable' });
    expect(Number(stuck.headers['retry-after'])).toBeGreaterThan(0);
    const quick = await app.inject({ method: 'POST', url: '/api/quick', payload: {} });
    expect(quick.statusCode).toBe(200);
    // The late handler finishing afterwards does not take anything down.
    await new Promise((r) => setTimeout(r, 600));
    expect(finished).toBe(1);
    await app.close();
  });
});
