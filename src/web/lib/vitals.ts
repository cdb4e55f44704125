import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import { VITAL_MAX, VITAL_PAGES, type VitalName, type VitalPage, type VitalsReport } from '#shared/vitals.ts';
import { matchPage } from '#shared/pages.ts';
import { endpoints } from '#shared/api/endpoints.ts';

/**
 * Field data (docs/decisions/0029-start-after-load.md, 0045-start-when-needed.md): this visit's INP, LCP and CLS, measured
 * by the `web-vitals` library, sent once when the page is hidden (navigator.sendBeacon survives
 * the page's end) to POST /api/vitals, which keeps them as histograms in /metrics. Loaded by
 * main.tsx for a sample of the visits that started the app (a complete page nobody touches never
 * starts it: ADR 0045). Nothing personal: the kind of page the visit landed on
 * (never its address) and three numbers.
 *
 * INP counts from an input to the next paint. A tap held before the app was ready
 * (lib/early-start.ts) is painted at once and answered when it is replayed, so INP does not see
 * that wait; the bench (bench/first-tap.mjs) does.
 */

/** The kind of page of a path, from the fixed list the server keeps histograms for. */
export function pageKind(pathname: string): VitalPage {
  const name = matchPage(pathname)?.name;
  return (VITAL_PAGES as readonly string[]).includes(name ?? '') ? (name as VitalPage) : 'other';
}

/** The report of the metrics measured so far, or null when there is none. */
export function vitalsReportOf(page: VitalPage, values: ReadonlyMap<VitalName, number>): VitalsReport | null {
  const metrics = [...values].map(([name, value]) => ({ name, value: Math.min(Math.max(0, value), VITAL_MAX[name]) }));
  return metrics.length > 0 ? { page, metrics } : null;
}

/** Starts measuring; the report goes out once, the first time the page is hidden after a metric is known. */
export function reportVitals(send: (url: string, body: Blob) => boolean = (url, body) => navigator.sendBeacon(url, body)): void {
  const page = pageKind(window.location.pathname);
  const values = new Map<VitalName, number>();
  const sent = new Set<VitalName>();
  const note = (metric: Metric) => { values.set(metric.name as VitalName, metric.value); };
  onINP(note);
  onLCP(note);
  onCLS(note);
  const flush = () => {
    if (document.visibilityState !== 'hidden') return;
    // web-vitals reports on the same event, from listeners added before this one.
    const fresh = new Map([...values].filter(([name]) => !sent.has(name)));
    const report = vitalsReportOf(page, fresh);
    if (!report) return;
    for (const name of fresh.keys()) sent.add(name);
    send(endpoints.vitals.report.path, new Blob([JSON.stringify(report)], { type: 'application/json' }));
  };
  document.addEventListener('visibilitychange', flush);
}
