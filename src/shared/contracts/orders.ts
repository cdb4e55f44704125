import { z } from 'zod';
import { DEPOSIT_STATUSES } from '../deposit.ts';
import { DELIVERY_TYPES, LIMITS, ORDER_STATUSES, UNITS, type OrderStatus } from '../constants.ts';
import { hasAtMostThreeDecimals } from '../quantity.ts';
import { LINE_WEIGHT_MAX, PRICINGS } from '../weight-price.ts';
import { normalizePhone } from './auth.ts';
import { cursorParam, listResponse } from './common.ts';
import { TEXT_NOT_ALLOWED_MESSAGE, queryWholeNumber, text } from './fields.ts';

/**
 * Basket, checkout and orders (docs/architecture.md, API and Security). The client sends
 * product ids and quantities only: prices and totals are never accepted (strict bodies).
 */

/** The checkout's validation texts (docs/product.md, Messages). */
export const CHECKOUT_MESSAGES = {
  dateTime: 'Please select pickup date and time',
  phone: 'Please provide a contact phone',
  phoneInvalid: 'Please enter a valid phone number, e.g. +381641234567',
  address: 'Please provide a delivery address',
  datePast: 'The pickup date cannot be before today',
  drop: 'Choose a drop',
  /** A control character or a broken Unicode character in any text field (fields.ts). */
  textNotAllowed: TEXT_NOT_ALLOWED_MESSAGE,
} as const;

export const DELIVERY_ADDRESS_MAX = 300;
export const ORDER_LINES_MAX = 100;
export const IDEMPOTENCY_KEY_MAX = 200;

const isCalendarDate = (value: string) => {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

export const pickupDate = text({ error: CHECKOUT_MESSAGES.dateTime })
  .regex(/^\d{4}-\d{2}-\d{2}$/, CHECKOUT_MESSAGES.dateTime)
  .refine(isCalendarDate, CHECKOUT_MESSAGES.dateTime);

export const pickupTime = text({ error: CHECKOUT_MESSAGES.dateTime })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, CHECKOUT_MESSAGES.dateTime);

export const contactPhone = text({ error: CHECKOUT_MESSAGES.phone }).trim()
  .min(1, CHECKOUT_MESSAGES.phone)
  .max(30, CHECKOUT_MESSAGES.phoneInvalid)
  .transform((value, ctx) => {
    const normalized = normalizePhone(value);
    if (!normalized) {
      ctx.addIssue({ code: 'custom', message: CHECKOUT_MESSAGES.phoneInvalid });
      return z.NEVER;
    }
    return normalized;
  });

/** The delivery details of a checkout, shared by the API body and the web form. */
export const checkoutDetails = z.object({
  deliveryType: z.enum(DELIVERY_TYPES, { error: 'Choose pickup or delivery' }),
  pickupDate,
  pickupTime,
  deliveryAddress: text().trim().max(DELIVERY_ADDRESS_MAX, `The address must be at most ${DELIVERY_ADDRESS_MAX} characters`).nullable().optional(),
  contactPhone,
  notes: text().trim().max(LIMITS.orderNotesMax, `Notes must be at most ${LIMITS.orderNotesMax} characters`).nullable().optional(),
});

const addressRequiredForDelivery = (value: { deliveryType: string; deliveryAddress?: string | null | undefined }, ctx: z.RefinementCtx) => {
  if (value.deliveryType === 'delivery' && !value.deliveryAddress) {
    ctx.addIssue({ code: 'custom', path: ['deliveryAddress'], message: CHECKOUT_MESSAGES.address });
  }
};


export const createOrderItem = z.object({
  productId: z.uuid('productId must be a product id'),
  /** A multiple of the product's quantityStep (checked by the server), at most 3 decimals. */
  quantity: z.number({ error: 'Quantity must be a number' })
    .positive('Quantity must be greater than 0')
    .max(LIMITS.orderQuantityMax, `Quantity must be at most ${LIMITS.orderQuantityMax}`)
    .refine(hasAtMostThreeDecimals, 'Quantity may have at most 3 decimals'),
}).strict();

export const PAYMENT_METHODS = ['cash', 'ips_qr'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** What the producer sets (PATCH /api/producer/orders/:id). */
export const PAYMENT_STATUSES = ['unpaid', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** What an order's payment can be: `reported` = the buyer said they paid (IPS), not yet confirmed. */
export const ORDER_PAYMENT_STATUSES = ['unpaid', 'reported', 'paid'] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

/** One household's part of a checkout: how, where and when, and how it is paid. */
export const householdCheckout = z.object({
  householdId: z.uuid('householdId must be a household id'),
  deliveryType: z.enum(DELIVERY_TYPES, { error: 'Choose pickup, delivery or a drop' }),
  pickupPointId: z.uuid('pickupPointId must be a pickup point id').nullish().transform((v) => v ?? undefined),
  /** A drop the household is a member of (deliveryType "drop"; its day and hour are the drop's). */
  dropId: z.uuid('dropId must be a drop id').nullish().transform((v) => v ?? undefined),
  /** Required but for a drop, whose day is its own (given anyway, it must be the drop's day). */
  date: pickupDate.nullish().transform((v) => v ?? undefined),
  time: pickupTime.nullish().transform((v) => v ?? undefined),
  deliveryArea: text().trim().min(1).max(80, 'The town must be at most 80 characters').nullish().transform((v) => v ?? undefined),
  deliveryAddress: text().trim().max(DELIVERY_ADDRESS_MAX, `The address must be at most ${DELIVERY_ADDRESS_MAX} characters`).nullish().transform((v) => v ?? undefined),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Choose cash or IPS QR' }),
}).strict().superRefine((h, ctx) => {
  if (h.deliveryType === 'delivery' && !h.deliveryAddress) ctx.addIssue({ code: 'custom', path: ['deliveryAddress'], message: CHECKOUT_MESSAGES.address });
  if (h.deliveryType === 'drop' && !h.dropId) ctx.addIssue({ code: 'custom', path: ['dropId'], message: CHECKOUT_MESSAGES.drop });
  if (h.deliveryType !== 'drop' && h.dropId) ctx.addIssue({ code: 'custom', path: ['dropId'], message: 'A drop is chosen with deliveryType "drop"' });
  if (h.deliveryType !== 'drop' && !h.date) ctx.addIssue({ code: 'custom', path: ['date'], message: CHECKOUT_MESSAGES.dateTime });
}).transform(({ date, ...h }) => ({ ...h, date: date ?? '' }));
export type HouseholdCheckout = z.output<typeof householdCheckout>;
export type HouseholdCheckoutBody = z.input<typeof householdCheckout>;

/**
 * POST /api/orders: the whole basket; the server prices it and splits it by household.
 * Either the flat delivery fields (the same for every household) or
 * `households`, one entry per household of the basket.
 */
export const createOrderBody = z.object({
  deliveryType: z.enum(DELIVERY_TYPES, { error: 'Choose pickup, delivery or a drop' }).optional(),
  /** The flat body's drop (deliveryType "drop"): every household of the basket must be a member. */
  dropId: z.uuid('dropId must be a drop id').optional(),
  pickupDate: pickupDate.optional(),
  pickupTime: pickupTime.optional(),
  deliveryAddress: checkoutDetails.shape.deliveryAddress,
  contactPhone,
  notes: checkoutDetails.shape.notes,
  items: z.array(createOrderItem)
    .min(1, 'The basket is empty')
    .max(ORDER_LINES_MAX, `At most ${ORDER_LINES_MAX} lines per order`),
  households: z.array(householdCheckout).min(1).max(ORDER_LINES_MAX).optional(),
}).strict().superRefine((body, ctx) => {
  if (body.households) {
    if (body.dropId) ctx.addIssue({ code: 'custom', path: ['dropId'], message: 'With households, each household names its drop' });
    const seen = new Set<string>();
    body.households.forEach((h, i) => {
      if (seen.has(h.householdId)) ctx.addIssue({ code: 'custom', path: ['households', i, 'householdId'], message: 'Each household once' });
      seen.add(h.householdId);
    });
    return;
  }
  if (!body.deliveryType) ctx.addIssue({ code: 'custom', path: ['deliveryType'], message: 'Choose pickup or delivery' });
  if (body.deliveryType === 'drop') {
    if (!body.dropId) ctx.addIssue({ code: 'custom', path: ['dropId'], message: CHECKOUT_MESSAGES.drop });
    return;
  }
  if (body.dropId) ctx.addIssue({ code: 'custom', path: ['dropId'], message: 'A drop is chosen with deliveryType "drop"' });
  if (!body.pickupDate) ctx.addIssue({ code: 'custom', path: ['pickupDate'], message: CHECKOUT_MESSAGES.dateTime });
  if (!body.pickupTime) ctx.addIssue({ code: 'custom', path: ['pickupTime'], message: CHECKOUT_MESSAGES.dateTime });
  if (body.deliveryType) addressRequiredForDelivery({ deliveryType: body.deliveryType, deliveryAddress: body.deliveryAddress }, ctx);
});
export type CreateOrderBody = z.input<typeof createOrderBody>;
export type CreateOrderInput = z.output<typeof createOrderBody>;

/** One key per checkout attempt: a retry or a double click never makes a second order. */
export const idempotencyHeaders = z.object({
  'idempotency-key': text({ error: 'The Idempotency-Key header is required' })
    .min(1, 'The Idempotency-Key header is required')
    .max(IDEMPOTENCY_KEY_MAX, `The Idempotency-Key header must be at most ${IDEMPOTENCY_KEY_MAX} characters`),
});

export const orderStatus = z.enum(ORDER_STATUSES);

export const orderLine = z.object({
  productId: z.uuid(),
  name: z.string(),
  unit: z.enum(UNITS),
  /** RSD, copied at order time; per kg for a line sold by weight. */
  unitPrice: z.number(),
  /** Units; pieces for a line sold by weight. */
  quantity: z.number(),
  /** RSD: unit price × quantity, rounded half up to the para; for weight, the estimate until weighed (src/shared/weight-price.ts). */
  lineTotal: z.number(),
  pricing: z.enum(PRICINGS),
  /** kg of one piece as the product said at order time (weight lines), else null. */
  pieceWeight: z.number().nullable(),
  /** True while lineTotal is an estimate: a line sold by weight not weighed yet. */
  estimate: z.boolean(),
  /** kg the producer weighed (weight lines), else null. */
  weight: z.number().nullable(),
});
export type OrderLine = z.infer<typeof orderLine>;

export const orderEvent = z.object({
  status: orderStatus,
  createdAt: z.iso.datetime({ offset: true }),
});
export type OrderEvent = z.infer<typeof orderEvent>;

export const orderPayment = z.object({
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(ORDER_PAYMENT_STATUSES),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
  /** When the buyer said they paid (POST /api/orders/:id/payment-sent); kept after it is paid. */
  reportedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The NBS IPS QR text and its QR code (SVG), for ips_qr orders. */
  ips: z.object({ payload: z.string(), qrSvg: z.string() }).nullable(),
});
export type OrderPayment = z.infer<typeof orderPayment>;

/**
 * A pre-order's deposit (src/shared/deposit.ts): `amount` RSD = round(total × percent / 100) to
 * the para; `ips` pays it (RO = the order's reference with `-1`; qrSvg: its QR code), null when
 * the household takes no IPS payments; refund_due: cancelled after it was paid, until the producer gives it back.
 */
export const orderDeposit = z.object({
  percent: z.number().int(),
  amount: z.number(),
  status: z.enum(DEPOSIT_STATUSES),
  ips: z.object({ payload: z.string(), reference: z.string(), qrSvg: z.string() }).nullable(),
});
export type OrderDeposit = z.infer<typeof orderDeposit>;

/** The drop an order is handed over at (deliveryType "drop"). */
export const orderDrop = z.object({
  id: z.uuid(),
  title: z.string(),
  place: z.object({ name: z.string(), address: z.string(), town: z.string(), lat: z.number().nullable(), lng: z.number().nullable() }),
  date: z.string(),
  opens: z.string(),
  closes: z.string(),
});
export type OrderDrop = z.infer<typeof orderDrop>;

export const order = z.object({
  id: z.uuid(),
  /** Human order number, unique, shown as "#123456". */
  number: z.number().int(),
  checkoutId: z.uuid(),
  householdId: z.uuid(),
  householdName: z.string(),
  status: orderStatus,
  deliveryType: z.enum(DELIVERY_TYPES),
  pickupDate: z.string(),
  pickupTime: z.string(),
  deliveryAddress: z.string().nullable(),
  /** The served town a delivery goes to. */
  deliveryArea: z.string().nullable(),
  pickupPoint: z.object({ id: z.uuid(), name: z.string(), address: z.string() }).nullable(),
  /** The drop of a drop order, else null. */
  drop: orderDrop.nullable(),
  contactPhone: z.string(),
  notes: z.string().nullable(),
  /** RSD, included in total. */
  deliveryFee: z.number(),
  /** RSD: the lines plus the delivery fee; an estimate while `estimate` is true. */
  total: z.number(),
  /** True while a line sold by weight waits for its weight: the total is an estimate and no IPS amount is offered. */
  estimate: z.boolean(),
  /** RSD: the total estimated at checkout, for orders with lines sold by weight (the 15 % rule compares with it); else null. */
  estimateTotal: z.number().nullable(),
  payment: orderPayment,
  /** A pre-order's deposit, else null. */
  deposit: orderDeposit.nullable(),
  items: z.array(orderLine),
  /** Status history, oldest first. */
  events: z.array(orderEvent),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Order = z.infer<typeof order>;

/** An incoming order as its producer sees it. */
export const producerOrder = order.extend({
  customerId: z.uuid(),
  customerName: z.string(),
});
export type ProducerOrder = z.infer<typeof producerOrder>;

export const createOrderResponse = z.object({ orders: z.array(order) });
export type CreateOrderResponse = z.infer<typeof createOrderResponse>;

export const ordersQuery = z.object({
  status: orderStatus.optional(),
  /** Only orders whose deposit is in this state (the producer's refunds due: refund_due). */
  depositStatus: z.enum(DEPOSIT_STATUSES).optional(),
  cursor: cursorParam.optional(),
  limit: queryWholeNumber(1, LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
}).strict();
export type OrdersQuery = z.input<typeof ordersQuery>;

export const ordersListResponse = listResponse(order);
export type OrdersList = z.infer<typeof ordersListResponse>;
export const producerOrdersListResponse = listResponse(producerOrder);
export type ProducerOrdersList = z.infer<typeof producerOrdersListResponse>;

/**
 * PATCH /api/producer/orders/:id: any of the four statuses, plus cancelled (terminal), and/or the payment state.
 * awaiting_buyer is not the producer's to set: weighing sets it (docs/weight-pricing.md); nor is
 * awaiting_deposit (checkout sets it).
 */
type ProducerStatus = Exclude<OrderStatus, 'awaiting_buyer' | 'awaiting_deposit'>;
export const updateOrderStatusBody = z.object({
  status: z.enum(ORDER_STATUSES.filter((s) => s !== 'awaiting_buyer' && s !== 'awaiting_deposit') as [ProducerStatus, ...ProducerStatus[]]),
  /** The producer marks the payment received (or not). */
  paymentStatus: z.enum(PAYMENT_STATUSES),
}).partial().strict().refine((b) => b.status !== undefined || b.paymentStatus !== undefined, { message: 'Send status or paymentStatus' });
export type UpdateOrderStatusBody = z.infer<typeof updateOrderStatusBody>;

/** Error codes of this feature (translated by the web app). */
export const ORDER_ERROR_CODES = [
  'order.product_unavailable', 'order.out_of_stock', 'order.not_cancellable', 'order.status_final',
  'order.own_product', 'idempotency.in_progress', 'idempotency.mismatch',
  'order.slot_unavailable', 'order.delivery_unavailable', 'order.below_minimum', 'order.not_yet_available',
  'order.payment_unavailable', 'order.not_ips', 'order.already_paid', 'order.weights_missing', 'order.weights_closed', 'order.awaiting_buyer', 'order.not_awaiting_buyer',
  'order.drop_closed', 'order.drop_cancelled', 'order.drop_unavailable',
  'order.preorder_limit', 'order.no_deposit', 'order.deposit_not_refund_due',
] as const;

/** PATCH /api/producer/orders/:id/weights: the weight (kg, grams at most) of lines sold by weight. */
export const orderWeightsBody = z.object({
  lines: z.array(z.object({
    productId: z.uuid(),
    weight: z.number({ error: 'The weight must be a number in kg' })
      .positive('The weight must be greater than 0')
      .max(LINE_WEIGHT_MAX, `The weight must be at most ${LINE_WEIGHT_MAX} kg`)
      .refine(hasAtMostThreeDecimals, 'The weight may have at most 3 decimals (grams)'),
  }).strict()).min(1, 'Send the weight of at least one line').max(ORDER_LINES_MAX, `At most ${ORDER_LINES_MAX} lines`)
    .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, 'Each line at most once'),
}).strict();
export type OrderWeightsBody = z.infer<typeof orderWeightsBody>;
