import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button.tsx';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { showError } from '#web/lib/show-error.ts';
import { useTranslation } from '#web/lib/translate.tsx';
import { useFormat } from '#web/lib/use-format.ts';

/**
 * The producer's refunds due (docs/product.md, "Pre-orders and the waitlist"): paid deposits of
 * cancelled pre-orders, until the producer marks each given back. Nothing when there is none.
 */
export function RefundsDue() {
  const { t } = useTranslation(['logistics']);
  const format = useFormat();
  const client = useQueryClient();
  const due = useQuery({
    queryKey: [...queryKeys.orders.all, 'producer', 'refund_due'],
    queryFn: ({ signal }) => api.producer.orders({ query: { limit: 100, depositStatus: 'refund_due' }, signal }),
    staleTime: 0,
  });
  const refunded = useMutation({
    mutationFn: (id: string) => api.producer.depositRefunded({ params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
  const items = due.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-label={t('order.refundsDue')} className="mb-3 rounded-md border p-3 text-sm">
      <h2 className="mb-2 font-medium">{t('order.refundsDue')}</h2>
      <ul className="flex flex-col gap-2">
        {items.map((o) => (
          <li key={o.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>#{o.number} · {o.customerName} · {format.total(o.deposit?.amount ?? 0)}</span>
            <Button size="sm" variant="outline" disabled={refunded.isPending}
              onClick={() => refunded.mutate(o.id, {
                onSuccess: () => toast.success(t('order.depositRefunded')),
                onError: (error) => showError(error, error.message),
              })}>
              {t('order.markRefunded', { number: o.number })}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
