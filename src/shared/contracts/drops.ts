import { z } from 'zod';
import { LIMITS, UNITS } from '../constants.ts';
import { isCalendarDay, isClockTime } from '../time.ts';
import { cursorParam, listResponse } from './common.ts';
import { queryWholeNumber, text, wholeNumber } from './fields.ts';
import { orderLine, orderPayment, orderStatus } from './orders.ts';
import { product } from './products.ts';

/**
 * Drops: several households at one place for an hour, announced ahead, ordered until `orderBy`
 * (docs/drops.md). The checkout's side (`deliveryType: "drop"`) is in ./orders.ts and
 * src/shared/checkout-plan.ts.
 */

export const DROP_STATUSES = ['open', 'closed', 'cancelled', 'done'] as const;
export type DropStatus = (typeof DROP_STATUSES)[number];
export const DROP_TITLE_MAX = 80;
export const DROP_PLACE_NAME_MAX = 80;
export const DROP_ADDRESS_MAX = 200;
export const DROP_TOWN_MAX = 60;
export const DROP_NOTE_MAX = 500;
export const DROP_REASON_MAX = 500;
/** A drop is announced at most this many days ahead; GET /api/drops looks at most this far. */
export const DROP_DAYS_AHEAD_MAX = 60;
export const DROP_REPEAT_WEEKS_MAX = 12;
export const HANDOVER_ITEMS_MAX = 500;
export const HANDOVER_STATES = ['handed_over', 'no_show'] as const;
export type HandoverState = (typeof HANDOVER_STATES)[number];

const calendarDate = text({ error: 'Date must be YYYY-MM-DD' }).refine(isCalendarDay, 'Date must be YYYY-MM-DD');
const clockTime = text({ error: 'Time must be HH:MM' }).refine(isClockTime, 'Time must be HH:MM');
const TIMESTAMP_MESSAGE = 'Must be a timestamp with a time zone, e.g. 2030-06-14T20:00:00+02:00';
/** An instant the database stores as written (years 2000..9998, so no year 0 nor a shift past 9999). */
const timestamp = z.iso.datetime({ offset: true, error: TIMESTAMP_MESSAGE })
  .refine((v) => { const year = new Date(v).getUTCFullYear(); return year >= 2000 && year <= 9998; }, TIMESTAMP_MESSAGE);
const coordinate = (max: number) => z.number({ error: 'Must be a number or null' }).min(-max, `Must be between -${max} and ${max}`).max(max, `Must be between -${max} and ${max}`);

export const dropPlaceBody = z.object({
  name: text().trim().min(1, 'Name the place').max(DROP_PLACE_NAME_MAX, `At most ${DROP_PLACE_NAME_MAX} characters`),
  address: text().trim().min(1, 'Give the address').max(DROP_ADDRESS_MAX, `At most ${DROP_ADDRESS_MAX} characters`),
  town: text().trim().min(1, 'Give the town').max(DROP_TOWN_MAX, `At most ${DROP_TOWN_MAX} characters`),
  lat: coordinate(90).nullish().transform((v) => v ?? null),
  lng: coordinate(180).nullish().transform((v) => v ?? null),
}).strict();
export type DropPlaceInput = z.output<typeof dropPlaceBody>;

export const dropPlace = z.object({
  name: z.string(), address: z.string(), town: z.string(), lat: z.number().nullable(), lng: z.number().nullable(),
});

export const dropHousehold = z.object({ id: z.uuid(), name: z.string(), avatar: z.string().nullable() });

export const drop = z.object({
  id: z.uuid(),
  title: z.string(),
  hostHouseholdId: z.uuid(),
  place: dropPlace,
  /** YYYY-MM-DD, a Belgrade day. */
  date: z.string(),
  /** HH:MM, Belgrade. */
  opens: z.string(),
  closes: z.string(),
  /** The cutoff: orders are taken while now < orderBy. */
  orderBy: z.iso.datetime({ offset: true }),
  note: z.string().nullable(),
  /** closed = past orderBy; done = past the drop's closing time; cancelled by the host. */
  status: z.enum(DROP_STATUSES),
  /** The host's reason, when cancelled. */
  cancelReason: z.string().nullable(),
  /** Its public households, the host first. */
  households: z.array(dropHousehold),
  /** Only for the host (orders of the whole drop) and members (their own orders); not cancelled ones. */
  orderCount: z.number().int().optional(),
});
export type Drop = z.infer<typeof drop>;

/** GET /api/drops/:id: the drop and the orderable products of its households. */
export const dropDetail = drop.extend({ products: z.array(product) });
export type DropDetail = z.infer<typeof dropDetail>;

/** A drop in the producer's own list: whether it hosts it. */
export const producerDrop = drop.extend({
  role: z.enum(['host', 'member']),
  /** The host's only: each member household's orders for the drop (not cancelled), the host first. */
  memberOrders: z.array(z.object({ householdId: z.uuid(), name: z.string(), orderCount: z.number().int() })).optional(),
});
export type ProducerDrop = z.infer<typeof producerDrop>;

export const dropsQuery = z.object({
  /** Matches the town in either script, without diacritics (src/shared/search-key.ts). */
  town: text().trim().max(DROP_TOWN_MAX, `At most ${DROP_TOWN_MAX} characters`).optional(),
  /** YYYY-MM-DD; default and lower bound: today (Belgrade). */
  from: calendarDate.optional(),
  days: queryWholeNumber(1, DROP_DAYS_AHEAD_MAX).default(DROP_DAYS_AHEAD_MAX),
  householdId: z.uuid('householdId must be a household id').optional(),
  cursor: cursorParam.optional(),
  limit: queryWholeNumber(1, LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
}).strict();
export type DropsQuery = z.input<typeof dropsQuery>;
export type DropsQueryInput = z.output<typeof dropsQuery>;
export const dropsListResponse = listResponse(drop);
export type DropsList = z.infer<typeof dropsListResponse>;

/** GET /api/producer/drops: the drops the own household hosts or joined, from `from` (default: 7 days ago), soonest first. */
export const producerDropsQuery = z.object({
  from: calendarDate.optional(),
  days: queryWholeNumber(1, 120).default(90),
  cursor: cursorParam.optional(),
  limit: queryWholeNumber(1, LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
}).strict();
export type ProducerDropsQuery = z.input<typeof producerDropsQuery>;
export type ProducerDropsQueryInput = z.output<typeof producerDropsQuery>;
export const producerDropsListResponse = listResponse(producerDrop);
export type ProducerDropsList = z.infer<typeof producerDropsListResponse>;

const dropFields = {
  title: text().trim().min(1, 'Give the drop a title').max(DROP_TITLE_MAX, `At most ${DROP_TITLE_MAX} characters`),
  place: dropPlaceBody,
  date: calendarDate,
  opens: clockTime,
  closes: clockTime,
  /** Orders are taken until then (at most the drop's start, Europe/Belgrade). */
  orderBy: timestamp,
  note: text().trim().max(DROP_NOTE_MAX, `At most ${DROP_NOTE_MAX} characters`).nullish().transform((v) => (v ? v : null)),
};

/** POST /api/drops: the host is the caller's household; `repeatWeeks` weekly copies follow the first. */
export const createDropBody = z.object({
  ...dropFields,
  repeatWeeks: wholeNumber('repeatWeeks is a whole number from 0 to 12').min(0, 'repeatWeeks is a whole number from 0 to 12')
    .max(DROP_REPEAT_WEEKS_MAX, 'repeatWeeks is a whole number from 0 to 12').default(0),
}).strict();
export type CreateDropBody = z.input<typeof createDropBody>;
export type CreateDropInput = z.output<typeof createDropBody>;

export const createDropResponse = drop.extend({
  /** The weekly copies made by `repeatWeeks`, in date order. */
  copies: z.array(z.object({ id: z.uuid(), date: z.string(), orderBy: z.iso.datetime({ offset: true }) })),
});
export type CreateDropResponse = z.infer<typeof createDropResponse>;

/** PATCH /api/drops/:id (host): place, day and times, title, note; at least one. */
export const updateDropBody = z.object({
  title: dropFields.title.optional(),
  place: dropPlaceBody.optional(),
  date: calendarDate.optional(),
  opens: clockTime.optional(),
  closes: clockTime.optional(),
  orderBy: timestamp.optional(),
  note: text().trim().max(DROP_NOTE_MAX, `At most ${DROP_NOTE_MAX} characters`).nullish(),
}).strict().refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Send at least one field to change' });
export type UpdateDropBody = z.input<typeof updateDropBody>;
export type UpdateDropInput = z.output<typeof updateDropBody>;

export const cancelDropBody = z.object({
  reason: text().trim().max(DROP_REASON_MAX, `At most ${DROP_REASON_MAX} characters`).nullish().transform((v) => (v ? v : null)),
}).strict();
export type CancelDropBody = z.input<typeof cancelDropBody>;

export const picklistQuery = z.object({ format: z.enum(['json', 'pdf'], { error: 'format is json or pdf' }).optional() }).strict();

export const picklistOrder = z.object({
  id: z.uuid(),
  number: z.number().int(),
  status: orderStatus,
  buyerName: z.string(),
  contactPhone: z.string(),
  notes: z.string().nullable(),
  items: z.array(orderLine),
  /** RSD */
  total: z.number(),
  payment: orderPayment,
});
export type PicklistOrder = z.infer<typeof picklistOrder>;

/** A household's pick list for a drop: its own orders (not cancelled) and what to bring of each product. */
export const picklist = z.object({
  drop,
  household: z.object({ id: z.uuid(), name: z.string() }),
  orders: z.array(picklistOrder),
  totals: z.array(z.object({ productId: z.uuid(), name: z.string(), unit: z.enum(UNITS), quantity: z.number() })),
});
export type Picklist = z.infer<typeof picklist>;

export const handoverItem = z.object({
  orderId: z.uuid('orderId must be an order id'),
  state: z.enum(HANDOVER_STATES, { error: 'state is handed_over or no_show' }),
  /** When the mark was made on the device (the later mark of an order wins: docs/drops.md). */
  at: timestamp,
  /** Made by the device once per mark; a mark sent again is recognised by it. */
  clientId: z.uuid('clientId must be a UUID'),
}).strict();
export type HandoverItem = z.infer<typeof handoverItem>;

export const handoverBody = z.object({
  items: z.array(handoverItem).min(1, 'Send at least one mark').max(HANDOVER_ITEMS_MAX, `At most ${HANDOVER_ITEMS_MAX} marks at once`),
}).strict();
export type HandoverBody = z.input<typeof handoverBody>;
export type HandoverInput = z.output<typeof handoverBody>;

export const HANDOVER_OUTCOMES = ['applied', 'duplicate', 'stale', 'not_yours', 'cancelled', 'weights_missing'] as const;
export const handoverResponse = z.object({
  applied: z.number().int(),
  ignored: z.number().int(),
  /** Each mark's outcome, in the order sent. */
  results: z.array(z.object({ clientId: z.uuid(), orderId: z.uuid(), outcome: z.enum(HANDOVER_OUTCOMES) })),
});
export type HandoverResponse = z.infer<typeof handoverResponse>;

/** Error codes of drops (translated by the web app). */
export const DROP_ERROR_CODES = [
  'drop.has_orders', 'drop.host_cannot_leave', 'drop.cancelled', 'drop.closed', 'drop.done',
  'order.drop_closed', 'order.drop_cancelled', 'order.drop_unavailable',
] as const;
