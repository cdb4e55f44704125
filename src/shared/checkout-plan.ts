import { LIMITS, type DeliveryType } from './constants.ts';
import type { Drop } from './contracts/drops.ts';
import type { Household } from './contracts/households.ts';
import { CHECKOUT_MESSAGES, type CreateOrderInput, type PaymentMethod } from './contracts/orders.ts';
import { paraToRsd, rsdToPara } from './money.ts';
import { addQuantities, isMultipleOfStep } from './quantity.ts';
import { deliversOn, pickupFits, servedArea, timePassed, type HoursWindow } from './slots.ts';
import { belgradeToday, type ClockTime, type IsoDate } from './time.ts';
import { linePricePara, type Pricing } from './weight-price.ts';

/**
 * The checkout's rules, once, for both sides (docs/checkout.md): how a basket splits into
 * one part per household, what each part costs (lines, delivery fee, freeFrom), and whether
 * the buyer's choice for it (pickup point and hours, delivery town, day and lead time,
 * payment) holds at `now` in Belgrade. The web page calls it to show problems before it
 * sends anything; POST /api/orders calls it on the rows it has locked, to refuse with the
 * same problems. Pure: no clock, no I/O; money in para.
 */

// --- inputs ----------------------------------------------------------------------------------

/** A household's logistics and payment settings as the plan reads them (money in para). */
export interface PlanHousehold {
  id: string;
  name: string;
  pickupPoints: readonly { id: string; name: string; address: string; hours: readonly HoursWindow[] }[];
  delivery: { enabled: boolean; areas: readonly string[]; feePara: number; freeFromPara: number | null; leadDays: number; weekdays: readonly number[] };
  minimumOrderPara: number;
  payment: { cash: boolean; ipsAccount: string | null };
  /**
   * The drops this household is a member of, as far as the caller knows them (the server: the
   * drops the request names; the page: the drops it has read). A drop not here is refused.
   */
  drops?: readonly PlanDrop[];
}

/** A drop as the plan reads it. */
export interface PlanDrop {
  id: string;
  date: IsoDate;
  opens: ClockTime;
  closes: ClockTime;
  /** The cutoff, an ISO timestamp: orders are taken while now < orderBy. */
  orderBy: string;
  cancelled: boolean;
}

/** A drop as the API gives it (GET /api/drops/:id), in the plan's terms. */
export const planDropOf = (d: Pick<Drop, 'id' | 'date' | 'opens' | 'closes' | 'orderBy' | 'status'>): PlanDrop =>
  ({ id: d.id, date: d.date, opens: d.opens, closes: d.closes, orderBy: d.orderBy, cancelled: d.status === 'cancelled' });

/** Whether a drop still takes orders at `now`: to the millisecond before its orderBy (Europe/Belgrade is in the timestamp). */
export const dropTakesOrders = (d: { orderBy: string | Date }, now: Date): boolean =>
  now.getTime() < (typeof d.orderBy === 'string' ? Date.parse(d.orderBy) : d.orderBy.getTime());

/** A product as the plan reads it; a rule whose field is left out is not checked (the web knows less than the server). */
export interface PlanProduct {
  id: string;
  householdId: string;
  name: string;
  /** Per unit, or per kg when `pricing` is weight. */
  pricePara: number;
  /** weight: the buyer orders pieces and the line is an estimate (src/shared/weight-price.ts); default unit. */
  pricing?: Pricing;
  /** kg of one piece (weight products). */
  pieceWeight?: number | null;
  quantityStep?: number;
  /** YYYY-MM-DD: orderable for dates from then on; null = any day. */
  availableFrom?: string | null;
  /** Units left; null = unlimited. */
  stock?: number | null;
}

/** One basket line; `itemIndex` is its place in the request's `items` (error fields name it). */
export interface PlanLine { product: PlanProduct; quantity: number; itemIndex: number }

/**
 * One household's choice: the per-household entry of POST /api/orders, or the web form's
 * draft of it (where a field not chosen yet is empty).
 */
export interface FulfilmentChoice {
  householdId: string;
  deliveryType: DeliveryType;
  pickupPointId?: string | undefined;
  /** deliveryType "drop": the drop. */
  dropId?: string | undefined;
  /** For a drop: '' or the drop's own day. */
  date: IsoDate;
  time?: ClockTime | undefined;
  deliveryArea?: string | undefined;
  deliveryAddress?: string | undefined;
  paymentMethod: PaymentMethod;
}

// --- problems ----------------------------------------------------------------------------------

/** A detail of an error answer, in the order its keys are written today (answers stay byte-for-byte). */
export type ProblemDetail = { field?: string; message: string } & Record<string, unknown>;

/**
 * Why a checkout is refused: the HTTP status, stable code, English text and details the API
 * answers (the server throws it as is; the web translates `code`).
 */
export type CheckoutProblem =
  | { status: 400; code: 'validation_failed'; message: string; details: ProblemDetail[] }
  | { status: 409; code: 'order.slot_unavailable' | 'order.delivery_unavailable' | 'order.payment_unavailable'
      | 'order.drop_closed' | 'order.drop_cancelled' | 'order.drop_unavailable'; message: string; details: ProblemDetail[] }
  | { status: 409; code: 'order.not_yet_available'; message: string; details: { productId: string; name: string; availableFrom: string; message: string }[] }
  | { status: 409; code: 'order.out_of_stock'; message: string; details: { productId: string; name: string; requested: number; available: number; message: string }[] }
  | { status: 409; code: 'order.below_minimum'; message: string; details: { householdId: string; minimum: number; subtotal: number; message: string }[] };

export type CheckoutProblemCode = CheckoutProblem['code'];

/** The field of a household's choice an issue is about (the web marks that field). */
export type ChoiceField = 'deliveryType' | 'pickupPointId' | 'dropId' | 'date' | 'time' | 'deliveryArea' | 'deliveryAddress' | 'paymentMethod';

/** What is wrong with one household's choice; `reason` is for the web's own texts, never sent. */
export interface ChoiceIssue {
  code: 'validation_failed' | 'order.slot_unavailable' | 'order.delivery_unavailable' | 'order.payment_unavailable'
    | 'order.drop_closed' | 'order.drop_cancelled' | 'order.drop_unavailable';
  field: ChoiceField;
  reason: 'payment' | 'date_missing' | 'date_past' | 'no_delivery' | 'area' | 'delivery_day' | 'address_missing'
    | 'time_missing' | 'time_passed' | 'point_missing' | 'not_a_point' | 'closed'
    | 'drop_missing' | 'not_a_member' | 'drop_cancelled' | 'drop_closed' | 'drop_date';
  /** The answer's `error`; `message` is the detail's. */
  title: string;
  message: string;
}

const issue = (code: ChoiceIssue['code'], field: ChoiceField, reason: ChoiceIssue['reason'], message: string, title = message): ChoiceIssue =>
  ({ code, field, reason, title, message });

// --- money ---------------------------------------------------------------------------------------

/**
 * A line's price: unit price × quantity, half up to the para; for a product sold by weight the
 * estimate (pieces × piece weight × price per kg, src/shared/weight-price.ts). Subtotals, the
 * delivery fee's freeFrom and the minimum order all follow from it, so they use the estimate.
 */
export const linePara = (line: { product: Pick<PlanProduct, 'pricePara' | 'pricing' | 'pieceWeight'>; quantity: number }): number =>
  linePricePara({ pricing: line.product.pricing, unitPricePara: line.product.pricePara, quantity: line.quantity, pieceWeight: line.product.pieceWeight });

/** The delivery fee of a household's part: only for a delivery by a household that delivers, none from freeFrom on (a drop has none). */
export function deliveryFeePara(household: Pick<PlanHousehold, 'delivery'>, deliveryType: DeliveryType, subtotalPara: number): number {
  const d = household.delivery;
  if (deliveryType !== 'delivery' || !d.enabled) return 0;
  return d.freeFromPara !== null && subtotalPara >= d.freeFromPara ? 0 : d.feePara;
}

/** The payment methods a household takes, in the order offered: cash, then IPS QR where it has an account. */
export const paymentMethodsOf = (household: Pick<PlanHousehold, 'payment'>): PaymentMethod[] =>
  [...(household.payment.cash ? ['cash' as const] : []), ...(household.payment.ipsAccount ? ['ips_qr' as const] : [])];

/** How a household is paid when the buyer does not say: cash, or IPS QR where it takes no cash. */
export const defaultPaymentMethod = (household: Pick<PlanHousehold, 'payment'>): PaymentMethod =>
  (!household.payment.cash && household.payment.ipsAccount ? 'ips_qr' : 'cash');

/** The settings of a household as GET /api/households/:id gives them (RSD), in the plan's terms. */
export function planHouseholdOf(h: Pick<Household, 'id' | 'name' | 'pickupPoints' | 'delivery' | 'minimumOrder' | 'payment'>): PlanHousehold {
  return {
    id: h.id,
    name: h.name,
    pickupPoints: h.pickupPoints,
    delivery: {
      enabled: h.delivery.enabled, areas: h.delivery.areas, feePara: rsdToPara(h.delivery.fee),
      freeFromPara: h.delivery.freeFrom === null ? null : rsdToPara(h.delivery.freeFrom), leadDays: h.delivery.leadDays, weekdays: h.delivery.weekdays,
    },
    minimumOrderPara: rsdToPara(h.minimumOrder),
    payment: { cash: h.payment.cash, ipsAccount: h.payment.ipsAccount },
  };
}

// --- groups --------------------------------------------------------------------------------------

/** The basket split by household, in order of each household's first line; each household's lines in the basket's order. */
export function groupLines<L extends Pick<PlanLine, 'product' | 'quantity'>>(lines: readonly L[]): { householdId: string; lines: L[]; subtotalPara: number }[] {
  const groups = new Map<string, { householdId: string; lines: L[]; subtotalPara: number }>();
  for (const line of lines) {
    const id = line.product.householdId;
    const group = groups.get(id) ?? { householdId: id, lines: [], subtotalPara: 0 };
    group.lines.push(line);
    group.subtotalPara += linePara(line);
    groups.set(id, group);
  }
  return [...groups.values()];
}

// --- one household's choice ------------------------------------------------------------------------

/**
 * How each kind of fulfilment checks a household's choice, in the order the API refuses:
 * the first issue is the answer. A new kind is one more entry here, with its own part in
 * `fulfilmentOf`.
 */
const FULFILMENT_RULES: Record<DeliveryType, (h: PlanHousehold, c: FulfilmentChoice, now: Date, form: boolean) => ChoiceIssue[]> = {
  delivery(h, c, now) {
    const refuse = (field: ChoiceField, reason: ChoiceIssue['reason'], message: string) => issue('order.delivery_unavailable', field, reason, message);
    if (!h.delivery.enabled) return [refuse('deliveryType', 'no_delivery', 'This household does not deliver')];
    const out: ChoiceIssue[] = [];
    if (!servedArea(h.delivery, c.deliveryArea)) out.push(refuse('deliveryArea', 'area', 'This household does not deliver to this town'));
    if (!c.date) out.push(issue('validation_failed', 'date', 'date_missing', CHECKOUT_MESSAGES.dateTime));
    else if (!deliversOn(h.delivery, c.date, now)) out.push(refuse('date', 'delivery_day', 'This household does not deliver on this day'));
    if (!c.deliveryAddress?.trim()) out.push(issue('validation_failed', 'deliveryAddress', 'address_missing', CHECKOUT_MESSAGES.address));
    return out;
  },
  pickup(h, c, now, form) {
    const refuse = (field: ChoiceField, reason: ChoiceIssue['reason'], message: string) => issue('order.slot_unavailable', field, reason, message);
    const out: ChoiceIssue[] = [];
    if (!c.date) out.push(issue('validation_failed', 'date', 'date_missing', CHECKOUT_MESSAGES.dateTime));
    else if (c.date < belgradeToday(now)) out.push(issue('validation_failed', 'date', 'date_past', CHECKOUT_MESSAGES.datePast));
    else if (c.time && timePassed(c.date, c.time, now)) out.push(refuse('time', 'time_passed', 'This pickup time has already passed'));
    if (h.pickupPoints.length > 0) {
      const point = h.pickupPoints.find((p) => p.id === c.pickupPointId);
      if (!point) out.push(refuse('pickupPointId', c.pickupPointId ? 'not_a_point' : 'point_missing', c.pickupPointId ? 'Not a pickup point of this household' : 'Choose a pickup point'));
      else if (c.date && out.length === 0 && !pickupFits(point, c.date, c.time || undefined, now)) {
        out.push(refuse(c.time ? 'time' : 'date', 'closed', 'The pickup point is not open then'));
      }
    } else {
      if (c.pickupPointId) out.push(refuse('pickupPointId', 'not_a_point', 'Not a pickup point of this household'));
      // The API takes a pickup without a time here; the form asks for one.
      if (form && !c.time) out.push(issue('validation_failed', 'time', 'time_missing', CHECKOUT_MESSAGES.dateTime));
    }
    return out;
  },
  // A drop (docs/drops.md): the household is a member, the drop is not cancelled, and now is
  // before its orderBy, to the second and beyond; its day and hour are the drop's.
  drop(h, c, now) {
    if (!c.dropId) return [issue('validation_failed', 'dropId', 'drop_missing', CHECKOUT_MESSAGES.drop)];
    const d = h.drops?.find((x) => x.id === c.dropId);
    if (!d) return [issue('order.drop_unavailable', 'dropId', 'not_a_member', 'This household does not take part in this drop')];
    if (d.cancelled) return [issue('order.drop_cancelled', 'dropId', 'drop_cancelled', 'This drop has been cancelled')];
    if (!dropTakesOrders(d, now)) return [issue('order.drop_closed', 'dropId', 'drop_closed', 'This drop no longer takes orders')];
    if (c.date && c.date !== d.date) return [issue('validation_failed', 'date', 'drop_date', 'The date of a drop order is the drop\'s day')];
    return [];
  },
};

/**
 * Everything wrong with one household's choice at `now`, the API's refusal first. `form`
 * also asks for what the web form requires beyond the API (a time where there is no pickup point).
 */
export function checkChoice(household: PlanHousehold, choice: FulfilmentChoice, now: Date, options: { form?: boolean } = {}): ChoiceIssue[] {
  const paymentOk = choice.paymentMethod === 'ips_qr' ? household.payment.ipsAccount !== null : household.payment.cash;
  const payment = paymentOk ? [] : [issue('order.payment_unavailable', 'paymentMethod', 'payment', 'This payment method is not offered by the household',
    choice.paymentMethod === 'ips_qr' ? 'This household takes no IPS QR payments' : 'This household takes no cash')];
  return [...payment, ...FULFILMENT_RULES[choice.deliveryType](household, choice, now, options.form === true)];
}

/** Where, when and how a household's part goes, once its choice holds. */
export interface Fulfilment {
  deliveryType: DeliveryType;
  /** The drop, for deliveryType "drop". */
  dropId: string | null;
  date: IsoDate;
  /** HH:MM; a pickup window without a chosen time stores its opening, an unset time ''. */
  time: string;
  deliveryAddress: string | null;
  deliveryArea: string | null;
  point: { id: string; name: string; address: string } | null;
  paymentMethod: PaymentMethod;
}

/** The fulfilment a (checked) choice stands for: the served town's own spelling, the point's name and address. */
export function fulfilmentOf(household: PlanHousehold, choice: FulfilmentChoice, now: Date): Fulfilment {
  if (choice.deliveryType === 'drop') {
    const d = household.drops?.find((x) => x.id === choice.dropId);
    if (!d) throw new Error(`no drop ${choice.dropId} for household ${household.id}`);
    return {
      deliveryType: 'drop', dropId: d.id, date: d.date, time: d.opens, deliveryAddress: null, deliveryArea: null, point: null,
      paymentMethod: choice.paymentMethod,
    };
  }
  if (choice.deliveryType === 'delivery') {
    return {
      deliveryType: 'delivery', dropId: null, date: choice.date, time: choice.time ?? '', deliveryAddress: choice.deliveryAddress ?? null,
      deliveryArea: servedArea(household.delivery, choice.deliveryArea), point: null, paymentMethod: choice.paymentMethod,
    };
  }
  const stored = household.pickupPoints.find((p) => p.id === choice.pickupPointId);
  const window = stored && choice.time === undefined ? pickupFits(stored, choice.date, undefined, now) : null;
  return {
    deliveryType: 'pickup', dropId: null, date: choice.date, time: choice.time ?? window?.opens ?? '', deliveryAddress: null, deliveryArea: null,
    point: stored ? { id: stored.id, name: stored.name, address: stored.address } : null, paymentMethod: choice.paymentMethod,
  };
}

/** The first issue of a flat body's choice as the API answers it (the field named at the top level). */
function flatProblem(first: ChoiceIssue, householdId: string): CheckoutProblem {
  const details = [{ field: first.field, householdId, message: first.message }];
  return first.code === 'validation_failed'
    ? { status: 400, code: first.code, message: first.title, details }
    : { status: 409, code: first.code, message: first.title, details };
}

/** The first issue as the API answers it (field named in the request's `households` list). */
export function choiceProblem(first: ChoiceIssue, householdId: string, index: number): CheckoutProblem {
  const details = [{ field: `households.${index}.${first.field}`, householdId, message: first.message }];
  return first.code === 'validation_failed'
    ? { status: 400, code: first.code, message: first.title, details }
    : { status: 409, code: first.code, message: first.title, details };
}

// --- the whole basket ----------------------------------------------------------------------------

/**
 * What can be refused before any product is read: a past day (or, in the flat body, a pickup
 * time already past today) and a product asked for more than the limit over all its lines.
 */
export function checkRequest(body: CreateOrderInput, now: Date): CheckoutProblem | null {
  const today = belgradeToday(now);
  // A drop's own day and cutoff are checked by the plan, with the drop's row.
  if (!body.households && body.deliveryType !== 'drop') {
    const { pickupDate, pickupTime } = flatFields(body);
    if (pickupDate < today) {
      return { status: 400, code: 'validation_failed', message: CHECKOUT_MESSAGES.datePast, details: [{ field: 'pickupDate', message: CHECKOUT_MESSAGES.datePast }] };
    }
    if (timePassed(pickupDate, pickupTime, now)) {
      const message = 'This pickup time has already passed';
      return { status: 409, code: 'order.slot_unavailable', message, details: [{ field: 'pickupTime', message }] };
    }
  } else if (body.households) {
    const past = body.households.findIndex((h) => h.deliveryType !== 'drop' && h.date < today);
    if (past >= 0) {
      return { status: 400, code: 'validation_failed', message: CHECKOUT_MESSAGES.datePast, details: [{ field: `households.${past}.date`, message: CHECKOUT_MESSAGES.datePast }] };
    }
  }
  const tooMany = [...mergeItems(body.items)].filter(([, q]) => q > LIMITS.orderQuantityMax);
  if (tooMany.length > 0) {
    return {
      status: 400, code: 'validation_failed', message: 'Validation failed',
      details: tooMany.map(([productId]) => ({ field: 'items', productId, message: `Quantity must be at most ${LIMITS.orderQuantityMax}` })),
    };
  }
  return null;
}

/** The quantity of each product over all its lines, exact to the thousandth, in the order first seen. */
export function mergeItems(items: readonly { productId: string; quantity: number }[]): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const item of items) wanted.set(item.productId, addQuantities(wanted.get(item.productId) ?? 0, item.quantity));
  return wanted;
}

/** The flat body's fields, which its schema requires when `households` is absent. */
function flatFields(body: CreateOrderInput) {
  return { deliveryType: body.deliveryType ?? 'pickup', dropId: body.dropId, pickupDate: body.pickupDate ?? '', pickupTime: body.pickupTime ?? '' };
}

/**
 * The flat body (the same details for every household, the form older clients send) as
 * per-household choices: paid the household's default way, and — as before households had
 * points, towns and hours — trusted with its place and time (`placeRules: false`). A flat
 * drop (`deliveryType: "drop"`, `dropId`) is that drop for every household of the basket,
 * and its rules always apply.
 */
export function choicesOfFlatBody(body: CreateOrderInput, households: readonly PlanHousehold[]): { choices: FulfilmentChoice[]; placeRules: false } {
  const { deliveryType, dropId, pickupDate, pickupTime } = flatFields(body);
  if (deliveryType === 'drop') {
    return { placeRules: false, choices: households.map((h) => ({ householdId: h.id, deliveryType, dropId, date: '', paymentMethod: defaultPaymentMethod(h) })) };
  }
  return {
    placeRules: false,
    choices: households.map((h) => ({
      householdId: h.id, deliveryType, date: pickupDate, time: pickupTime,
      deliveryAddress: deliveryType === 'delivery' ? (body.deliveryAddress ?? undefined) : undefined,
      paymentMethod: defaultPaymentMethod(h),
    })),
  };
}

/** One household's part of a planned checkout. */
export interface HouseholdPart<L extends PlanLine = PlanLine> {
  household: PlanHousehold;
  lines: L[];
  subtotalPara: number;
  feePara: number;
  fulfilment: Fulfilment;
}

export interface PlanInput<L extends PlanLine> {
  /** Merged lines (one per product), in the order the parts should come. */
  lines: readonly L[];
  households: ReadonlyMap<string, PlanHousehold>;
  /** The request's per-household list, or undefined for the flat body. */
  choices: readonly FulfilmentChoice[] | undefined;
  /** The flat body, for its adapter. */
  body: CreateOrderInput;
  now: Date;
}

export type PlanResult<L extends PlanLine> = { ok: true; parts: HouseholdPart<L>[] } | { ok: false; problem: CheckoutProblem };

/**
 * The whole checkout, in the order the API refuses: quantity steps, one choice per
 * household of the basket, each choice's rules, harvest dates, stock, minimum orders.
 * The server passes the rows it locked, so what is checked here is what is sold.
 */
export function planCheckout<L extends PlanLine>({ lines, households, choices, body, now }: PlanInput<L>): PlanResult<L> {
  const fail = (problem: CheckoutProblem): PlanResult<L> => ({ ok: false, problem });

  const offStep = lines.filter((l) => l.product.quantityStep !== undefined && !isMultipleOfStep(l.quantity, l.product.quantityStep));
  if (offStep.length > 0) {
    return fail({
      status: 400, code: 'validation_failed', message: 'Quantity is not a multiple of the quantity step',
      details: offStep.map(({ product: p, quantity, itemIndex }) => ({
        field: `items.${itemIndex}.quantity`, productId: p.id, quantity, quantityStep: p.quantityStep, message: `The quantity of ${p.name} must be a multiple of ${p.quantityStep}`,
      })),
    });
  }

  const groups = groupLines(lines);
  const householdOf = (id: string) => {
    const h = households.get(id);
    if (!h) throw new Error(`no settings for household ${id}`);
    return h;
  };
  const request = choices
    ? { choices, placeRules: true }
    : choicesOfFlatBody(body, groups.map((g) => householdOf(g.householdId)));
  const entries = new Map(request.choices.map((c, i) => [c.householdId, { c, i }]));
  const missing = groups.filter((g) => !entries.has(g.householdId));
  const extra = request.choices.map((c, i) => ({ c, i })).filter(({ c }) => !groups.some((g) => g.householdId === c.householdId));
  if (missing.length > 0 || extra.length > 0) {
    return fail({
      status: 400, code: 'validation_failed', message: 'Validation failed',
      details: [
        ...missing.map(({ householdId }) => ({ field: 'households', householdId, message: 'Say how this household\'s products are collected or delivered' })),
        ...extra.map(({ c, i }) => ({ field: `households.${i}.householdId`, householdId: c.householdId, message: 'No product of this household is in the basket' })),
      ],
    });
  }

  const parts: HouseholdPart<L>[] = [];
  for (const group of groups) {
    const household = householdOf(group.householdId);
    const { c, i } = entries.get(group.householdId)!;
    if (request.placeRules || c.deliveryType === 'drop') {
      const [first] = checkChoice(household, c, now);
      if (first) return fail(request.placeRules ? choiceProblem(first, group.householdId, i) : flatProblem(first, group.householdId));
    }
    const fulfilment = fulfilmentOf(household, c, now);
    parts.push({ household, lines: group.lines, subtotalPara: group.subtotalPara, feePara: deliveryFeePara(household, fulfilment.deliveryType, group.subtotalPara), fulfilment });
  }

  const dateOf = new Map(parts.map((p) => [p.household.id, p.fulfilment.date]));
  const early = lines.filter((l) => l.product.availableFrom && dateOf.get(l.product.householdId)! < l.product.availableFrom);
  if (early.length > 0) {
    return fail({
      status: 409, code: 'order.not_yet_available', message: 'Some products cannot be had before their harvest',
      details: early.map(({ product: p }) => ({ productId: p.id, name: p.name, availableFrom: p.availableFrom!, message: `${p.name} is available from ${p.availableFrom}` })),
    });
  }

  const short = lines.filter((l) => l.product.stock !== undefined && l.product.stock !== null && l.product.stock < l.quantity);
  if (short.length > 0) {
    return fail({
      status: 409, code: 'order.out_of_stock', message: 'Not enough stock for some products',
      details: short.map(({ product: p, quantity }) => ({ productId: p.id, name: p.name, requested: quantity, available: p.stock ?? 0, message: `Only ${p.stock ?? 0} left of ${p.name}` })),
    });
  }

  const below = parts.filter((p) => belowMinimum(p.household, p.subtotalPara));
  if (below.length > 0) {
    return fail({
      status: 409, code: 'order.below_minimum', message: 'Some households have a minimum order',
      details: below.map(({ household: h, subtotalPara }) => ({
        householdId: h.id, minimum: paraToRsd(h.minimumOrderPara), subtotal: paraToRsd(subtotalPara), message: `The minimum order of ${h.name} is ${paraToRsd(h.minimumOrderPara)} RSD`,
      })),
    });
  }
  return { ok: true, parts };
}

/** Whether a household's subtotal is below its minimum order (exactly the minimum is enough). */
export const belowMinimum = (household: Pick<PlanHousehold, 'minimumOrderPara'>, subtotalPara: number): boolean =>
  subtotalPara < household.minimumOrderPara;
