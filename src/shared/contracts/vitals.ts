import { z } from 'zod';

/**
 * Field data (docs/decisions/0029-start-after-load.md): the Core Web Vitals of real visits,
 * measured in the browser by the `web-vitals` library and kept by the server as histograms per
 * kind of page (src/server/features/vitals). Nothing personal: a page kind from this fixed list
 * (never the address), a metric's name and its value.
 */
export const VITAL_PAGES = ['feed', 'product', 'household', 'search', 'other'] as const;
export type VitalPage = (typeof VITAL_PAGES)[number];

export const VITAL_NAMES = ['INP', 'LCP', 'CLS'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** The largest value taken: INP and LCP in milliseconds (a minute), CLS unitless. */
export const VITAL_MAX: Record<VitalName, number> = { INP: 60_000, LCP: 60_000, CLS: 100 };

const vital = z.object({ name: z.enum(VITAL_NAMES), value: z.number().finite().min(0) }).strict()
  .refine((metric) => metric.value <= VITAL_MAX[metric.name], { message: 'Value out of range', path: ['value'] });

/** One visit's report: each metric at most once. */
export const vitalsReport = z.object({
  page: z.enum(VITAL_PAGES),
  metrics: z.array(vital).min(1).max(VITAL_NAMES.length)
    .refine((metrics) => new Set(metrics.map((m) => m.name)).size === metrics.length, { message: 'Each metric at most once' }),
}).strict();
export type VitalsReport = z.infer<typeof vitalsReport>;
