import { useState } from 'react';
import { toast } from 'sonner';
import type { StandingOrder } from '#shared/contracts/standing-orders.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { useTranslation } from '#web/lib/translate.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { useCancelStandingOrder, useSkipStandingDate, useUpdateStandingOrder } from '../api/change-standing-order.ts';
import { useStandingOrders } from '../api/get-standing-orders.ts';

/** The buyer's standing orders on the Orders page: skip the next date, pause, resume, cancel, change quantities. */
export function StandingOrdersSection() {
  const { t } = useTranslation('standing');
  const query = useStandingOrders();
  const live = (query.data?.items ?? []).filter((s) => s.status !== 'cancelled');
  if (query.isPending || live.length === 0) return null;
  return (
    <section aria-labelledby="standing-orders-title" className="mb-6 flex flex-col gap-3">
      <h2 id="standing-orders-title" className="text-lg font-semibold">{t('title')}</h2>
      <ul className="flex flex-col gap-3">
        {live.map((s) => <li key={s.id}><StandingOrderCard order={s} /></li>)}
      </ul>
    </section>
  );
}

function StandingOrderCard({ order }: { order: StandingOrder }) {
  const { t } = useTranslation('standing');
  const format = useFormat();
  const update = useUpdateStandingOrder();
  const skip = useSkipStandingDate();
  const cancel = useCancelStandingOrder();
  const [pauseUntil, setPauseUntil] = useState('');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const fail = (error: Error) => toast.error(t('errors:title'), { description: error.message });
  const busy = update.isPending || skip.isPending || cancel.isPending;
  const every = t(`every.${order.everyWeeks}`, { weekday: format.weekday(order.weekday) });

  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="font-medium">{order.householdName}</h3>
          <span className="text-sm text-muted-foreground">{every}</span>
        </div>
        <p className="text-sm">
          {order.status === 'paused'
            ? (order.pausedUntil ? t('pausedUntil', { date: format.date(order.pausedUntil) }) : t('paused'))
            : order.nextDate ? t('next', { date: format.date(order.nextDate) }) : t('noNext')}
        </p>
        <ul className="flex flex-col gap-2">
          {order.items.map((item) => {
            const id = `standing-${order.id}-${item.productId}`;
            const value = quantities[item.productId] ?? String(item.quantity);
            return (
              <li key={item.productId} className="flex flex-wrap items-center gap-2">
                <Label htmlFor={id} className="min-w-32">{t('quantityOf', { name: item.name })}</Label>
                <Input id={id} type="number" inputMode="decimal" min="0" step="any" className="w-24" value={value}
                  onChange={(e) => setQuantities((q) => ({ ...q, [item.productId]: e.target.value }))} />
              </li>
            );
          })}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={busy || Object.keys(quantities).length === 0} onClick={() => {
            const items = order.items.map((i) => ({ productId: i.productId, quantity: Number(quantities[i.productId] ?? i.quantity) }));
            update.mutate({ id: order.id, body: { items } }, { onSuccess: () => { setQuantities({}); toast.success(t('saved')); }, onError: fail });
          }}>{t('saveQuantities')}</Button>
          {order.nextDate && order.status === 'active' && (
            <Button variant="outline" size="sm" disabled={busy} onClick={() => skip.mutate({ id: order.id, date: order.nextDate! }, { onSuccess: () => toast.success(t('skipped')), onError: fail })}>
              {t('skipNext', { date: format.date(order.nextDate) })}
            </Button>
          )}
          {order.status === 'paused' ? (
            <Button variant="outline" size="sm" disabled={busy} onClick={() => update.mutate({ id: order.id, body: { status: 'active' } }, { onSuccess: () => toast.success(t('resumed')), onError: fail })}>
              {t('resume')}
            </Button>
          ) : (
            <form className="flex flex-wrap items-center gap-2" onSubmit={(e) => {
              e.preventDefault();
              if (pauseUntil) update.mutate({ id: order.id, body: { pausedUntil: pauseUntil } }, { onSuccess: () => { setPauseUntil(''); toast.success(t('pausedToast')); }, onError: fail });
            }}>
              <Label htmlFor={`pause-${order.id}`}>{t('pauseUntilLabel')}</Label>
              <Input id={`pause-${order.id}`} type="date" className="w-40" value={pauseUntil} onChange={(e) => setPauseUntil(e.target.value)} />
              <Button type="submit" variant="outline" size="sm" disabled={busy || !pauseUntil}>{t('pause')}</Button>
            </form>
          )}
          <Button variant="outline" size="sm" disabled={busy} onClick={() => cancel.mutate(order.id, { onSuccess: () => toast.success(t('cancelledToast')), onError: fail })}>
            {t('cancel')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
