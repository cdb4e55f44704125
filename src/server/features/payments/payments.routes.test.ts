import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { model97Reference } from '#shared/ips.ts';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';
import { notifications, orders, paymentReminders } from '../../db/schema.ts';

/** Payment told, confirmed and matched against the API (docs/payments.md). */

let t: TestApp;
let farm: TestUser;
let other: TestUser;
let buyer: TestUser;
let stranger: TestUser;

const ACCOUNT = '840000000095584510';
// Wednesday 12 June 2030, 10:00 in Belgrade (CEST).
const WED_10 = new Date('2030-06-12T08:00:00Z');

async function order(householdId: string, values: Partial<typeof orders.$inferInsert> = {}) {
  const [row] = await t.database.db.insert(orders).values({
    checkoutId: randomUUID(), buyerId: buyer.id, householdId, deliveryType: 'pickup', pickupDate: '2030-06-15', pickupTime: '10:00',
    contactPhone: '+381641234567', totalPara: 123_450, paymentMethod: 'ips_qr', ipsAccount: ACCOUNT, ipsPayeeName: 'Farm',
    createdAt: new Date('2030-06-10T08:00:00Z'), ...values,
  }).returning();
  return row!;
}

const reference = (number: number) => model97Reference(String(number));

function multipart(content: Buffer, { field = 'file', filename = 'izvod.csv' } = {}) {
  const boundary = `----domace${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(user: TestUser | null, content: Buffer | string, opts: { field?: string } = {}) {
  const body = multipart(Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), opts);
  return t.app.inject({ method: 'POST', url: '/api/producer/payments/import', payload: body.payload, headers: { ...body.headers, ...(user?.headers ?? {}) } });
}

const paymentOf = async (id: string) => (await t.database.db.select({ status: orders.paymentStatus, paidAt: orders.paidAt }).from(orders).where(eq(orders.id, id)))[0]!;

function sent(user: TestUser | null, id: string) {
  return t.app.inject({ method: 'POST', url: `/api/orders/${id}/payment-sent`, headers: user?.headers ?? {} });
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(WED_10);
  farm = await createUser(t, { userType: 'producer', householdName: 'Пчелињак Тест' });
  other = await createUser(t, { userType: 'producer', householdName: 'Друга кућа' });
  buyer = await createUser(t);
  stranger = await createUser(t);
});
afterAll(async () => { await t?.close(); });

describe('POST /api/orders/:id/payment-sent', () => {
  it('an IPS order becomes reported, the producer is notified once; the producer confirms (reported -> paid)', async () => {
    const o = await order(farm.id);
    const res = await sent(buyer, o.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: o.id, payment: { method: 'ips_qr', status: 'reported', paidAt: null } });
    expect(res.json().payment.reportedAt).toBe(WED_10.toISOString());
    // Again (a double tap): 200, unchanged, no second notification.
    const again = await sent(buyer, o.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().payment.status).toBe('reported');
    const told = await t.database.db.select().from(notifications).where(eq(notifications.orderId, o.id));
    expect(told.filter((n) => n.type === 'payment_reported').map((n) => n.userId)).toEqual([farm.id]);
    await t.app.outbox.drain();
    expect(t.mails.filter((m) => m.to === farm.email && m.subject.includes(`#${o.number}`))).toHaveLength(1);
    const list = await t.app.inject({ method: 'GET', url: '/api/producer/orders', headers: farm.headers });
    expect(list.json().items.find((i: { id: string }) => i.id === o.id).payment.status).toBe('reported');

    const paid = await t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${o.id}`, headers: farm.headers, payload: { paymentStatus: 'paid' } });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().payment).toMatchObject({ status: 'paid', reportedAt: WED_10.toISOString() });
    expect(paid.json().payment.paidAt).not.toBeNull();
    // Paid: the buyer's report is refused with a clear code.
    const late = await sent(buyer, o.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'order.already_paid', error: expect.any(String) });
  });

  it('the producer can say the money did not come: reported -> unpaid', async () => {
    const o = await order(farm.id);
    expect((await sent(buyer, o.id)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/producer/orders/${o.id}`, headers: farm.headers, payload: { paymentStatus: 'unpaid' } });
    expect(res.json().payment.status).toBe('unpaid');
  });

  it('cash -> 409 order.not_ips; cancelled -> 409; another user, a producer, nobody -> 404/401 and nothing changes', async () => {
    const cash = await order(farm.id, { paymentMethod: 'cash', ipsAccount: null });
    expect((await sent(buyer, cash.id)).json()).toMatchObject({ code: 'order.not_ips' });
    expect((await sent(buyer, cash.id)).statusCode).toBe(409);
    const cancelled = await order(farm.id, { status: 'cancelled' });
    expect((await sent(buyer, cancelled.id)).statusCode).toBe(409);

    const o = await order(farm.id);
    expect((await sent(stranger, o.id)).statusCode).toBe(404);
    expect((await sent(farm, o.id)).statusCode).toBe(404);
    expect((await sent(null, o.id)).statusCode).toBe(401);
    expect((await sent(buyer, randomUUID())).statusCode).toBe(404);
    expect((await sent(buyer, 'not-a-uuid')).statusCode).toBe(400);
    expect((await paymentOf(o.id)).status).toBe('unpaid');
  });
});

describe('POST /api/producer/payments/import', () => {
  it('matches by reference and amount; reasons for the rest; the same file twice pays nothing twice', async () => {
    const a = await order(farm.id, { totalPara: 123_450 });
    const b = await order(farm.id, { totalPara: 50_000 });
    const reported = await order(farm.id, { totalPara: 45_050 });
    await sent(buyer, reported.id);
    const alreadyPaid = await order(farm.id, { totalPara: 10_000, paymentStatus: 'paid', paidAt: WED_10 });
    const theirs = await order(other.id, { totalPara: 99_900 });
    const csv = [
      'Datum;Iznos;Platilac;Poziv na broj',
      `01.06.2030;1.234,50;Čedomir Ćirić;${reference(a.number).replace(/^97(\d\d)/, '97 $1 ')}`,
      `01.06.2030;500,01;Ana;${reference(b.number)}`,
      `02.06.2030;450,50;Đorđe;${reference(reported.number).slice(2)}`,
      `02.06.2030;100,00;Žika;97-${reference(alreadyPaid.number).slice(2, 4)}-${alreadyPaid.number}`,
      `03.06.2030;999,00;Šime;${reference(theirs.number)}`,
      '03.06.2030;10,00;Banka;',
      `03.06.2030;10,00;Neko;${reference(9_999_999)}`,
      `03.06.2030;1.234,50;Dupli;${reference(a.number)}`,
    ].join('\r\n');
    const res = await upload(farm, csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.matched).toEqual([
      expect.objectContaining({ row: 2, orderId: a.id, number: a.number, amount: 1234.5, payer: 'Čedomir Ćirić' }),
      expect.objectContaining({ row: 4, orderId: reported.id, number: reported.number }),
    ]);
    expect(body.unmatched.map((u: { row: number; reason: string }) => [u.row, u.reason])).toEqual([
      [3, 'amount'], [5, 'already_paid'], [6, 'not_yours'], [7, 'no_order'], [8, 'no_order'], [9, 'already_paid'],
    ]);
    // not_yours says nothing of the other household's order.
    expect(body.unmatched.find((u: { row: number }) => u.row === 6)).not.toHaveProperty('orderId');
    expect(body.unmatched.find((u: { row: number }) => u.row === 7)).toMatchObject({ problem: 'reference_missing' });
    expect((await paymentOf(a.id)).status).toBe('paid');
    expect((await paymentOf(reported.id)).status).toBe('paid');
    expect((await paymentOf(b.id)).status).toBe('unpaid');
    expect((await paymentOf(theirs.id)).status).toBe('unpaid');
    const paidAt = (await paymentOf(a.id)).paidAt;

    // The same statement again, twice at once: nothing is paid twice, the matched rows are already_paid.
    t.clock.advance(60_000);
    const [again, third] = await Promise.all([upload(farm, csv), upload(farm, csv)]);
    for (const r of [again, third]) {
      expect(r.statusCode).toBe(200);
      expect(r.json().matched).toEqual([]);
      expect(r.json().unmatched.filter((u: { reason: string }) => u.reason === 'already_paid').map((u: { row: number }) => u.row)).toEqual([2, 4, 5, 9]);
    }
    expect((await paymentOf(a.id)).paidAt).toEqual(paidAt);
  });

  it('amount to the para: 1.234,49 and 1.234,51 are not 1.234,50', async () => {
    const o = await order(farm.id, { totalPara: 123_450 });
    const csv = `date,amount,payer,reference\n2030-06-01,"1,234.49",A,${reference(o.number)}\n2030-06-01,1234.51,B,${reference(o.number)}\n2030-06-01,1234.5,C,${reference(o.number)}\n`;
    const res = await upload(farm, csv);
    expect(res.json().unmatched.map((u: { reason: string }) => u.reason)).toEqual(['amount', 'amount']);
    expect(res.json().matched).toEqual([expect.objectContaining({ row: 4, orderId: o.id })]);
  });

  it('Windows-1250 and UTF-8 with a BOM are read; č ć š ž đ come back right', async () => {
    const o1 = await order(farm.id, { totalPara: 1_000 });
    const o2 = await order(farm.id, { totalPara: 2_000 });
    const csv1 = `Datum;Iznos;Platilac;Poziv na broj\n01.06.2030;10,00;Čađavić Šćepan Žžž;${reference(o1.number)}\n`;
    const res1 = await upload(farm, iconv.encode(csv1, 'windows-1250'));
    expect(res1.statusCode).toBe(200);
    expect(res1.json()).toMatchObject({ encoding: 'windows-1250', matched: [{ orderId: o1.id, payer: 'Čađavić Šćepan Žžž' }] });
    const csv2 = `Datum;Iznos;Platilac;Poziv na broj\n01.06.2030;20,00;Ђорђе;${reference(o2.number)}\n`;
    const res2 = await upload(farm, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv2)]));
    expect(res2.json()).toMatchObject({ encoding: 'utf-8', matched: [{ orderId: o2.id, payer: 'Ђорђе' }] });
  });

  it('formula-looking cells are data, echoed as text', async () => {
    const o = await order(farm.id, { totalPara: 700 });
    const csv = `Datum;Iznos;Platilac;Poziv na broj\n=NOW();7,00;=HYPERLINK("http://evil","x");${reference(o.number)}\n@SUM(A1);=1+1;+cmd;=${reference(o.number)}\n-1;7,00;-x;-${reference(o.number)}\n`;
    const res = await upload(farm, csv);
    expect(res.statusCode).toBe(200);
    expect(res.json().matched).toEqual([expect.objectContaining({ date: '=NOW()', payer: '=HYPERLINK("http://evil","x")', orderId: o.id })]);
    expect(res.json().unmatched).toEqual([
      expect.objectContaining({ row: 3, reason: 'no_order', problem: 'reference_unreadable', date: '@SUM(A1)', payer: '+cmd', amount: null, reference: `=${reference(o.number)}` }),
      // A dash before the reference is one of the dashes banks print: read as the same order, paid already.
      expect.objectContaining({ row: 4, reason: 'already_paid', payer: '-x', reference: `-${reference(o.number)}` }),
    ]);
  });

  it('more than 5 MB -> 413 statement.too_large; 10 MB too; nothing paid', async () => {
    const o = await order(farm.id, { totalPara: 800 });
    const head = `Datum;Iznos;Platilac;Poziv na broj\n01.06.2030;8,00;A;${reference(o.number)}\n`;
    for (const size of [5 * 1024 * 1024 + 1, 10 * 1024 * 1024]) {
      const big = Buffer.concat([Buffer.from(head), Buffer.alloc(size - head.length, 'x')]);
      const res = await upload(farm, big);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'statement.too_large', error: expect.stringContaining('5 MB') });
    }
    expect((await paymentOf(o.id)).status).toBe('unpaid');
  });

  it('empty, garbage, binary, UTF-16, no file, another field -> 400 with a clear code', async () => {
    const cases: [Buffer | string, string][] = [
      ['', 'statement.unreadable'], ['garbage without separators', 'statement.unreadable'], ['Datum;Iznos;Platilac;Poziv na broj\n', 'statement.unreadable'],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]), 'statement.not_text'], [iconv.encode('\ufeffDatum;Iznos\n', 'utf16le'), 'statement.not_text'],
    ];
    for (const [content, code] of cases) {
      const res = await upload(farm, content);
      expect(res.statusCode, String(content)).toBe(400);
      expect(res.json()).toMatchObject({ code, error: expect.any(String) });
    }
    const wrongField = await upload(farm, 'Datum;Iznos;Platilac;Poziv na broj\n', { field: 'statement' });
    expect(wrongField.json()).toMatchObject({ code: 'statement.file_missing' });
    const json = await t.app.inject({ method: 'POST', url: '/api/producer/payments/import', headers: farm.headers, payload: { file: 'x' } });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });

  it('a customer 403, nobody 401; another producer importing a statement of this farm touches nothing', async () => {
    const o = await order(farm.id, { totalPara: 900 });
    const csv = `Datum;Iznos;Platilac;Poziv na broj\n01.06.2030;9,00;A;${reference(o.number)}\n`;
    expect((await upload(buyer, csv)).statusCode).toBe(403);
    expect((await upload(null, csv)).statusCode).toBe(401);
    const res = await upload(other, csv);
    expect(res.json()).toMatchObject({ matched: [], unmatched: [{ row: 2, reason: 'not_yours' }] });
    expect((await paymentOf(o.id)).status).toBe('unpaid');
  });
});

describe('the day-before reminder', () => {
  it('one per unpaid IPS order, however many runs race; not for reported, paid, cash, cancelled, or placed that day', async () => {
    const day = '2030-07-06'; // a Saturday; the reminder goes out on Friday 5 July from 09:00
    const due = await order(farm.id, { pickupDate: day, totalPara: 1_100 });
    const reported = await order(farm.id, { pickupDate: day });
    await sent(buyer, reported.id);
    const paid = await order(farm.id, { pickupDate: day, paymentStatus: 'paid', paidAt: WED_10 });
    const cash = await order(farm.id, { pickupDate: day, paymentMethod: 'cash', ipsAccount: null });
    const cancelled = await order(farm.id, { pickupDate: day, status: 'cancelled' });
    const lateOrder = await order(farm.id, { pickupDate: day, createdAt: new Date('2030-07-05T06:00:00Z') });
    const ours = [due, reported, paid, cash, cancelled, lateOrder].map((o) => o.id);

    // Thursday, and Friday before 09:00: nothing.
    expect((await t.app.payments.runReminders(new Date('2030-07-04T10:00:00Z'))).reminded).toBe(0);
    expect((await t.app.payments.runReminders(new Date('2030-07-05T06:59:00Z'))).reminded).toBe(0);

    const at = new Date('2030-07-05T07:30:00Z'); // 09:30 in Belgrade
    // A second instance mails through the same relay: whichever instance's outbox sends the
    // reminder, it lands in the one mailbox (a mailer of its own dropped it: a race in CI).
    const second = await buildApp(t.config, { database: t.database, tokens: t.tokens, mailer: { send: async (mail) => { t.mails.push(mail); } }, clock: t.clock.now });
    await second.ready();
    try {
      await Promise.all([t.app.payments.runReminders(at), t.app.payments.runReminders(at), second.payments.runReminders(at)]);
      await second.payments.runReminders(new Date(at.getTime() + 3_600_000));
    } finally {
      await second.close();
    }
    const claimed = (await t.database.db.select().from(paymentReminders)).filter((r) => ours.includes(r.orderId));
    expect(claimed.map((r) => r.orderId)).toEqual([due.id]);
    const told = (await t.database.db.select().from(notifications).where(eq(notifications.type, 'payment_reminder'))).filter((n) => ours.includes(n.orderId!));
    expect(told.map((n) => [n.userId, n.orderId])).toEqual([[buyer.id, due.id]]);
    await t.app.outbox.drain();
    expect(t.mails.filter((m) => m.to === buyer.email && m.subject.includes(`#${due.number}`))).toHaveLength(1);
    const list = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: buyer.headers });
    expect(list.json().items.find((n: { orderId?: string }) => n.orderId === due.id).title).toContain(`#${due.number}`);
  });

  it('honours the buyer turning the reminder mail off (the notification still comes)', async () => {
    const quiet = await createUser(t);
    await t.app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: quiet.headers, payload: { payment_reminder: { mail: false } } });
    const o = await order(farm.id, { pickupDate: '2030-07-13', buyerId: quiet.id });
    await t.app.payments.runReminders(new Date('2030-07-12T08:00:00Z'));
    await t.app.outbox.drain();
    expect(t.mails.filter((m) => m.to === quiet.email)).toHaveLength(0);
    expect((await t.database.db.select().from(notifications).where(eq(notifications.orderId, o.id))).map((n) => n.type)).toContain('payment_reminder');
  });
});
