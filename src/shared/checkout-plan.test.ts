import { describe, expect, it } from 'vitest';
import {
  checkChoice, checkRequest, deliveryFeePara, groupLines, paymentMethodsOf, planCheckout, planHouseholdOf,
  type FulfilmentChoice, type PlanHousehold, type PlanLine, type PlanProduct,
} from './checkout-plan.ts';
import type { CreateOrderInput } from './contracts/orders.ts';

// Wednesday 12 June 2030, 10:00 in Belgrade (CEST, UTC+2).
const WED_10 = new Date('2030-06-12T08:00:00Z');

const FARM: PlanHousehold = {
  id: 'farm', name: 'Пчелињак',
  pickupPoints: [
    { id: 'stall', name: 'Тезга 12', address: 'Булевар 1', hours: [{ weekday: 6, opens: '07:00', closes: '13:00' }] },
    { id: 'gate', name: 'Капија', address: 'Сремска 5', hours: [3, 4].map((weekday) => ({ weekday, opens: '08:00', closes: '18:00' })) },
  ],
  delivery: { enabled: true, areas: ['Beograd', 'Нови Сад'], feePara: 30_000, freeFromPara: 300_000, leadDays: 2, weekdays: [5, 6] },
  minimumOrderPara: 50_000,
  payment: { cash: true, ipsAccount: '840000000095584510' },
};
/** No points, no delivery, no minimum, cash only. */
const PLAIN: PlanHousehold = {
  id: 'plain', name: 'Обична кућа', pickupPoints: [],
  delivery: { enabled: false, areas: [], feePara: 0, freeFromPara: null, leadDays: 0, weekdays: [] },
  minimumOrderPara: 0, payment: { cash: true, ipsAccount: null },
};
const HOUSEHOLDS = new Map([[FARM.id, FARM], [PLAIN.id, PLAIN]]);

const product = (id: string, householdId: string, extra: Partial<PlanProduct> = {}): PlanProduct =>
  ({ id, householdId, name: `Product ${id}`, pricePara: 100_000, quantityStep: 1, availableFrom: null, stock: null, ...extra });
const lineOf = (p: PlanProduct, quantity: number, itemIndex = 0): PlanLine => ({ product: p, quantity, itemIndex });

const stall = (extra: Partial<FulfilmentChoice> = {}): FulfilmentChoice =>
  ({ householdId: 'farm', deliveryType: 'pickup', pickupPointId: 'stall', date: '2030-06-15', time: '10:00', paymentMethod: 'cash', ...extra });
const deliver = (extra: Partial<FulfilmentChoice> = {}): FulfilmentChoice =>
  ({ householdId: 'farm', deliveryType: 'delivery', date: '2030-06-14', deliveryArea: 'novi sad', deliveryAddress: 'Змај Јовина 3', paymentMethod: 'cash', ...extra });
const byHand = (extra: Partial<FulfilmentChoice> = {}): FulfilmentChoice =>
  ({ householdId: 'plain', deliveryType: 'pickup', date: '2030-06-13', time: '12:00', paymentMethod: 'cash', ...extra });

/** A parsed request body (the schema turns absent optional fields of a household into undefined keys). */
const body = ({ households, ...extra }: Partial<Omit<CreateOrderInput, 'households'>> & { households?: FulfilmentChoice[] | undefined } = {}): CreateOrderInput =>
  ({ items: [], contactPhone: '+381641234567', ...extra, ...(households ? { households: households as CreateOrderInput['households'] } : {}) });

function plan(lines: PlanLine[], choices: FulfilmentChoice[] | undefined, extra: { body?: CreateOrderInput; now?: Date } = {}) {
  return planCheckout({ lines, households: HOUSEHOLDS, choices, body: extra.body ?? body({ households: choices }), now: extra.now ?? WED_10 });
}
const problemOf = (result: ReturnType<typeof plan>) => (result.ok ? null : result.problem);
const firstIssue = (h: PlanHousehold, c: FulfilmentChoice, now = WED_10, form = false) => checkChoice(h, c, now, { form })[0] ?? null;

describe('groups and money', () => {
  it('splits the basket by household in the order of first lines, subtotals rounded half up to the para', () => {
    const groups = groupLines([lineOf(product('a', 'farm', { pricePara: 33_333 }), 1.5), lineOf(product('b', 'plain'), 2), lineOf(product('c', 'farm'), 1)]);
    expect(groups.map((g) => [g.householdId, g.lines.map((l) => l.product.id), g.subtotalPara])).toEqual([
      ['farm', ['a', 'c'], 50_000 + 100_000], // 333.33 × 1.5 = 499.995 -> 500.00
      ['plain', ['b'], 200_000],
    ]);
  });

  it('charges the delivery fee only for delivery, and none from freeFrom on (exactly freeFrom is free)', () => {
    expect(deliveryFeePara(FARM, 'pickup', 1_000)).toBe(0);
    expect(deliveryFeePara(FARM, 'delivery', 299_999)).toBe(30_000);
    expect(deliveryFeePara(FARM, 'delivery', 300_000)).toBe(0);
    expect(deliveryFeePara(PLAIN, 'delivery', 1_000)).toBe(0);
    expect(deliveryFeePara({ delivery: { ...FARM.delivery, freeFromPara: null } }, 'delivery', 10_000_000)).toBe(30_000);
  });

  it('reads the settings GET /api/households/:id gives, in RSD, as para', () => {
    const h = planHouseholdOf({
      id: 'x', name: 'X', pickupPoints: [], minimumOrder: 450.5, payment: { cash: false, ipsAccount: null, ipsPayeeName: null },
      delivery: { enabled: true, areas: ['Irig'], fee: 150, freeFrom: 2_000, leadDays: 1, weekdays: [1] },
    });
    expect(h).toMatchObject({ minimumOrderPara: 45_050, delivery: { feePara: 15_000, freeFromPara: 200_000 }, payment: { cash: false } });
  });
});

describe('one household\'s choice', () => {
  it('offers IPS QR only where the household has an account, and cash only where it takes cash', () => {
    expect(firstIssue(PLAIN, byHand({ paymentMethod: 'ips_qr' }))).toMatchObject({ code: 'order.payment_unavailable', field: 'paymentMethod', title: 'This household takes no IPS QR payments' });
    expect(firstIssue(FARM, stall({ paymentMethod: 'ips_qr' }))).toBeNull();
    expect(firstIssue({ ...FARM, payment: { cash: false, ipsAccount: '840000000095584510' } }, stall())).toMatchObject({ title: 'This household takes no cash' });
  });

  it('lists the payment methods a household takes: cash, then IPS QR where it has an account', () => {
    expect(paymentMethodsOf(FARM)).toEqual(['cash', 'ips_qr']);
    expect(paymentMethodsOf(PLAIN)).toEqual(['cash']);
    expect(paymentMethodsOf({ payment: { cash: false, ipsAccount: '840000000095584510' } })).toEqual(['ips_qr']);
    expect(paymentMethodsOf({ payment: { cash: false, ipsAccount: null } })).toEqual([]);
  });

  it('refuses a pickup time already past today in Belgrade, the minute itself still open', () => {
    const gateToday = (time: string) => stall({ pickupPointId: 'gate', date: '2030-06-12', time });
    expect(firstIssue(FARM, gateToday('09:59'))).toMatchObject({ code: 'order.slot_unavailable', field: 'time', reason: 'time_passed' });
    expect(firstIssue(FARM, gateToday('10:00'))).toBeNull();
    expect(firstIssue(PLAIN, byHand({ date: '2030-06-12', time: '09:59' }))).toMatchObject({ reason: 'time_passed' });
    // 22:30 UTC on 12 June is already 00:30 on Thursday 13 June in Belgrade: 00:15 that day has passed.
    expect(firstIssue(PLAIN, byHand({ time: '00:15' }), new Date('2030-06-12T22:30:00Z'))).toMatchObject({ reason: 'time_passed' });
    expect(firstIssue(PLAIN, byHand({ time: '00:45' }), new Date('2030-06-12T22:30:00Z'))).toBeNull();
    expect(firstIssue(PLAIN, byHand({ date: '2030-06-11' }))).toMatchObject({ code: 'validation_failed', field: 'date', reason: 'date_past' });
  });

  it('takes a pickup at a point only inside its hours, ends included; without a time, while a window of the day is open', () => {
    expect(firstIssue(FARM, stall({ time: '13:00' }))).toBeNull();
    expect(firstIssue(FARM, stall({ time: '13:01' }))).toMatchObject({ code: 'order.slot_unavailable', field: 'time', reason: 'closed' });
    expect(firstIssue(FARM, stall({ date: '2030-06-16', time: undefined }))).toMatchObject({ field: 'date', reason: 'closed' });
    expect(firstIssue(FARM, stall({ pickupPointId: undefined }))).toMatchObject({ field: 'pickupPointId', reason: 'point_missing', message: 'Choose a pickup point' });
    expect(firstIssue(FARM, stall({ pickupPointId: 'elsewhere' }))).toMatchObject({ reason: 'not_a_point' });
    expect(firstIssue(PLAIN, byHand({ pickupPointId: 'stall' }))).toMatchObject({ reason: 'not_a_point' });
  });

  it('delivers only where delivery is on, to a served town, on its weekdays, not before leadDays', () => {
    expect(firstIssue(FARM, deliver())).toBeNull(); // Friday 14 June: two days ahead, a delivery weekday
    expect(firstIssue(FARM, deliver({ date: '2030-06-15' }))).toBeNull();
    expect(firstIssue(FARM, deliver({ date: '2030-06-21' }))).toBeNull();
    expect(firstIssue(FARM, deliver({ date: '2030-06-17' }))).toMatchObject({ code: 'order.delivery_unavailable', field: 'date', reason: 'delivery_day' }); // a Monday
    const everyDay = { ...FARM, delivery: { ...FARM.delivery, weekdays: [1, 2, 3, 4, 5, 6, 7] } };
    expect(firstIssue(everyDay, deliver({ date: '2030-06-13' }))).toMatchObject({ reason: 'delivery_day' }); // one day ahead, two needed
    expect(firstIssue(everyDay, deliver({ date: '2030-06-14' }))).toBeNull();
    expect(firstIssue(FARM, deliver({ deliveryArea: 'Niš' }))).toMatchObject({ field: 'deliveryArea', reason: 'area' });
    expect(firstIssue(FARM, deliver({ deliveryArea: undefined }))).toMatchObject({ field: 'deliveryArea', reason: 'area' });
    expect(firstIssue(PLAIN, byHand({ deliveryType: 'delivery', deliveryArea: 'Beograd', deliveryAddress: 'X 1' }))).toMatchObject({ field: 'deliveryType', reason: 'no_delivery' });
  });

  it('in the form also asks for what is not chosen yet: day, time where there is no point, town, address', () => {
    expect(checkChoice(PLAIN, byHand({ date: '', time: undefined }), WED_10, { form: true }).map((i) => [i.field, i.reason]))
      .toEqual([['date', 'date_missing'], ['time', 'time_missing']]);
    expect(checkChoice(PLAIN, byHand({ time: undefined }), WED_10).map((i) => i.reason)).toEqual([]);
    expect(checkChoice(FARM, deliver({ date: '', deliveryArea: undefined, deliveryAddress: '  ' }), WED_10).map((i) => [i.field, i.reason]))
      .toEqual([['deliveryArea', 'area'], ['date', 'date_missing'], ['deliveryAddress', 'address_missing']]);
  });
});

describe('the whole checkout', () => {
  const honey = product('honey', 'farm', { pricePara: 100_000 });
  const jam = product('jam', 'plain', { pricePara: 50_000 });

  it('plans one part per household: point, the window opening when no time is chosen, fee, the served town as written', () => {
    const result = plan([lineOf(honey, 2), lineOf(jam, 1, 1)], [stall({ time: undefined }), byHand()]);
    expect(result.ok && result.parts.map((p) => [p.household.id, p.subtotalPara, p.feePara, p.fulfilment.time, p.fulfilment.point?.name ?? null]))
      .toEqual([['farm', 200_000, 0, '07:00', 'Тезга 12'], ['plain', 50_000, 0, '12:00', null]]);
    const delivered = plan([lineOf(honey, 1)], [deliver()]);
    expect(delivered.ok && delivered.parts[0]!.fulfilment).toMatchObject({ deliveryType: 'delivery', deliveryArea: 'Нови Сад', deliveryAddress: 'Змај Јовина 3', point: null });
    expect(delivered.ok && delivered.parts[0]!.feePara).toBe(30_000);
  });

  it('takes a subtotal exactly at the minimum and refuses one para below, with householdId, minimum and subtotal', () => {
    expect(plan([lineOf(product('m', 'farm', { pricePara: 50_000 }), 1)], [stall()]).ok).toBe(true);
    expect(problemOf(plan([lineOf(product('m', 'farm', { pricePara: 49_999 }), 1)], [stall()]))).toEqual({
      status: 409, code: 'order.below_minimum', message: 'Some households have a minimum order',
      details: [{ householdId: 'farm', minimum: 500, subtotal: 499.99, message: 'The minimum order of Пчелињак is 500 RSD' }],
    });
  });

  it('prices a product sold by weight at its estimate: subtotal, freeFrom and the minimum follow it', () => {
    // A Sjenica wheel: 1 400 RSD/kg, about 1.2 kg a wheel -> 1 680,00 RSD a wheel.
    const wheel = product('wheel', 'farm', { pricePara: 140_000, pricing: 'weight', pieceWeight: 1.2 });
    const one = plan([lineOf(wheel, 1)], [deliver()]);
    expect(one.ok && [one.parts[0]!.subtotalPara, one.parts[0]!.feePara]).toEqual([168_000, 30_000]);
    // Two wheels estimate 3 360 RSD: from freeFrom (3 000) on, delivery is free.
    const two = plan([lineOf(wheel, 2)], [deliver()]);
    expect(two.ok && [two.parts[0]!.subtotalPara, two.parts[0]!.feePara]).toEqual([336_000, 0]);
    // A 0.3 kg piece estimates 420 RSD: below the 500 RSD minimum.
    const small = product('small', 'farm', { pricePara: 140_000, pricing: 'weight', pieceWeight: 0.3 });
    expect(problemOf(plan([lineOf(small, 1)], [stall()]))).toMatchObject({ code: 'order.below_minimum', details: [{ subtotal: 420 }] });
  });

  it('takes whole multiples of the quantity step only, naming the line', () => {
    const cream = product('cream', 'farm', { quantityStep: 0.5 });
    expect(plan([lineOf(cream, 1.5)], [stall()]).ok).toBe(true);
    expect(problemOf(plan([lineOf(honey, 1), lineOf(cream, 0.75, 3)], [stall()]))).toMatchObject({
      status: 400, code: 'validation_failed', details: [{ field: 'items.3.quantity', productId: 'cream', quantity: 0.75, quantityStep: 0.5 }],
    });
  });

  it('takes a harvest pre-order for dates from availableFrom on, and never more than the stock', () => {
    const berries = product('berries', 'farm', { availableFrom: '2030-06-15' });
    expect(plan([lineOf(berries, 1)], [stall()]).ok).toBe(true);
    expect(problemOf(plan([lineOf(berries, 1)], [stall({ pickupPointId: 'gate', date: '2030-06-13' })])))
      .toMatchObject({ status: 409, code: 'order.not_yet_available', details: [{ productId: 'berries', availableFrom: '2030-06-15' }] });
    expect(problemOf(plan([lineOf(product('s', 'farm', { stock: 1.5 }), 2)], [stall()])))
      .toMatchObject({ code: 'order.out_of_stock', details: [{ productId: 's', requested: 2, available: 1.5 }] });
  });

  it('needs exactly one choice per household of the basket', () => {
    expect(problemOf(plan([lineOf(honey, 1), lineOf(jam, 1)], [stall()]))).toMatchObject({ code: 'validation_failed', details: [{ field: 'households', householdId: 'plain' }] });
    expect(problemOf(plan([lineOf(honey, 1)], [stall(), byHand()]))).toMatchObject({ details: [{ field: 'households.1.householdId', householdId: 'plain' }] });
  });

  it("answers a household's refusal with the field of its place in the request", () => {
    expect(problemOf(plan([lineOf(honey, 1), lineOf(jam, 1)], [byHand({ time: '09:00', date: '2030-06-12' }), stall()]))).toEqual({
      status: 409, code: 'order.slot_unavailable', message: 'This pickup time has already passed',
      details: [{ field: 'households.0.time', householdId: 'plain', message: 'This pickup time has already passed' }],
    });
  });

  it('takes the flat body as the same details for every household, paid the default way, without the place rules', () => {
    const flat = body({ deliveryType: 'delivery', pickupDate: '2030-06-13', pickupTime: '12:00', deliveryAddress: 'X 1' });
    const ipsOnly: PlanHousehold = { ...PLAIN, id: 'ips', payment: { cash: false, ipsAccount: '840000000095584510' } };
    const result = planCheckout({
      lines: [lineOf(honey, 1), lineOf(product('p', 'ips'), 1)], households: new Map([...HOUSEHOLDS, ['ips', ipsOnly]]), choices: undefined, body: flat, now: WED_10,
    });
    expect(result.ok && result.parts.map((p) => [p.household.id, p.fulfilment.deliveryType, p.fulfilment.date, p.fulfilment.time, p.fulfilment.deliveryArea, p.fulfilment.paymentMethod, p.feePara]))
      .toEqual([['farm', 'delivery', '2030-06-13', '12:00', null, 'cash', 30_000], ['ips', 'delivery', '2030-06-13', '12:00', null, 'ips_qr', 0]]);
  });
});

describe('checks before any product is read', () => {
  it('refuses a past day, in the flat body a pickup time already past, and a product asked for more than 999 over its lines', () => {
    expect(checkRequest(body({ pickupDate: '2030-06-11', pickupTime: '12:00', deliveryType: 'pickup' }), WED_10))
      .toMatchObject({ status: 400, code: 'validation_failed', details: [{ field: 'pickupDate' }] });
    expect(checkRequest(body({ pickupDate: '2030-06-12', pickupTime: '09:59', deliveryType: 'pickup' }), WED_10))
      .toEqual({ status: 409, code: 'order.slot_unavailable', message: 'This pickup time has already passed', details: [{ field: 'pickupTime', message: 'This pickup time has already passed' }] });
    expect(checkRequest(body({ pickupDate: '2030-06-12', pickupTime: '10:00', deliveryType: 'pickup' }), WED_10)).toBeNull();
    expect(checkRequest(body({ households: [stall(), byHand({ date: '2030-06-11' })] }), WED_10)).toMatchObject({ details: [{ field: 'households.1.date' }] });
    expect(checkRequest(body({ households: [stall()], items: [{ productId: 'a', quantity: 500 }, { productId: 'a', quantity: 500 }] }), WED_10))
      .toMatchObject({ code: 'validation_failed', details: [{ field: 'items', productId: 'a', message: 'Quantity must be at most 999' }] });
    expect(checkRequest(body({ households: [stall()], items: [{ productId: 'a', quantity: 499.5 }, { productId: 'a', quantity: 499.5 }] }), WED_10)).toBeNull();
  });
});

describe('a drop (docs/drops.md)', () => {
  const DROP = { id: 'drop', date: '2030-06-15', opens: '09:00', closes: '11:00', orderBy: '2030-06-14T18:00:00.000Z', cancelled: false };
  const member = (drops = [DROP]): Map<string, PlanHousehold> => new Map([[FARM.id, { ...FARM, drops }], [PLAIN.id, { ...PLAIN, drops }]]);
  const atDrop = (householdId = 'farm', extra: Partial<FulfilmentChoice> = {}): FulfilmentChoice =>
    ({ householdId, deliveryType: 'drop', dropId: 'drop', date: '', paymentMethod: 'cash', ...extra });
  const planAt = (now: Date, choices: FulfilmentChoice[], households = member()) =>
    planCheckout({ lines: [lineOf(product('a', 'farm'), 1), lineOf(product('b', 'plain'), 1, 1)], households, choices, body: body({ households: choices }), now });

  it('takes orders until the millisecond before orderBy, with the drop\'s day and hour and no fee', () => {
    const ok = planAt(new Date(Date.parse(DROP.orderBy) - 1000), [atDrop('farm'), atDrop('plain')]);
    expect(ok.ok && ok.parts.map((p) => [p.fulfilment.deliveryType, p.fulfilment.dropId, p.fulfilment.date, p.fulfilment.time, p.feePara])).toEqual([
      ['drop', 'drop', '2030-06-15', '09:00', 0], ['drop', 'drop', '2030-06-15', '09:00', 0],
    ]);
    expect(planAt(new Date(Date.parse(DROP.orderBy) - 1), [atDrop('farm'), atDrop('plain')]).ok).toBe(true);
    for (const late of [0, 1, 1000]) {
      expect(problemOf(planAt(new Date(Date.parse(DROP.orderBy) + late), [atDrop('farm'), atDrop('plain')]))).toMatchObject({
        status: 409, code: 'order.drop_closed', details: [{ field: 'households.0.dropId', householdId: 'farm' }],
      });
    }
  });

  it('refuses a cancelled drop, a household that is not a member, no drop, another day', () => {
    expect(problemOf(planAt(WED_10, [atDrop('farm'), atDrop('plain')], member([{ ...DROP, cancelled: true }])))?.code).toBe('order.drop_cancelled');
    const onlyFarm = new Map([[FARM.id, { ...FARM, drops: [DROP] }], [PLAIN.id, PLAIN]]);
    expect(problemOf(planAt(WED_10, [atDrop('farm'), atDrop('plain')], onlyFarm))).toMatchObject({
      code: 'order.drop_unavailable', details: [{ field: 'households.1.dropId', householdId: 'plain' }],
    });
    expect(problemOf(planAt(WED_10, [atDrop('farm', { dropId: undefined }), atDrop('plain')]))).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(problemOf(planAt(WED_10, [atDrop('farm', { date: '2030-06-16' }), atDrop('plain')]))).toMatchObject({ status: 400, details: [{ field: 'households.0.date' }] });
    expect(planAt(WED_10, [atDrop('farm', { date: '2030-06-15' }), atDrop('plain')]).ok).toBe(true);
  });

  it('keeps the minimum order for a drop', () => {
    const result = planCheckout({ lines: [lineOf(product('a', 'farm', { pricePara: 10_000 }), 1)], households: member(), choices: [atDrop()], body: body({ households: [atDrop()] }), now: WED_10 });
    expect(problemOf(result)?.code).toBe('order.below_minimum');
  });

  it('takes the flat body\'s drop for every household, and checks it even there', () => {
    const flat = body({ deliveryType: 'drop', dropId: 'drop' });
    const lines = [lineOf(product('a', 'farm'), 1), lineOf(product('b', 'plain'), 1, 1)];
    expect(checkRequest(flat, WED_10)).toBeNull();
    const ok = planCheckout({ lines, households: member(), choices: undefined, body: flat, now: WED_10 });
    expect(ok.ok && ok.parts.every((p) => p.fulfilment.dropId === 'drop')).toBe(true);
    const late = planCheckout({ lines, households: member(), choices: undefined, body: flat, now: new Date(Date.parse(DROP.orderBy) + 1000) });
    expect(problemOf(late)).toMatchObject({ code: 'order.drop_closed', details: [{ field: 'dropId' }] });
  });
});
