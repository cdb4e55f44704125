import { z } from 'zod';
import { VITAL_MAX, VITAL_NAMES, VITAL_PAGES, type VitalsReport } from '../vitals.ts';

const vital = z.object({ name: z.enum(VITAL_NAMES), value: z.number().finite().min(0) }).strict()
  .refine((metric) => metric.value <= VITAL_MAX[metric.name], { message: 'Value out of range', path: ['value'] });

/** POST /api/vitals (src/shared/vitals.ts): a page kind and each metric at most once. */
export const vitalsReport = z.object({
  page: z.enum(VITAL_PAGES),
  metrics: z.array(vital).min(1).max(VITAL_NAMES.length)
    .refine((metrics) => new Set(metrics.map((m) => m.name)).size === metrics.length, { message: 'Each metric at most once' }),
}).strict() satisfies z.ZodType<VitalsReport>;
