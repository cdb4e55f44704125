import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import type { Db } from '../../db/client.ts';
import { canonicalJson, createIdempotency, requestHash } from './idempotency.ts';
import { confirmationMail, statusChangeMail, type MailOrder } from './orders.mails.ts';
import { dayIn } from './orders.service.ts';

describe('dayIn (Europe/Belgrade)', () => {
  it('moves to the next day at Belgrade midnight, in summer and winter time', () => {
    expect(dayIn(new Date('2030-06-10T21:59:00Z'))).toBe('2030-06-10');
    expect(dayIn(new Date('2030-06-10T22:00:00Z'))).toBe('2030-06-11');
    expect(dayIn(new Date('2030-01-10T22:59:00Z'))).toBe('2030-01-10');
    expect(dayIn(new Date('2030-01-10T23:00:00Z'))).toBe('2030-01-11');
  });
});

describe('request hashing', () => {
  it('ignores key order but not values', () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: 1 }] })).toBe('{"a":[{"x":1,"y":2}],"b":1}');
    expect(requestHash({ a: 1, b: 2 })).toBe(requestHash({ b: 2, a: 1 }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
  });
});

type Row = { requestHash: string; responseStatus: number | null; responseBody: unknown; expiresAt: Date };

/**
 * An in-memory stand-in for the database: a transaction holds its advisory locks until it
 * ends, and its writes land only when it commits (like PostgreSQL's).
 */
function memoryDb() {
  const rows = new Map<string, Row>();
  const locks = new Set<string>();
  type Tx = { held: string[]; writes: Map<string, Row | null> };
  const db = {
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      const tx: Tx = { held: [], writes: new Map() };
      try {
        const result = await fn(tx);
        for (const [id, row] of tx.writes) { if (row) rows.set(id, row); else rows.delete(id); }
        return result;
      } finally {
        for (const id of tx.held) locks.delete(id);
      }
    },
  };
  const repo = {
    tryLockKey: async (tx: Tx, userId: string, key: string) => {
      const id = `${userId}/${key}`;
      if (locks.has(id)) return false;
      locks.add(id);
      tx.held.push(id);
      return true;
    },
    findKey: async (_tx: Tx, userId: string, key: string) => {
      const row = rows.get(`${userId}/${key}`);
      return row ? { ...row, userId, key, createdAt: new Date() } : null;
    },
    deleteKey: async (tx: Tx, userId: string, key: string) => { tx.writes.set(`${userId}/${key}`, null); },
    storeKey: async (tx: Tx, v: { userId: string; key: string; requestHash: string; responseStatus?: number | null; responseBody?: unknown; expiresAt: Date }) => {
      tx.writes.set(`${v.userId}/${v.key}`, { requestHash: v.requestHash, responseStatus: v.responseStatus ?? null, responseBody: v.responseBody, expiresAt: v.expiresAt });
    },
  };
  return { db, repo, rows };
}

describe('createIdempotency', () => {
  const setup = () => {
    const { db, repo, rows } = memoryDb();
    // The fakes stand in for the drizzle types the real repository takes.
    const once = createIdempotency({ db: db as unknown as Db, repo: repo as unknown as Parameters<typeof createIdempotency>[0]['repo'], clock: () => new Date() });
    return { once, rows };
  };

  it('runs the work once and replays its answer', async () => {
    const { once } = setup();
    let runs = 0;
    const work = async () => { runs += 1; return { status: 201, body: { n: runs } }; };
    expect(await once('u', 'k', { a: 1 }, work)).toEqual({ status: 201, body: { n: 1 } });
    expect(await once('u', 'k', { a: 1 }, work)).toEqual({ status: 201, body: { n: 1 }, replayed: true });
    expect(runs).toBe(1);
    await expect(once('u', 'k', { a: 2 }, work)).rejects.toMatchObject({ statusCode: 422, code: 'idempotency.mismatch' });
  });

  it('answers in_progress while the first request runs', async () => {
    const { once } = setup();
    let finish!: () => void;
    const first = once('u', 'k', {}, () => new Promise((resolve) => { finish = () => resolve({ status: 201, body: {} }); }));
    await new Promise((r) => setTimeout(r, 0));
    await expect(once('u', 'k', {}, async () => ({ status: 201, body: {} }))).rejects.toMatchObject({ statusCode: 409, code: 'idempotency.in_progress' });
    finish();
    await first;
  });

  it('stores 4xx answers; after a crash nothing is kept, so a retry runs', async () => {
    const { once, rows } = setup();
    const refused = await once('u', 'a', {}, async () => { throw new AppError(409, 'order.out_of_stock', 'short', [{ message: 'x' }]); });
    expect(refused).toEqual({ status: 409, body: { error: 'short', code: 'order.out_of_stock', details: [{ message: 'x' }] } });
    expect(await once('u', 'a', {}, async () => ({ status: 201, body: {} }))).toMatchObject({ status: 409, replayed: true });
    await expect(once('u', 'b', {}, async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(rows.has('u/b')).toBe(false);
    expect((await once('u', 'b', {}, async () => ({ status: 201, body: { ok: 1 } }))).status).toBe(201);
  });
});

describe('order mails', () => {
  const order: MailOrder = {
    id: '12345678-aaaa-bbbb-cccc-123456789012', householdName: 'Пчелињак <Јовић>', customerName: 'Ана', status: 'ready',
    deliveryType: 'delivery', pickupDate: '2030-06-11', pickupTime: '10:00', deliveryAddress: 'Кнез Михаилова 1', contactPhone: '+381641234567',
    notes: null, totalPara: 123_450, items: [{ name: 'Мед', unit: 'jar', unitPricePara: 123_450, quantity: 1 }],
  };
  it('speaks the recipient language and escapes HTML', () => {
    const ru = statusChangeMail({ email: 'a@b.rs', name: 'Ана', language: 'ru' }, order);
    expect(ru.subject).toBe('Заказ 12345678: готов');
    expect(ru.html).toContain('Пчелињак &lt;Јовић&gt;');
    const sr = confirmationMail({ email: 'a@b.rs', name: 'Ана', language: 'sr' }, [order]);
    expect(sr.subject).toBe('Ваша поруџбина је примљена');
    expect(sr.text).toContain('1.234,50 RSD');
    expect(sr.text).toContain('Кнез Михаилова 1');
  });
});
