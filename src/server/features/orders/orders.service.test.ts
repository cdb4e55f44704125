import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { canonicalJson, createIdempotency, requestHash, type KeyRow, type KeyStore } from './idempotency.ts';
import { confirmationMail, newOrderMail, statusChangeMail, type MailOrder } from './orders.mails.ts';

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
 * ends, and its writes land only when it commits (like PostgreSQL's); a key row written twice
 * fails like a primary key would.
 */
function memoryStore() {
  const rows = new Map<string, Row>();
  const locks = new Set<string>();
  type Tx = { held: string[]; writes: Map<string, Row | null>; deleted: Set<string> };
  const taken = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
  /** Keys whose next lookup sees an older row (or none), as a snapshot taken just before a duplicate's commit would. */
  const staleOnce = new Map<string, Row | null>();
  /** Every storeKey call: the key's row and the work's write that came with it. */
  const written = new Map<string, { row: KeyRow; write: string | undefined }>();
  const store: KeyStore<Tx, string> = {
    async withKey(userId, key, fn) {
      const tx: Tx = { held: [], writes: new Map(), deleted: new Set() };
      const id = `${userId}/${key}`;
      try {
        const stale = staleOnce.has(id) ? { row: staleOnce.get(id)! } : undefined;
        staleOnce.delete(id);
        let lock: { locked: boolean; row: Row | null } = { locked: false, row: null };
        if (!locks.has(id)) {
          locks.add(id);
          tx.held.push(id);
          lock = { locked: true, row: stale ? stale.row : rows.get(id) ?? null };
        }
        const result = await fn(tx, lock);
        for (const [k, row] of tx.writes) {
          if (row && rows.has(k) && !tx.deleted.has(k)) throw taken;
        }
        for (const [k, row] of tx.writes) { if (row) rows.set(k, row); else rows.delete(k); }
        return result;
      } finally {
        for (const held of tx.held) locks.delete(held);
      }
    },
    deleteExpiredKey: async (tx, userId, key, now) => {
      const id = `${userId}/${key}`;
      if ((rows.get(id)?.expiresAt ?? now) <= now) { tx.writes.set(id, null); tx.deleted.add(id); }
    },
    storeKey: async (tx, v, write) => {
      written.set(`${v.userId}/${v.key}`, { row: v, write });
      tx.writes.set(`${v.userId}/${v.key}`, { requestHash: v.requestHash, responseStatus: v.responseStatus, responseBody: v.responseBody, expiresAt: v.expiresAt });
    },
    isKeyTaken: (err) => err === taken,
  };
  return { store, rows, staleOnce, written };
}

describe('createIdempotency', () => {
  const setup = () => {
    const { store, rows, staleOnce, written } = memoryStore();
    const once = createIdempotency({ store, clock: () => new Date() });
    return { once, rows, staleOnce, written };
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

  it("stores the work's rows together with its key, and a refusal's key without them", async () => {
    const { once, rows, written } = setup();
    const answer = await once('u', 'w', { a: 1 }, async () => ({ status: 201, body: { n: 1 }, write: 'the orders' }));
    expect(answer).toEqual({ status: 201, body: { n: 1 } });
    expect(written.get('u/w')).toMatchObject({ write: 'the orders', row: { requestHash: requestHash({ a: 1 }), responseStatus: 201, responseBody: { n: 1 } } });
    const { row } = written.get('u/w')!;
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(24 * 3600 * 1000);
    expect(rows.get('u/w')?.responseBody).toEqual({ n: 1 });
    expect(await once('u', 'w', { a: 1 }, async () => ({ status: 500, body: {} }))).toEqual({ status: 201, body: { n: 1 }, replayed: true });
    await once('u', 'x', {}, async () => { throw new AppError(409, 'order.out_of_stock', 'short'); });
    expect(written.get('u/x')).toMatchObject({ write: undefined, row: { responseStatus: 409 } });
  });

  it('replays when a duplicate committed between the lookup and the lock', async () => {
    const { once, staleOnce } = setup();
    let runs = 0;
    const work = async () => { runs += 1; return { status: 201, body: { n: runs } }; };
    expect(await once('u', 'r', { a: 1 }, work)).toEqual({ status: 201, body: { n: 1 } });
    staleOnce.set('u/r', null);
    // The stale attempt runs the work, fails on the key's primary key and is rolled back.
    expect(await once('u', 'r', { a: 1 }, work)).toEqual({ status: 201, body: { n: 1 }, replayed: true });
    expect(runs).toBe(2);
  });

  it('never replaces a fresh answer when its lookup saw the expired row before it', async () => {
    const { once, rows, staleOnce } = setup();
    const fresh: Row = { requestHash: requestHash({ a: 1 }), responseStatus: 201, responseBody: { n: 'fresh' }, expiresAt: new Date(Date.now() + 60_000) };
    rows.set('u/e', fresh);
    staleOnce.set('u/e', { ...fresh, responseBody: { n: 'old' }, expiresAt: new Date(Date.now() - 1) });
    let runs = 0;
    const answer = await once('u', 'e', { a: 1 }, async () => { runs += 1; return { status: 201, body: { n: 'mine' } }; });
    expect(answer).toEqual({ status: 201, body: { n: 'fresh' }, replayed: true });
    expect(runs).toBe(1); // ran on the stale view, then rolled back
    expect(rows.get('u/e')).toEqual(fresh);
  });
});

describe('order mails', () => {
  const order: MailOrder = {
    id: '12345678-aaaa-bbbb-cccc-123456789012', householdName: 'Пчелињак <Јовић>', customerName: 'Ана', status: 'ready',
    deliveryType: 'delivery', pickupDate: '2030-06-11', pickupTime: '10:00', deliveryAddress: 'Кнез Михаилова 1', contactPhone: '+381641234567',
    notes: null, totalPara: 123_450, items: [{ name: 'Мед', unit: 'jar', unitPricePara: 123_450, quantity: 1 }],
    number: 100_001, deliveryFeePara: 0, deliveryArea: null, pickupPointName: null, pickupPointAddress: null,
    paymentMethod: 'cash', paymentStatus: 'unpaid', ips: null, estimate: false, estimateTotalPara: null, drop: null, deposit: null,
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

  it('shows the pickup point, delivery fee, payment state and, to the buyer only, the IPS details', () => {
    const ips: MailOrder = {
      ...order, deliveryType: 'pickup', deliveryAddress: null, pickupPointName: 'Тезга 7', pickupPointAddress: 'Пијаца 1, Ириг',
      deliveryFeePara: 30_000, paymentMethod: 'ips_qr',
      ips: { account: '840000000095584510', amountPara: 123_450, reference: '9719100001', qrPng: 'data:image/png;base64,AAAA' },
    };
    const buyerMail = confirmationMail({ email: 'a@b.rs', name: 'Ana', language: 'en' }, [ips]);
    expect(buyerMail.text).toContain('Pickup point: Тезга 7, Пијаца 1, Ириг');
    expect(buyerMail.text).toContain('Delivery fee: 300.00 RSD');
    expect(buyerMail.text).toContain('Payment: IPS QR · not paid');
    expect(buyerMail.text).toContain('Account: 840-0000000955845-10');
    expect(buyerMail.text).toContain('Reference: 9719100001');
    expect(buyerMail.html).toContain('<img src="data:image/png;base64,AAAA"');
    const producerMail = newOrderMail({ email: 'p@b.rs', name: 'P', language: 'en' }, ips);
    expect(producerMail.text).toContain('Payment: IPS QR · not paid');
    expect(producerMail.html).not.toContain('<img');
  });

  it('writes a fractional quantity the language\'s way, with its unit and the line total', () => {
    const half: MailOrder = { ...order, totalPara: 75_000, items: [{ name: 'Сир', unit: 'kg', unitPricePara: 50_000, quantity: 1.5 }] };
    expect(confirmationMail({ email: 'a@b.rs', name: 'Ана', language: 'sr' }, [half]).text).toContain('Сир × 1,5 кг — 750,00 RSD');
    expect(confirmationMail({ email: 'a@b.rs', name: 'Ana', language: 'en' }, [half]).text).toContain('Сир × 1.5 kg — 750.00 RSD');
  });
});
