import { lazy, Suspense, type ComponentProps } from 'react';
import { loadChunk } from '#web/lib/load-chunk.ts';
import type { ReviewDialog as Dialog } from './review-dialog.tsx';

const ReviewDialog = lazy(loadChunk(() => import('./review-dialog.tsx').then((module) => ({ default: module.ReviewDialog }))));

/**
 * The review dialog, downloaded when a visitor first opens it: its form validation (the shared
 * zod contract) costs a slow phone tens of milliseconds to set up, which a product page's first
 * load should not pay.
 */
export function LazyReviewDialog(props: ComponentProps<typeof Dialog>) {
  return (
    <Suspense fallback={null}>
      <ReviewDialog {...props} />
    </Suspense>
  );
}
