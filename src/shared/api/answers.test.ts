import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponse } from '../contracts/common.ts';
import { answersOf, derivedErrorStatuses } from './answers.ts';
import { endpoint } from './endpoint.ts';
import { endpoints } from './endpoints.ts';

const ok = z.object({ ok: z.literal(true) });
const statuses = (answers: object) => Object.keys(answers).map(Number).sort();

describe('the error answers an endpoint implies', () => {
  it('adds 400 for inputs, 401 for a token, 403 for a role and 404 for a named row', () => {
    const bare = endpoint({ method: 'GET', path: '/api/x', access: 'anyone', tags: [], summary: '', answers: { 200: ok } });
    expect(derivedErrorStatuses(bare)).toEqual([]);
    expect(derivedErrorStatuses({ ...bare, query: z.object({}) })).toEqual([400]);
    expect(derivedErrorStatuses({ ...bare, multipart: true })).toEqual([400]);
    expect(derivedErrorStatuses({ ...bare, access: 'anyone-personalised' })).toEqual([401]);
    expect(derivedErrorStatuses({ ...bare, access: 'signed-in', body: ok })).toEqual([400, 401]);
    expect(derivedErrorStatuses({ ...bare, access: 'producer', params: z.object({ id: z.uuid() }) })).toEqual([400, 401, 403, 404]);
    expect(derivedErrorStatuses({ ...bare, access: 'admin' })).toEqual([401, 403]);
  });

  it('keeps what an entry lists, in the explicit style too, and lets a declared schema win', () => {
    const special = z.object({ error: z.string(), code: z.literal('special') });
    const explicit = endpoint({
      method: 'POST', path: '/api/x/:id', access: 'signed-in', tags: [], summary: '',
      params: z.object({ id: z.uuid() }), body: ok,
      answers: { 201: ok, 400: special, 401: errorResponse, 404: errorResponse, 409: errorResponse },
    });
    const answers = answersOf(explicit);
    expect(statuses(answers)).toEqual([201, 400, 401, 404, 409]);
    expect(answers[400]).toBe(special);
    expect(answers[201]).toBe(ok);
  });

  it('gives the registry its error answers', () => {
    expect(statuses(answersOf(endpoints.orders.create))).toEqual([201, 400, 401, 403, 404, 409, 422]);
    expect(statuses(answersOf(endpoints.me.get))).toEqual([200, 401]);
    expect(statuses(answersOf(endpoints.products.get))).toEqual([200, 400, 404]);
    expect(statuses(answersOf(endpoints.admin.stats))).toEqual([200, 400, 401, 403, 404, 409]);
  });
});
