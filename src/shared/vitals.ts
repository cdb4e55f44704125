/**
 * Field data (docs/decisions/0029-start-after-load.md, 0045-start-when-needed.md): the Core Web Vitals of real visits,
 * measured in the browser (src/web/lib/vitals.ts) and kept by the server as histograms per kind
 * of page (src/server/lib/vitals-histograms.ts). Nothing personal: a page kind from this fixed
 * list (never the address), a metric's name and its value. Plain values, no zod: the browser's
 * reporter imports them (the report's schema is contracts/vitals.ts).
 */
export const VITAL_PAGES = ['feed', 'product', 'household', 'search', 'other'] as const;
export type VitalPage = (typeof VITAL_PAGES)[number];

export const VITAL_NAMES = ['INP', 'LCP', 'CLS'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** The largest value taken: INP and LCP in milliseconds (a minute), CLS unitless. */
export const VITAL_MAX: Record<VitalName, number> = { INP: 60_000, LCP: 60_000, CLS: 100 };

/** One visit's report (POST /api/vitals): each metric at most once. */
export interface VitalsReport {
  page: VitalPage;
  metrics: Array<{ name: VitalName; value: number }>;
}
