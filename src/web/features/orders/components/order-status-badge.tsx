import { useTranslation } from '#web/lib/translate.tsx';
import type { OrderStatus } from '#shared/constants.ts';
import { Badge } from '#web/components/ui/badge.tsx';

/** Spec colours: pending yellow, confirmed blue, ready green, completed grey (the default); cancelled and no_show red. */
const VARIANTS = {
  pending: 'warning',
  confirmed: 'info',
  ready: 'success',
  completed: 'muted',
  cancelled: 'destructive',
  awaiting_buyer: 'warning',
  // The buyer did not come to a drop's hand-over (docs/drops.md).
  no_show: 'destructive',
} as const;

export function OrderStatusBadge({ status }: { status: OrderStatus | string }) {
  const { t } = useTranslation('common');
  const variant = (VARIANTS as Record<string, (typeof VARIANTS)[keyof typeof VARIANTS]>)[status] ?? 'muted';
  return (
    <Badge variant={variant} data-status={status}>
      {t(`orderStatus.${status}`, { defaultValue: status })}
    </Badge>
  );
}
