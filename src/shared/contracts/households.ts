import { z } from 'zod';
import { DEPOSIT_DAYS_MAX, DEPOSIT_DAYS_MIN } from '../deposit.ts';
import { isCalendarDay, isClockTime, minutesOf } from '../time.ts';
import { normalizeAccount } from '../ips.ts';
import { hasAtMostTwoDecimals } from '../money.ts';
import { queryWholeNumber, text, wholeNumber } from './fields.ts';
import { householdLegal, householdLegalInput } from './legal.ts';

/** Local logistics and payment of a household . Amounts are RSD. */

export const PICKUP_POINTS_MAX = 10;
export const PICKUP_HOURS_MAX = 21;
export const DELIVERY_AREAS_MAX = 30;
export const LEAD_DAYS_MAX = 14;
export const SLOT_DAYS_MAX = 28;
const AMOUNT_MAX = 1_000_000;

export const weekday = wholeNumber('Weekday is 1 (Monday) to 7 (Sunday)').min(1, 'Weekday is 1 (Monday) to 7 (Sunday)').max(7, 'Weekday is 1 (Monday) to 7 (Sunday)');
export const clockTime = text().refine(isClockTime, 'Time must be HH:MM');
export const calendarDay = text().refine(isCalendarDay, 'Date must be YYYY-MM-DD');

export const openingHours = z.object({ weekday, opens: clockTime, closes: clockTime }).strict()
  .refine((h) => !isClockTime(h.opens) || !isClockTime(h.closes) || minutesOf(h.opens) < minutesOf(h.closes),
    { message: 'A pickup window must close after it opens', path: ['closes'] });
export type OpeningHours = z.infer<typeof openingHours>;

export const pickupPoint = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string(),
  note: z.string().nullable(),
  hours: z.array(z.object({ weekday: z.number().int(), opens: z.string(), closes: z.string() })),
});
export type PickupPoint = z.infer<typeof pickupPoint>;

const rsdAmount = (label: string) => z.number().min(0, `${label} cannot be negative`).max(AMOUNT_MAX, `${label} must be at most ${AMOUNT_MAX} RSD`)
  .refine(hasAtMostTwoDecimals, `${label} may have at most 2 decimals`);

export const deliverySettings = z.object({
  enabled: z.boolean(),
  areas: z.array(text().trim().min(1, 'A town cannot be empty').max(80, 'A town must be at most 80 characters')).max(DELIVERY_AREAS_MAX, `At most ${DELIVERY_AREAS_MAX} towns`),
  fee: rsdAmount('The delivery fee'),
  freeFrom: rsdAmount('Free delivery from').nullable(),
  leadDays: wholeNumber('Lead days must be a whole number').min(0, 'Lead days cannot be negative').max(LEAD_DAYS_MAX, `Lead days must be at most ${LEAD_DAYS_MAX}`),
  weekdays: z.array(weekday).max(7),
}).strict();
export type DeliverySettings = z.infer<typeof deliverySettings>;

export const paymentSettings = z.object({
  cash: z.boolean(),
  ipsAccount: z.string().nullable(),
  ipsPayeeName: z.string().nullable(),
});
export type PaymentSettings = z.infer<typeof paymentSettings>;

export const household = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  location: z.string(),
  avatar: z.string().nullable(),
  followerCount: z.number().int(),
  rating: z.number(),
  reviewCount: z.number().int(),
  hasActiveStory: z.boolean(),
  /** Whether the signed-in user follows it; false when signed out. */
  isFollowing: z.boolean(),
  pickupPoints: z.array(pickupPoint),
  delivery: z.object({
    enabled: z.boolean(), areas: z.array(z.string()), fee: z.number(), freeFrom: z.number().nullable(),
    leadDays: z.number().int(), weekdays: z.array(z.number().int()),
  }),
  /** RSD; 0 = none. */
  minimumOrder: z.number(),
  payment: paymentSettings,
  /** Hours before 00:00 (Belgrade) of a standing order's date when its order is placed (docs/standing-orders.md). */
  standingCutoffHours: z.number().int(),
  /** Days a buyer has to pay a pre-order's deposit (1..14, src/shared/deposit.ts). */
  depositDays: z.number().int(),
  /** The papers (docs/papers-and-labels.md). */
  legal: householdLegal,
});
export type Household = z.infer<typeof household>;

/** A pickup point as the owner sends it: kept points carry their id, new ones none. */
export const pickupPointInput = z.object({
  id: z.uuid().optional(),
  name: text().trim().min(1, 'The pickup point needs a name').max(120, 'Name must be at most 120 characters'),
  address: text().trim().min(1, 'The pickup point needs an address').max(300, 'Address must be at most 300 characters'),
  note: text().trim().max(500, 'Note must be at most 500 characters').nullable().optional().transform((v) => (v ? v : null)),
  hours: z.array(openingHours).max(PICKUP_HOURS_MAX, `At most ${PICKUP_HOURS_MAX} windows per point`).default([]),
}).strict();
export type PickupPointInput = z.input<typeof pickupPointInput>;

/** An 18-digit account or `bank-account-control`; stored as 18 digits; null removes it. */
export const ipsAccountInput = text().max(40, 'Not a valid account number').transform((value, ctx) => {
  const digits = normalizeAccount(value);
  if (!digits) {
    ctx.addIssue({ code: 'custom', message: 'Not a valid account number (18 digits, or bank-account-control, with a correct control number)' });
    return z.NEVER;
  }
  return digits;
});

/** Fields left out keep their current value; the server checks that some payment stays possible. */
export const paymentSettingsInput = z.object({
  cash: z.boolean(),
  ipsAccount: ipsAccountInput.nullable(),
  ipsPayeeName: text().trim().max(70, 'The payee name must be at most 70 characters').nullable().transform((v) => (v ? v : null)),
}).partial().strict();

export const updateHouseholdBody = z.object({
  name: text().trim().min(2, 'Name must be at least 2 characters').max(120, 'Name must be at most 120 characters'),
  description: text().trim().max(2000, 'Description must be at most 2000 characters'),
  location: text().trim().max(120, 'Location must be at most 120 characters'),
  /** An uploaded image id (POST /api/media) of the producer's own, or null to remove. */
  avatarId: z.uuid().nullable(),
  /** Replaces the whole list. */
  pickupPoints: z.array(pickupPointInput).max(PICKUP_POINTS_MAX, `At most ${PICKUP_POINTS_MAX} pickup points`),
  /** Fields left out keep their current value. */
  delivery: deliverySettings.partial(),
  minimumOrder: rsdAmount('The minimum order'),
  payment: paymentSettingsInput,
  standingCutoffHours: wholeNumber('standingCutoffHours is a whole number of hours from 1 to 168').min(1, 'standingCutoffHours is 1 to 168 hours').max(168, 'standingCutoffHours is 1 to 168 hours'),
  depositDays: wholeNumber(`depositDays is a whole number of days from ${DEPOSIT_DAYS_MIN} to ${DEPOSIT_DAYS_MAX}`)
    .min(DEPOSIT_DAYS_MIN, `depositDays is ${DEPOSIT_DAYS_MIN} to ${DEPOSIT_DAYS_MAX} days`).max(DEPOSIT_DAYS_MAX, `depositDays is ${DEPOSIT_DAYS_MIN} to ${DEPOSIT_DAYS_MAX} days`),
  /** Fields left out keep their value; a change clears `verifiedAt`. */
  legal: householdLegalInput,
}).partial().strict();
export type UpdateHouseholdBody = z.input<typeof updateHouseholdBody>;

/** GET /api/households/:id/slots */
export const slotsQuery = z.object({
  from: calendarDay.optional(),
  days: queryWholeNumber(1, SLOT_DAYS_MAX).default(14),
}).strict();
export type SlotsQuery = z.input<typeof slotsQuery>;

export const pickupSlot = z.object({ pickupPointId: z.uuid(), date: z.string(), opens: z.string(), closes: z.string() });
export type PickupSlot = z.infer<typeof pickupSlot>;
export const slotsResponse = z.object({
  pickup: z.array(pickupSlot),
  delivery: z.array(z.object({ date: z.string() })),
});
export type Slots = z.infer<typeof slotsResponse>;

/** PUT/DELETE /api/households/:id/follow: the household after the change, with `following` (= isFollowing). */
export const followResponse = household.extend({ following: z.boolean() });
export type FollowResponse = z.infer<typeof followResponse>;
