import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { cleanString, encodeAny, hostileBody, hostileString, hostileUrlPart, toJson } from '../../../../test/hostile.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';

/**
 * Every drops endpoint under random hostile input (test/hostile.ts: control characters, lone
 * surrogates, huge strings, numbers past their ranges, wrong types, extra keys, other users'
 * ids, impossible dates): the answer is a 2xx or a 4xx in the `{ error, code }` shape, never a 5xx.
 */

const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);
fc.configureGlobal({ seed: process.env.HOSTILE_SEED === 'random' ? undefined : Number(process.env.HOSTILE_SEED ?? 20261127) });

let t: TestApp;
let host: TestUser;
let member: TestUser;
let buyer: TestUser;
let dropId: string;
let orderId: string;

const WED_10 = new Date('2030-06-12T08:00:00Z');

async function send(user: TestUser | null, method: string, url: string, body?: unknown) {
  const res = await t.app.inject({
    method: method as 'GET', url,
    headers: { ...(user ? user.headers : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { payload: toJson(body) } : {}),
  });
  expect(res.statusCode, `${method} ${url} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) expect(res.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
  return res;
}

async function check<T>(arb: fc.Arbitrary<T>, run: (value: T) => Promise<{ statusCode: number }>, runs = RUNS): Promise<number> {
  let ok = 0;
  await fc.assert(fc.asyncProperty(arb, async (value) => { if ((await run(value)).statusCode < 300) ok++; }), { numRuns: runs });
  return ok;
}

const usually = <T>(good: T, others: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: fc.constant(good) }, { weight: 1, arbitrary: others });
const date = usually('2030-06-15', fc.constantFrom( '2030-06-12', '2030-06-11', '2030-08-11', '2030-08-12', '2030-02-30', '0000-01-01', '9999-12-31', '2030-6-15'));
const time = fc.constantFrom('09:00', '11:00', '00:00', '23:59', '24:00', '9:00', '25:61');
const stamp = usually('2030-06-14T20:00:00+02:00', fc.constantFrom('2030-06-14T18:00:00Z', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z',
  '2030-06-15T09:00:00+02:00', '2030-06-15T09:00:01+02:00', '2030-06-14T20:00:00', '2030-13-01T00:00:00Z', 'yesterday'));
const place = fc.record({
  name: cleanString(80), address: cleanString(200), town: fc.oneof(cleanString(60), fc.constantFrom('Нови Сад', 'Niš')),
  lat: fc.oneof(fc.constant(null), fc.double({ min: -90, max: 90, noNaN: true })), lng: fc.oneof(fc.constant(null), fc.double({ min: -180, max: 180, noNaN: true })),
});
const dropFields = () => ({
  title: cleanString(80), place: fc.oneof({ weight: 5, arbitrary: place }, { weight: 1, arbitrary: hostileBody({ name: cleanString(80), address: cleanString(200), town: cleanString(60) }) }),
  date, opens: usually('09:00', time), closes: usually('11:00', time), orderBy: stamp, note: fc.oneof(fc.constant(null), cleanString(500)),
});

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(WED_10);
  host = await createUser(t, { userType: 'producer' });
  member = await createUser(t, { userType: 'producer' });
  buyer = await createUser(t);
  const created = await t.app.inject({
    method: 'POST', url: '/api/drops', headers: host.headers,
    payload: { title: 'Субота', place: { name: 'Паркинг', address: 'Улица 1', town: 'Нови Сад' }, date: '2030-06-15', opens: '09:00', closes: '11:00', orderBy: '2030-06-14T20:00:00+02:00' },
  });
  dropId = created.json().id;
  orderId = randomUUID();
});
afterAll(async () => { await t?.close(); });

describe('hostile input on the drops endpoints: never a 5xx', () => {
  it('POST /api/drops', async () => {
    expect(await check(hostileBody({ ...dropFields(), repeatWeeks: fc.integer({ min: 0, max: 12 }) }), (body) => send(host, 'POST', '/api/drops', body), RUNS * 2)).toBeGreaterThan(0);
  });

  it('PATCH /api/drops/:id and POST …/cancel, PUT and DELETE …/members', async () => {
    const ids = fc.oneof({ weight: 4, arbitrary: fc.constant(dropId) }, { weight: 1, arbitrary: fc.uuid() }, { weight: 1, arbitrary: hostileUrlPart });
    await check(fc.tuple(ids, hostileBody(dropFields())), ([id, body]) => send(host, 'PATCH', `/api/drops/${id}`, body));
    await check(fc.tuple(ids, hostileBody({ reason: fc.oneof(fc.constant(null), cleanString(500)) })), ([id, body]) => send(member, 'POST', `/api/drops/${id}/cancel`, body));
    await check(fc.tuple(ids, fc.constantFrom('PUT', 'DELETE')), ([id, method]) => send(member, method, `/api/drops/${id}/members`));
  });

  it('POST /api/producer/handovers', async () => {
    const item = hostileBody({ orderId: fc.constantFrom(orderId, dropId), state: fc.constantFrom('handed_over', 'no_show'), at: stamp, clientId: fc.uuid() });
    expect(await check(fc.oneof(
      fc.record({ items: fc.array(item, { maxLength: 4 }) }),
      hostileBody({ items: fc.array(item, { minLength: 1, maxLength: 3 }) }),
    ), (body) => send(member, 'POST', '/api/producer/handovers', body), RUNS * 2)).toBeGreaterThan(0);
  });

  it('the lists, the page and the pick list', async () => {
    const key = fc.constantFrom('town', 'from', 'days', 'householdId', 'cursor', 'limit', 'format');
    const value = fc.oneof(fc.constantFrom('novi sad', 'Ниш', '2030-06-15', '9999-12-31', '0001-01-01', '60', '61', '0', '1', host.id, 'pdf', 'json',
      'WyI5OTk5LTk5LTk5IiwiOTk6OTkiLCIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAiXQ', 'WyIyMDMwLTA2LTE1IiwiMDk6MDAiLCJ4Il0'), hostileUrlPart, hostileString.map(encodeAny));
    const query = fc.array(fc.tuple(key, value), { maxLength: 4 }).map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));
    const ids = fc.oneof(fc.constant(dropId), fc.uuid(), hostileUrlPart);
    await check(query, (q) => send(null, 'GET', `/api/drops${q}`), RUNS * 2);
    await check(query, (q) => send(host, 'GET', `/api/producer/drops${q}`));
    await check(fc.tuple(ids, query), ([id, q]) => send(buyer, 'GET', `/api/drops/${id}${q}`));
    await check(fc.tuple(ids, query), ([id, q]) => send(host, 'GET', `/api/producer/drops/${id}/picklist${q}`), 20);
  });
});
