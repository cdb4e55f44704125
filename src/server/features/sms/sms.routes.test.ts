import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { belgradeDateOf } from '#shared/time.ts';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { startSmppServer } from '../../../../test/smpp-server.ts';
import { until } from '../../../../test/smtp-sink.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';
import { dropMembers, drops, orders, products, smsOutbox, smsReplies, smsSettings, smsSummaries, users } from '../../db/schema.ts';

/**
 * SMS to producers against a real SMPP server started here (test/smpp-server.ts): settings and
 * the code, the texts' encoding and parts, replies, a cut link, quiet hours on the test clock.
 */

let t: TestApp;
let smsc: Awaited<ReturnType<typeof startSmppServer>>;
// Noon in Belgrade (summer time): outside the default quiet hours.
const NOON = new Date('2030-06-12T10:00:00Z');

beforeAll(async () => {
  smsc = await startSmppServer({ systemId: 'domace', password: 'secret' });
  t = await createTestApp({ SMS_URL: smsc.url });
  t.clock.set(NOON);
  await until(() => t.app.sms.sender.isUp(), 'the SMPP link bound', 10_000);
});
afterAll(async () => { await t?.close(); await smsc?.close(); });

const codeOf = (text: string) => /(\d{6})/.exec(text)?.[1] ?? '';

/** The SMS the SMSC took since `from`. */
async function sentSince(from: number, count: number) {
  await t.app.sms.drain();
  await until(() => smsc.submitted.length >= from + count, `${count} SMS at the SMSC`, 10_000);
  return smsc.submitted.slice(from);
}

/** A producer with a confirmed phone (through the API, the code read at the SMSC). */
async function producerWithPhone(phone: string, extra: Record<string, unknown> = {}, language?: 'sr' | 'sr-Latn' | 'en' | 'ru', codeText?: RegExp): Promise<TestUser> {
  const p = await createUser(t, { userType: 'producer' });
  if (language) await t.database.db.update(users).set({ language }).where(eq(users.id, p.id));
  const before = smsc.submitted.length;
  const put = await t.app.inject({ method: 'PUT', url: '/api/me/sms', headers: p.headers, payload: { phone } });
  expect(put.statusCode).toBe(202);
  const [code] = await sentSince(before, 1);
  if (codeText) expect(code!.text).toMatch(codeText);
  const confirm = await t.app.inject({ method: 'POST', url: '/api/me/sms/confirm', headers: p.headers, payload: { code: codeOf(code!.text) } });
  expect(confirm.statusCode).toBe(200);
  if (Object.keys(extra).length > 0) expect((await t.app.inject({ method: 'PATCH', url: '/api/me/sms', headers: p.headers, payload: extra })).statusCode).toBe(200);
  return p;
}

async function placeOrder(buyer: TestUser, producer: TestUser, name = 'Кајмак', quantity = 2): Promise<{ id: string; number: number }> {
  const [product] = await t.database.db.insert(products).values({
    householdId: producer.id, name, pricePara: 90_000, unit: 'kg', category: 'dairy', availability: true, stock: 10,
  }).returning();
  const res = await t.app.inject({
    method: 'POST', url: '/api/orders', headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
    payload: { items: [{ productId: product!.id, quantity }], deliveryType: 'pickup', pickupDate: belgradeDateOf(new Date(t.clock.now().getTime() + 86_400_000)), pickupTime: '10:00', contactPhone: '+381641234567' },
  });
  expect(res.statusCode).toBe(201);
  const order = res.json().orders[0] as { id: string };
  const [row] = await t.database.db.select({ number: orders.number }).from(orders).where(eq(orders.id, order.id));
  return { id: order.id, number: row!.number };
}

describe('settings and the code', () => {
  it('normalises the phone, sends a 6-digit code by SMS and confirms it', async () => {
    const p = await createUser(t, { userType: 'producer' });
    const empty = await t.app.inject({ method: 'GET', url: '/api/me/sms', headers: p.headers });
    expect(empty.json()).toEqual({ phone: null, confirmed: false, events: ['order', 'message'], quietFrom: '21:00', quietTo: '07:00', script: 'latn' });
    const before = smsc.submitted.length;
    const put = await t.app.inject({ method: 'PUT', url: '/api/me/sms', headers: p.headers, payload: { phone: '064 123 4501' } });
    expect(put.statusCode).toBe(202);
    expect(put.json()).toMatchObject({ phone: '+381641234501', confirmed: false });
    const [sms] = await sentSince(before, 1);
    expect(sms).toMatchObject({ to: '381641234501', from: 'Domace', dataCoding: 0, udh: null });
    expect(sms!.text).toMatch(/^Domace: vas kod je \d{6}\. Vazi 10 minuta\.$/);
    const ok = await t.app.inject({ method: 'POST', url: '/api/me/sms/confirm', headers: p.headers, payload: { code: codeOf(sms!.text) } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ phone: '+381641234501', confirmed: true });
    const patched = await t.app.inject({ method: 'PATCH', url: '/api/me/sms', headers: p.headers, payload: { events: ['message', 'order', 'drop_cutoff'], quietFrom: '22:00', quietTo: '06:30', script: 'cyrl' } });
    expect(patched.json()).toEqual({ phone: '+381641234501', confirmed: true, events: ['order', 'message', 'drop_cutoff'], quietFrom: '22:00', quietTo: '06:30', script: 'cyrl' });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/me/sms', headers: p.headers })).json()).toEqual({ ok: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/me/sms', headers: p.headers })).json()).toMatchObject({ phone: null, confirmed: false });
  });

  it('refuses what is not a phone, a wrong code five times, a resend too soon; nothing changes', async () => {
    const p = await createUser(t, { userType: 'producer' });
    for (const phone of ['abc', '064 12', '+381 0641234567', '']) {
      const bad = await t.app.inject({ method: 'PUT', url: '/api/me/sms', headers: p.headers, payload: { phone } });
      expect(bad.statusCode, phone).toBe(400);
      expect(bad.json().details?.[0]?.field ?? bad.json().code, phone).toMatch(/phone|validation_failed/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/me/sms', headers: p.headers })).json().phone).toBeNull();
    const noCode = await t.app.inject({ method: 'POST', url: '/api/me/sms/confirm', headers: p.headers, payload: { code: '123456' } });
    expect([noCode.statusCode, noCode.json().code]).toEqual([409, 'sms.no_code']);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/me/sms', headers: p.headers, payload: { script: 'cyrl' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/me/sms', headers: p.headers, payload: { quietFrom: '25:00' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/me/sms', headers: p.headers, payload: { events: ['sms_spam'] } })).statusCode).toBe(400);

    const before = smsc.submitted.length;
    expect((await t.app.inject({ method: 'PUT', url: '/api/me/sms', headers: p.headers, payload: { phone: '+381 64 123 4502' } })).statusCode).toBe(202);
    const [sms] = await sentSince(before, 1);
    const right = codeOf(sms!.text);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let n = 1; n <= 5; n++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/me/sms/confirm', headers: p.headers, payload: { code: wrong } });
      expect([res.statusCode, res.json().code, res.json().details[0].field]).toEqual([400, 'sms.code_mismatch', 'code']);
    }
    const sixth = await t.app.inject({ method: 'POST', url: '/api/me/sms/confirm', headers: p.headers, payload: { code: right } });
    expect([sixth.statusCode, sixth.json().code]).toEqual([429, 'sms.too_many_attempts']);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/sms', headers: p.headers })).json().confirmed).toBe(false);
    // A new code at once is refused; after a minute it goes.
    const soon = await t.app.inject({ method: 'PUT', url: '/api/me/sms', headers: p.headers, payload: { phone: '+381 64 123 4502' } });
    expect([soon.statusCode, soon.json().code]).toEqual([429, 'sms.code_too_soon']);
    // An expired code.
    t.clock.advance(61_000);
    const again = smsc.submitted.length;
    expect((await t.app.inject({ method: 'PUT', url: '/api/me/sms', headers: p.headers, payload: { phone: '+381 64 123 4502' } })).statusCode).toBe(202);
    const [second] = await sentSince(again, 1);
    t.clock.advance(10 * 60_000 + 1);
    const late = await t.app.inject({ method: 'POST', url: '/api/me/sms/confirm', headers: { authorization: `Bearer ${(await t.tokens.sign({ id: p.id, email: p.email, name: p.name, userType: 'producer' }, p.sessionId)).accessToken}` }, payload: { code: codeOf(second!.text) } });
    expect([late.statusCode, late.json().code]).toEqual([400, 'sms.code_expired']);
    t.clock.set(NOON);
  });

  it('a customer has no SMS settings', async () => {
    const b = await createUser(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/sms', headers: b.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/me/sms', payload: { phone: '0641234567' } })).statusCode).toBe(401);
  });
});

describe('a new order by SMS, and the replies', () => {
  it('sends the order in Latin GSM-7, confirms on DA, declines on NE with the reason told to the buyer', async () => {
    const p = await producerWithPhone('0641234511');
    const b = await createUser(t, { name: 'Ана Јовановић' });
    const before = smsc.submitted.length;
    const first = await placeOrder(b, p, 'Кајмак', 2);
    const [sms] = await sentSince(before, 1);
    expect(sms).toMatchObject({ to: '381641234511', dataCoding: 0, udh: null });
    expect(sms!.text).toBe(`Porudzbina #${first.number}, Ana, 1.800 din. Preuzimanje 13. jun 10:00. DA ${first.number} / NE ${first.number} razlog. 2 kg Kajmak`);

    await smsc.reply('381641234511', `da #${first.number}`);
    await settle();
    const [confirmed] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, first.id));
    expect(confirmed!.status).toBe('confirmed');

    await t.database.db.update(users).set({ language: 'en' }).where(eq(users.id, b.id));
    const second = await placeOrder(b, p, 'Сир', 3);
    await t.app.sms.drain();
    const mailsBefore = t.mails.length;
    await smsc.reply('381641234511', `Ne ${second.number} nema više`);
    await settle();
    const [declined] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, second.id));
    expect(declined!.status).toBe('cancelled');
    const [stock] = await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.name, 'Сир'));
    expect(stock!.stock).toBe(10);
    await t.app.outbox.drain();
    const told = t.mails.slice(mailsBefore).find((m) => m.to === b.email);
    expect(told?.text).toContain('The producer gave this reason: nema više');
  });

  it('texts in the language the producer chose in the app (English, Russian in either script); the reply words they teach act', async () => {
    const b = await createUser(t, { name: 'Ана Јовановић' });
    const en = await producerWithPhone('0641234521', {}, 'en', /^Domace: your code is \d{6}\. Valid 10 minutes\.$/);
    let before = smsc.submitted.length;
    const order = await placeOrder(b, en, 'Кајмак', 2);
    const [english] = await sentSince(before, 1);
    expect(english).toMatchObject({ dataCoding: 0 });
    expect(english!.text).toBe(`Order #${order.number}, Ana, 1,800 RSD Pickup 13 Jun 10:00. YES ${order.number} / NO ${order.number} reason. 2 kg Kajmak`);
    await smsc.reply('381641234521', `Yes ${order.number}`);
    await settle();
    expect((await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('confirmed');

    const ru = await producerWithPhone('0641234522', { script: 'cyrl' }, 'ru', /^Domace: vas kod \d{6}\. Dejstvuet 10 minut\.$/);
    before = smsc.submitted.length;
    const second = await placeOrder(b, ru, 'Сир', 3);
    const parts = await sentSince(before, 2);
    expect(parts.map((s) => s.dataCoding)).toEqual([8, 8]);
    expect(parts.map((s) => s.text).join('')).toBe(`Заказ #${second.number}, Ана, 2 700 дин. Самовывоз 13 июн. 10:00. ДА ${second.number} / НЕТ ${second.number} причина. 3 кг Сир`);
    await smsc.reply('381641234522', `НЕТ ${second.number} нет сыра`);
    await settle();
    expect((await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, second.id)))[0]!.status).toBe('cancelled');
    // Anything else: the one-part help in the producer's language and script.
    before = smsc.submitted.length;
    await smsc.reply('381641234522', 'спасибо');
    await settle();
    const [help] = await sentSince(before, 1);
    expect(help!.text).toBe('Домаће: ДА 100123 принять, НЕТ 100123 причина отклонить, СТОП без SMS');
    expect(help).toMatchObject({ dataCoding: 8, udh: null });
  });

  it('a decline by SMS offers the stock it returns to the waitlist, as the dashboard does', async () => {
    const p = await producerWithPhone('0641234519');
    const b = await createUser(t);
    const waiting = await createUser(t);
    const order = await placeOrder(b, p, 'Мед', 10);
    const [honey] = await t.database.db.select({ id: products.id, stock: products.stock }).from(products).where(eq(products.name, 'Мед'));
    expect(Number(honey!.stock)).toBe(0);
    const join = await t.app.inject({ method: 'PUT', url: `/api/products/${honey!.id}/waitlist`, headers: waiting.headers, payload: { quantity: 2 } });
    expect(join.statusCode).toBeLessThan(300);
    await t.app.sms.drain();
    await smsc.reply('381641234519', `NE ${order.number} nema`);
    await settle();
    const mine = (await t.app.inject({ method: 'GET', url: '/api/me/waitlist', headers: waiting.headers })).json() as { items: { productId: string; heldQuantity: number }[] };
    expect(mine.items.find((i) => i.productId === honey!.id)).toMatchObject({ heldQuantity: 2 });
  });

  it('a stranger, another household\'s order, or anything else change nothing; anything else gets one help part', async () => {
    const p = await producerWithPhone('0641234512');
    const other = await producerWithPhone('0641234513');
    const b = await createUser(t);
    const order = await placeOrder(b, p);
    await t.app.sms.drain();
    await smsc.reply('381699999999', `DA ${order.number}`);
    await smsc.reply('381641234513', `DA ${order.number}`);
    await settle();
    const [still] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(still!.status).toBe('pending');
    const outcomes = await t.database.db.select({ phone: smsReplies.phone, outcome: smsReplies.outcome, householdId: smsReplies.householdId }).from(smsReplies);
    expect(outcomes).toEqual(expect.arrayContaining([
      { phone: '+381699999999', outcome: 'unknown_phone', householdId: null },
      { phone: '+381641234513', outcome: 'not_their_order', householdId: other.id },
    ]));
    const before = smsc.submitted.length;
    await smsc.reply('381641234512', 'hvala puno');
    await settle();
    const [help] = await sentSince(before, 1);
    expect(help).toMatchObject({ to: '381641234512', udh: null });
    expect(help!.text).toBe('Domace: DA 100123 potvrdjuje, NE 100123 razlog odbija, STOP gasi SMS.');
    // STOP ends all SMS.
    await smsc.reply('+381 64 123 4512', 'Stop');
    await settle();
    expect(await t.database.db.select().from(smsSettings).where(eq(smsSettings.householdId, p.id))).toEqual([]);
    const quiet = smsc.submitted.length;
    await placeOrder(b, p);
    await t.app.sms.drain();
    expect(smsc.submitted.length).toBe(quiet);
  });

  it('Cyrillic goes as UCS-2, two parts at most with a concatenation header; receipts are recorded; /metrics counts', async () => {
    const p = await producerWithPhone('0641234514', { script: 'cyrl' });
    const b = await createUser(t, { name: 'Милица' });
    const before = smsc.submitted.length;
    const order = await placeOrder(b, p, 'Домаћи ајвар од печених паприка из Лесковца', 1);
    const parts = await sentSince(before, 2);
    expect(parts.map((s) => s.dataCoding)).toEqual([8, 8]);
    // The information element as the SMSC reads it: concatenation (00), 3 bytes, reference, total, sequence.
    const ref = parts[0]!.udh![2];
    expect(parts.map((s) => s.udh)).toEqual([[0x00, 0x03, ref, 2, 1], [0x00, 0x03, ref, 2, 2]]);
    const whole = parts.map((s) => s.text).join('');
    expect(whole).toContain(`Поруџбина #${order.number}, Милица`);
    expect(whole.length).toBeLessThanOrEqual(134);
    await smsc.receipt(parts[1]!.messageId);
    await settle();
    const [row] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.orderId, order.id));
    expect(row).toMatchObject({ parts: 2, encoding: 'ucs2', deliveryStatus: 'DELIVRD' });
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/domace_sms_parts_total\{event="order"\} [1-9]/);
    expect(metrics).toMatch(/domace_sms_messages_total\{event="code"\} [1-9]/);
  });
});

describe('retention', () => {
  it('deletes replies after 90 days, SMS sent or given up after 30, summary claims after 7; once a day however many instances run it', async () => {
    const p = await createUser(t, { userType: 'producer' });
    // The real time: the other tests' rows are younger (written at it, or on the test clock in 2030).
    const at = new Date();
    const daysAgo = (days: number) => new Date(at.getTime() - days * 86_400_000);
    const mark = `retention-${randomUUID()}`;
    await t.database.db.insert(smsReplies).values([
      { phone: '+381641111111', text: `${mark} old`, outcome: 'help', createdAt: daysAgo(91) },
      { phone: '+381641111111', text: `${mark} kept`, outcome: 'help', createdAt: daysAgo(89) },
    ]);
    const sms = { householdId: p.id, phone: '+381641111111', event: 'order', encoding: 'gsm7' as const, parts: 1 };
    await t.database.db.insert(smsOutbox).values([
      { ...sms, text: `${mark} sent old`, createdAt: daysAgo(31), sentAt: daysAgo(31) },
      { ...sms, text: `${mark} given up old`, createdAt: daysAgo(35), givenUpAt: daysAgo(32) },
      { ...sms, text: `${mark} sent recent`, createdAt: daysAgo(29), sentAt: daysAgo(29) },
      // Still waiting (not due within this test; removed at its end, before the SMSC could see it).
      { ...sms, text: `${mark} never sent`, createdAt: daysAgo(40), nextAttemptAt: new Date('2099-01-01T00:00:00Z') },
    ]);
    await t.database.db.insert(smsSummaries).values([
      { householdId: p.id, kind: 'standing_demand', key: '2031-02-20', createdAt: daysAgo(8) },
      { householdId: p.id, kind: 'standing_demand', key: '2031-02-24', createdAt: daysAgo(6) },
    ]);
    const runs = await Promise.all([1, 2, 3].map(() => t.app.sms.service.runRetention(at)));
    expect(runs.filter((r) => r.ran)).toHaveLength(1);
    expect(runs.find((r) => r.ran)).toMatchObject({ replies: 1, sent: 2, summaries: 1 });
    expect((await t.database.db.select({ text: smsReplies.text }).from(smsReplies)).filter((r) => r.text.startsWith(mark))).toEqual([{ text: `${mark} kept` }]);
    expect((await t.database.db.select({ text: smsOutbox.text }).from(smsOutbox)).map((r) => r.text).filter((x) => x.startsWith(mark)).sort())
      .toEqual([`${mark} never sent`, `${mark} sent recent`]);
    expect((await t.database.db.select({ key: smsSummaries.key }).from(smsSummaries).where(eq(smsSummaries.householdId, p.id)))).toEqual([{ key: '2031-02-24' }]);
    // Later the same Belgrade day: nothing runs; the next day it runs again.
    expect((await t.app.sms.service.runRetention(new Date(at.getTime() + 3 * 3600_000))).ran).toBe(false);
    expect(await t.app.sms.service.runRetention(new Date(at.getTime() + 86_400_000))).toEqual({ ran: true, replies: 0, sent: 0, summaries: 0 });
    await t.database.db.delete(smsOutbox).where(eq(smsOutbox.householdId, p.id));
  });
});

describe('summaries', () => {
  it("a drop's cutoff summary and tomorrow's standing demand, each once", async () => {
    // A week before: the standing order (Thursdays) and a drop order.
    t.clock.set(new Date('2030-06-05T10:00:00Z'));
    const p = await producerWithPhone('0641234517', { events: ['drop_cutoff', 'standing_demand'] });
    const b = await createUser(t);
    const hh = await t.app.inject({ method: 'PATCH', url: `/api/households/${p.id}`, headers: p.headers, payload: { pickupPoints: [{ name: 'Двориште', address: 'Сомбор', hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '08:00', closes: '18:00' })) }] } });
    const [milk] = await t.database.db.insert(products).values({ householdId: p.id, name: 'Млеко', pricePara: 15_000, unit: 'l', category: 'dairy' }).returning();
    const standing = await t.app.inject({
      method: 'POST', url: '/api/standing-orders', headers: b.headers,
      payload: { items: [{ productId: milk!.id, quantity: 2 }], everyWeeks: 1, weekday: 4, deliveryType: 'pickup', pickupPointId: hh.json().pickupPoints[0].id, time: '10:00', paymentMethod: 'cash', contactPhone: '+381641234567' },
    });
    expect(standing.statusCode).toBe(201);
    const order = await placeOrder(b, p, 'Сир', 3);
    const [drop] = await t.database.db.insert(drops).values({
      seriesId: randomUUID(), hostHouseholdId: p.id, title: 'Пијаца Сомбор', placeName: 'Трг', placeAddress: 'Трг 1', placeTown: 'Сомбор', townKey: 'sombor',
      date: '2030-06-13', opens: '09:00', closes: '11:00', orderBy: new Date('2030-06-12T15:00:00Z'),
    }).returning();
    await t.database.db.insert(dropMembers).values({ dropId: drop!.id, householdId: p.id });
    await t.database.db.update(orders).set({ dropId: drop!.id, deliveryType: 'drop' }).where(eq(orders.id, order.id));
    await t.app.sms.drain();
    const before = smsc.submitted.length;
    // Wednesday 18:30 in Belgrade: the drop's orders closed at 17:00; tomorrow is Thursday.
    t.clock.set(new Date('2030-06-12T16:30:00Z'));
    const sent = await sentSince(before, 2);
    expect(sent.map((x) => x.text).sort()).toEqual([
      'Drop Pijaca Sombor 13. jun: porudzbine zatvorene. 1 por., 2.700 din. Ponesite: 3 kg Sir',
      'Sutra 13. jun stalne porudzbine: 2 litar Mleko',
    ]);
    await t.app.sms.drain();
    expect(smsc.submitted.length).toBe(before + 2);
    t.clock.set(NOON);
  });
});

describe('bad days', () => {
  it('the link cut and restored: nothing lost, nothing sent twice', async () => {
    const p = await producerWithPhone('0641234515');
    const b = await createUser(t);
    await t.app.sms.drain();
    await smsc.cut();
    await until(() => !t.app.sms.sender.isUp(), 'the link seen down');
    const before = smsc.submitted.length;
    const a = await placeOrder(b, p);
    const c = await placeOrder(b, p);
    await t.app.sms.drain();
    expect(smsc.submitted.length).toBe(before);
    await smsc.restore();
    await until(() => t.app.sms.sender.isUp(), 'the link bound again', 15_000);
    await until(() => smsc.submitted.length >= before + 2, 'both SMS after the link returned', 10_000);
    await t.app.sms.drain();
    const sent = smsc.submitted.slice(before).map((s) => /#(\d+)/.exec(s.text)?.[1]);
    expect(sent.sort()).toEqual([String(a.number), String(c.number)].sort());
  });

  it('quiet hours hold the SMS until 07:00 Belgrade and merge them into one', async () => {
    const p = await producerWithPhone('0641234516');
    const b = await createUser(t, { name: 'Јован' });
    // 22:30 in Belgrade (summer time, UTC+2).
    t.clock.set(new Date('2030-06-12T20:30:00Z'));
    const buyer = { ...b, headers: { authorization: `Bearer ${(await t.tokens.sign({ id: b.id, email: b.email, name: b.name, userType: 'customer' }, b.sessionId)).accessToken}` } };
    const before = smsc.submitted.length;
    const one = await placeOrder(buyer, p);
    const two = await placeOrder(buyer, p);
    await t.app.sms.drain();
    expect(smsc.submitted.length).toBe(before);
    t.clock.set(new Date('2030-06-13T04:59:00Z'));
    await t.app.sms.drain();
    expect(smsc.submitted.length).toBe(before);
    t.clock.set(new Date('2030-06-13T05:00:30Z'));
    const [summary] = await sentSince(before, 1);
    expect(summary!.text).toBe(`Domace, dok ste se odmarali: #${one.number} Jovan 1.800 din.; #${two.number} Jovan 1.800 din.`);
    await t.app.sms.drain();
    expect(smsc.submitted.length).toBe(before + 1);
    t.clock.set(NOON);
  });
});

/**
 * The app answers a deliver_sm before handling it and starts handling it at once: when the
 * test SMSC has the answer, the handling is under way, and `settled` waits for it.
 */
async function settle() {
  await t.app.sms.settled();
}
