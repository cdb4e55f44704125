import { z } from 'zod';
import { DELIVERY_TYPES, LIMITS, ORDER_STATUSES, UNITS } from '../constants.ts';
import { normalizePhone } from './auth.ts';
import { listResponse } from './common.ts';

/**
 * Basket, checkout and orders (issue 5, DESIGN.md sections 5 and 6). The client sends
 * product ids and quantities only: prices and totals are never accepted (strict bodies).
 */

/** The spec's checkout validation texts (section 8). */
export const CHECKOUT_MESSAGES = {
  dateTime: 'Please select pickup date and time',
  phone: 'Please provide a contact phone',
  phoneInvalid: 'Please enter a valid phone number, e.g. +381641234567',
  address: 'Please provide a delivery address',
  datePast: 'The pickup date cannot be before today',
} as const;

export const DELIVERY_ADDRESS_MAX = 300;
export const ORDER_LINES_MAX = 100;
export const IDEMPOTENCY_KEY_MAX = 200;

const isCalendarDate = (value: string) => {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

export const pickupDate = z.string({ error: CHECKOUT_MESSAGES.dateTime })
  .regex(/^\d{4}-\d{2}-\d{2}$/, CHECKOUT_MESSAGES.dateTime)
  .refine(isCalendarDate, CHECKOUT_MESSAGES.dateTime);

export const pickupTime = z.string({ error: CHECKOUT_MESSAGES.dateTime })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, CHECKOUT_MESSAGES.dateTime);

export const contactPhone = z.string({ error: CHECKOUT_MESSAGES.phone }).trim()
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
  deliveryAddress: z.string().trim().max(DELIVERY_ADDRESS_MAX, `The address must be at most ${DELIVERY_ADDRESS_MAX} characters`).nullable().optional(),
  contactPhone,
  notes: z.string().trim().max(LIMITS.orderNotesMax, `Notes must be at most ${LIMITS.orderNotesMax} characters`).nullable().optional(),
});

const addressRequiredForDelivery = (value: { deliveryType: string; deliveryAddress?: string | null | undefined }, ctx: z.RefinementCtx) => {
  if (value.deliveryType === 'delivery' && !value.deliveryAddress) {
    ctx.addIssue({ code: 'custom', path: ['deliveryAddress'], message: CHECKOUT_MESSAGES.address });
  }
};

/** The web checkout form (items come from the basket). */
export const checkoutForm = checkoutDetails.superRefine(addressRequiredForDelivery);
export type CheckoutFormInput = z.input<typeof checkoutForm>;

export const createOrderItem = z.object({
  productId: z.uuid('productId must be a product id'),
  quantity: z.number().int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(LIMITS.orderQuantityMax, `Quantity must be at most ${LIMITS.orderQuantityMax}`),
}).strict();

/** POST /api/orders: the whole basket; the server prices it and splits it by household. */
export const createOrderBody = checkoutDetails.extend({
  items: z.array(createOrderItem)
    .min(1, 'The basket is empty')
    .max(ORDER_LINES_MAX, `At most ${ORDER_LINES_MAX} lines per order`),
}).strict().superRefine(addressRequiredForDelivery);
export type CreateOrderBody = z.input<typeof createOrderBody>;
export type CreateOrderInput = z.output<typeof createOrderBody>;

/** One key per checkout attempt: a retry or a double click never makes a second order. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z.string({ error: 'The Idempotency-Key header is required' })
    .min(1, 'The Idempotency-Key header is required')
    .max(IDEMPOTENCY_KEY_MAX, `The Idempotency-Key header must be at most ${IDEMPOTENCY_KEY_MAX} characters`),
});

export const orderStatus = z.enum(ORDER_STATUSES);

export const orderLine = z.object({
  productId: z.uuid(),
  name: z.string(),
  unit: z.enum(UNITS),
  /** RSD, copied at order time. */
  unitPrice: z.number(),
  quantity: z.number().int(),
  /** RSD */
  lineTotal: z.number(),
});
export type OrderLine = z.infer<typeof orderLine>;

export const orderEvent = z.object({
  status: orderStatus,
  createdAt: z.iso.datetime({ offset: true }),
});
export type OrderEvent = z.infer<typeof orderEvent>;

export const order = z.object({
  id: z.uuid(),
  checkoutId: z.uuid(),
  householdId: z.uuid(),
  householdName: z.string(),
  status: orderStatus,
  deliveryType: z.enum(DELIVERY_TYPES),
  pickupDate: z.string(),
  pickupTime: z.string(),
  deliveryAddress: z.string().nullable(),
  contactPhone: z.string(),
  notes: z.string().nullable(),
  /** RSD */
  total: z.number(),
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
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
}).strict();
export type OrdersQuery = z.input<typeof ordersQuery>;

export const ordersListResponse = listResponse(order);
export type OrdersList = z.infer<typeof ordersListResponse>;
export const producerOrdersListResponse = listResponse(producerOrder);
export type ProducerOrdersList = z.infer<typeof producerOrdersListResponse>;

/** PATCH /api/producer/orders/:id: any of the spec's four, plus cancelled (terminal). */
export const updateOrderStatusBody = z.object({ status: orderStatus }).strict();
export type UpdateOrderStatusBody = z.infer<typeof updateOrderStatusBody>;

/** Error codes of this feature (translated by the web app). */
export const ORDER_ERROR_CODES = [
  'order.product_unavailable', 'order.out_of_stock', 'order.not_cancellable', 'order.status_final',
  'order.own_product', 'idempotency.in_progress', 'idempotency.mismatch',
] as const;
