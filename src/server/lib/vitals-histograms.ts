import { Histogram, type Registry } from 'prom-client';
import { VITAL_PAGES, type VitalName, type VitalPage } from '#shared/vitals.ts';

/**
 * The field data of real visits (POST /api/vitals) as Prometheus histograms in /metrics, one
 * series per kind of page from a fixed list (src/shared/vitals.ts) and fixed buckets: bounded
 * whatever the callers send. The buckets put Google's thresholds on bucket edges (good / needs
 * improvement / poor): INP 200 / 500 ms, LCP 2.5 / 4 s, CLS 0.1 / 0.25.
 */
export interface VitalsHistograms {
  observe(page: VitalPage, name: VitalName, value: number): void;
  /** Adds the histograms to a registry (the metrics plugin's). */
  registerIn(registry: Registry): void;
}

const MS = 1_000;

export function createVitalsHistograms(): VitalsHistograms {
  const histogram = (name: string, help: string, buckets: number[]) => new Histogram({ name, help, labelNames: ['page'], buckets, registers: [] });
  const byName: Record<VitalName, { histogram: Histogram; scale: number }> = {
    INP: { histogram: histogram('domace_web_vitals_inp_seconds', 'Interaction to Next Paint of sampled real visits, by page kind', [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 2, 5]), scale: MS },
    LCP: { histogram: histogram('domace_web_vitals_lcp_seconds', 'Largest Contentful Paint of sampled real visits, by page kind', [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10, 20]), scale: MS },
    CLS: { histogram: histogram('domace_web_vitals_cls', 'Cumulative Layout Shift of sampled real visits, by page kind', [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1]), scale: 1 },
  };
  // Every page kind's series from the start: a kind nobody visited reads 0, not absent.
  for (const { histogram: h } of Object.values(byName)) for (const page of VITAL_PAGES) h.zero({ page });
  return {
    observe(page, name, value) {
      const { histogram: h, scale } = byName[name];
      h.observe({ page }, value / scale);
    },
    registerIn(registry) {
      for (const { histogram: h } of Object.values(byName)) registry.registerMetric(h);
    },
  };
}
