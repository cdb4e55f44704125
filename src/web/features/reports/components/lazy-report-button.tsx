import { lazy, Suspense, type ComponentProps } from 'react';
import { Optional } from '#web/components/optional.tsx';
import { loadChunk } from '#web/lib/load-chunk.ts';
import type { ReportButton as Button } from './report-button.tsx';

const ReportButton = lazy(loadChunk(() => import('./report-button.tsx').then((module) => ({ default: module.ReportButton }))));

/**
 * The report action, downloaded after the page: its dialog and the reasons' contract (zod) are
 * not part of a first page load. Without its code the page simply shows no report action.
 */
export function LazyReportButton(props: ComponentProps<typeof Button>) {
  return (
    <Optional>
      <Suspense fallback={null}>
        <ReportButton {...props} />
      </Suspense>
    </Optional>
  );
}
