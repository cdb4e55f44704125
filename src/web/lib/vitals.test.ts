import { describe, expect, it, vi } from 'vitest';
import { vitalsReport } from '#shared/contracts/vitals.ts';
import { pageKind, reportVitals, vitalsReportOf } from './vitals.ts';

describe('pageKind', () => {
  it('names the page kinds the server keeps, and every other page "other"', () => {
    expect(pageKind('/')).toBe('feed');
    expect(pageKind('/product/6b1f0c39-6d7a-4a55-9a39-1b6f1c7d2f11')).toBe('product');
    expect(pageKind('/household/6b1f0c39-6d7a-4a55-9a39-1b6f1c7d2f11')).toBe('household');
    expect(pageKind('/search')).toBe('search');
    for (const path of ['/basket', '/orders', '/login', '/nowhere', '/product/%E0%A4%A']) expect(pageKind(path)).toBe('other');
  });
});

describe('vitalsReportOf', () => {
  it('is a report the server takes: values clamped to what it accepts, nothing when nothing was measured', () => {
    const report = vitalsReportOf('feed', new Map([['INP', 120], ['LCP', 1e9], ['CLS', -0.1]] as const));
    expect(report).toEqual({ page: 'feed', metrics: [{ name: 'INP', value: 120 }, { name: 'LCP', value: 60_000 }, { name: 'CLS', value: 0 }] });
    expect(vitalsReport.safeParse(report).success).toBe(true);
    expect(vitalsReportOf('feed', new Map())).toBeNull();
  });
});

describe('reportVitals', () => {
  it('sends nothing while the page is visible, and nothing when no metric is known yet', () => {
    const send = vi.fn(() => true);
    reportVitals(send);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(send).not.toHaveBeenCalled();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(send).not.toHaveBeenCalled(); // jsdom measures no paint: nothing to report
    vi.restoreAllMocks();
  });
});
