import { z } from 'zod';
import { LIMITS, UNITS } from '../constants.ts';
import { isCalendarDay } from '../time.ts';
import { cursorQuery, listResponse } from './common.ts';
import { queryWholeNumber, text, wholeNumber } from './fields.ts';
import { contactPhone, createOrderItem, PAYMENT_METHODS, pickupTime } from './orders.ts';

/**
 * Standing orders: the same basket of one household every 1, 2 or 4 weeks, placed as a real
 * order once per cycle (docs/standing-orders.md).
 */

export const STANDING_EVERY_WEEKS = [1, 2, 4] as const;
export const STANDING_STATUSES = ['active', 'paused', 'cancelled'] as const;
export type StandingStatus = (typeof STANDING_STATUSES)[number];
export const STANDING_ITEMS_MAX = 30;
export const STANDING_SKIP_DATES_MAX = 60;
export const STANDING_DEMAND_DAYS_MAX = 60;
export const STANDING_CUTOFF_DEFAULT_HOURS = 48;

const calendarDate = text({ error: 'Date must be YYYY-MM-DD' }).refine(isCalendarDay, 'Date must be YYYY-MM-DD');
const everyWeeks = z.union(STANDING_EVERY_WEEKS.map((n) => z.literal(n)), { error: 'everyWeeks is 1, 2 or 4' });
const weekday = wholeNumber('Weekday is 1 (Monday) to 7 (Sunday)').min(1, 'Weekday is 1 (Monday) to 7 (Sunday)').max(7, 'Weekday is 1 (Monday) to 7 (Sunday)');
const items = z.array(createOrderItem).min(1, 'The standing order is empty').max(STANDING_ITEMS_MAX, `At most ${STANDING_ITEMS_MAX} lines`);

export const standingOrder = z.object({
  id: z.uuid(),
  householdId: z.uuid(),
  householdName: z.string(),
  items: z.array(z.object({ productId: z.uuid(), name: z.string(), quantity: z.number() })),
  everyWeeks: z.number().int(),
  weekday: z.number().int(),
  deliveryType: z.enum(['pickup', 'delivery']),
  pickupPointId: z.uuid().nullable(),
  time: z.string().nullable(),
  deliveryArea: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  contactPhone: z.string(),
  notes: z.string().nullable(),
  status: z.enum(STANDING_STATUSES),
  pausedUntil: z.string().nullable(),
  skipDates: z.array(z.string()),
  nextDate: z.string().nullable(),
  lastOrderId: z.uuid().nullable(),
});
export type StandingOrder = z.infer<typeof standingOrder>;

const fulfilment = {
  deliveryType: z.enum(['pickup', 'delivery'], { error: 'Choose pickup or delivery' }),
  pickupPointId: z.uuid('pickupPointId must be a pickup point id').nullish(),
  time: pickupTime.nullish(),
  deliveryArea: text().trim().min(1).max(80, 'The town must be at most 80 characters').nullish(),
  deliveryAddress: text().trim().max(300, 'The address must be at most 300 characters').nullish(),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Choose cash or IPS QR' }),
  contactPhone,
  notes: text().trim().max(LIMITS.orderNotesMax, `Notes must be at most ${LIMITS.orderNotesMax} characters`).nullish(),
};

/** POST /api/standing-orders: every product of one household; the first date is the next `weekday` whose cutoff is still ahead. */
export const createStandingOrderBody = z.object({ items, everyWeeks, weekday, ...fulfilment }).strict();
export type CreateStandingOrderInput = z.output<typeof createStandingOrderBody>;

/**
 * PATCH: fields left out keep their value. `pausedUntil` alone pauses until that date (cycles
 * on or before it are not ordered); `status: "active"` resumes (and clears `pausedUntil`);
 * `status: "cancelled"` cancels, like DELETE.
 */
export const updateStandingOrderBody = z.object({
  items, everyWeeks, weekday,
  deliveryType: fulfilment.deliveryType, pickupPointId: fulfilment.pickupPointId, time: fulfilment.time,
  deliveryArea: fulfilment.deliveryArea, deliveryAddress: fulfilment.deliveryAddress, paymentMethod: fulfilment.paymentMethod,
  contactPhone: fulfilment.contactPhone, notes: fulfilment.notes,
  status: z.enum(STANDING_STATUSES, { error: 'status is active, paused or cancelled' }),
  pausedUntil: calendarDate.nullable(),
}).partial().strict();
export type UpdateStandingOrderInput = z.output<typeof updateStandingOrderBody>;

export const skipStandingOrderBody = z.object({ date: calendarDate }).strict();

export const standingOrdersQuery = cursorQuery.extend({ status: z.enum(STANDING_STATUSES).optional() }).strict();
export const standingOrdersListResponse = listResponse(standingOrder);

export const standingDemandQuery = z.object({
  from: calendarDate.optional(),
  days: queryWholeNumber(1, STANDING_DEMAND_DAYS_MAX).default(14),
}).strict();

export const standingDemandResponse = z.object({
  days: z.array(z.object({
    date: z.string(),
    products: z.array(z.object({ productId: z.uuid(), name: z.string(), unit: z.enum(UNITS), quantity: z.number() })),
  })),
});
export type StandingDemand = z.infer<typeof standingDemandResponse>;
