import { z } from 'zod';
import { queryWholeNumber } from './fields.ts';
import { LIMITS } from '../constants.ts';

/** One Europe/Belgrade day of the producer's sales (non-cancelled orders). */
export const producerDailySales = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** RSD */
  total: z.number(),
  orders: z.number().int(),
});

/** GET /api/producer/overview: the dashboard's small summary. */
export const producerOverview = z.object({
  /** Orders still pending. */
  ordersWaiting: z.number().int(),
  /** RSD: totals of the non-cancelled orders of the last 7 days. */
  weekSales: z.number(),
  /** The last 30 days, oldest first, zero-filled. */
  daily: z.array(producerDailySales),
});
export type ProducerOverview = z.infer<typeof producerOverview>;
export type ProducerDailySales = z.infer<typeof producerDailySales>;

/** GET /api/producer/products: all own products (published or not), a cursor page. */
export const ownProductsQuery = z.object({
  cursor: z.uuid().optional(),
  limit: queryWholeNumber(1, LIMITS.pageSizeMax).default(LIMITS.pageSizeMax),
}).strict();
