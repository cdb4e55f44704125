import { lazy, Suspense, type ComponentProps } from 'react';
import { Optional } from '#web/components/optional.tsx';
import { loadChunk } from '#web/lib/load-chunk.ts';
import type { StandingOrderDialog as Dialog } from './standing-order-dialog.tsx';

const StandingOrderDialog = lazy(loadChunk(() => import('./standing-order-dialog.tsx').then((module) => ({ default: module.StandingOrderDialog }))));

/**
 * "Order this every week" on a product page, downloaded after the page: the dialog, its form and
 * the checkout plan it judges with are for signed-in buyers only, and not part of a product
 * page's first load (its first tap, docs/performance.md). Without its code the page shows no
 * such button.
 */
export function LazyStandingOrderDialog(props: ComponentProps<typeof Dialog>) {
  return (
    <Optional>
      <Suspense fallback={null}>
        <StandingOrderDialog {...props} />
      </Suspense>
    </Optional>
  );
}
