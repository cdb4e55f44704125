import { useState } from 'react';
import { toast } from 'sonner';
import type { StandingOrder } from '#shared/contracts/standing-orders.ts';
import { addDays, belgradeToday } from '#shared/time.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { useTranslation } from '#web/lib/translate.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { useFocusRefused } from '#web/lib/form.ts';
import { pauseEndAllowed } from '#shared/standing-schedule.ts';
import { useCancelStandingOrder, useSkipStandingDate, useUpdateStandingOrder } from '../api/change-standing-order.ts';
import { useStandingOrders } from '../api/get-standing-orders.ts';

/** How many coming dates the "Skip a date" list offers. */
const SKIP_CHOICES = 8;

/** The buyer's standing orders on the Orders page: skip a date, pause until a date, resume, change quantities, cancel. */
export function StandingOrdersSection() {
  const { t } = useTranslation('standing');
  const query = useStandingOrders();
  const live = (query.data?.items ?? []).filter((s) => s.status !== 'cancelled');
  if (query.isError) return <p role="alert" className="mb-6 text-sm text-destructive">{t('loadFailed')}</p>;
  if (query.isPending || live.length === 0) return null;
  return (
    <section aria-labelledby="standing-orders-title" className="mb-6 flex flex-col gap-3">
      <h2 id="standing-orders-title" className="text-lg font-semibold">{t('title')}</h2>
      <ul className="flex flex-col gap-3" aria-label={t('title')}>
        {live.map((s) => <li key={s.id}><StandingOrderCard order={s} /></li>)}
      </ul>
    </section>
  );
}

/** The coming cycle dates from the next one on, leaving out those already skipped. */
function comingDates(order: StandingOrder): string[] {
  if (!order.nextDate) return [];
  const out: string[] = [];
  for (let d = order.nextDate; out.length < SKIP_CHOICES; d = addDays(d, 7 * order.everyWeeks)) {
    if (!order.skipDates.includes(d)) out.push(d);
  }
  return out;
}

function StandingOrderCard({ order }: { order: StandingOrder }) {
  const { t } = useTranslation(['standing', 'logistics']);
  const format = useFormat();
  const update = useUpdateStandingOrder();
  const skip = useSkipStandingDate();
  const cancel = useCancelStandingOrder();
  const [pauseUntil, setPauseUntil] = useState('');
  const [skipDate, setSkipDate] = useState('');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  /** Which of the card's forms a submit refused: its message beside its field, the focus on it (src/web/lib/form.ts). */
  const [refused, setRefused] = useState<{ quantities?: boolean; pause?: boolean }>({});
  const { ref: quantitiesRef, refuse: refuseQuantities } = useFocusRefused<HTMLFormElement>();
  const { ref: pauseRef, refuse: refusePause } = useFocusRefused<HTMLFormElement>();
  const busy = update.isPending || skip.isPending || cancel.isPending;
  const every = t(`every.${order.everyWeeks}`, { weekday: format.weekday(order.weekday) });
  const dates = comingDates(order);
  const chosenSkip = dates.includes(skipDate) ? skipDate : (dates[0] ?? '');
  const headingId = `standing-${order.id}-title`;
  // Each action clears the last error; a refusal shows the server's (translated) reason in the card.
  const handlers = (done: string, after?: () => void) => ({
    onSuccess: () => { setError(''); after?.(); toast.success(done); },
    onError: (e: Error) => setError(e.message),
  });
  const badQuantity = Object.values(quantities).some((q) => !(Number(q) > 0));

  return (
    <Card aria-labelledby={headingId} data-testid="standing-order-card">
      <CardContent className="flex flex-col gap-3 p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id={headingId} className="font-medium">{order.householdName}</h3>
          <Badge variant={order.status === 'active' ? 'default' : 'secondary'}>{t(`status.${order.status}`)}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">{every} · {order.deliveryType === 'delivery'
          ? t('deliveryTo', { area: order.deliveryArea ?? '', address: order.deliveryAddress ?? '' })
          : t('logistics:pickup')}</p>
        <p className="text-sm font-medium" role="status">
          {order.status === 'paused'
            ? (order.pausedUntil ? t('pausedUntil', { date: format.date(order.pausedUntil) }) : t('paused'))
            : order.nextDate ? t('next', { date: format.date(order.nextDate) }) : t('noNext')}
        </p>
        {order.status === 'paused' && order.pausedUntil && order.nextDate && (
          <p className="text-sm">{t('next', { date: format.date(order.nextDate) })}</p>
        )}
        {order.skipDates.length > 0 && (
          <p className="text-sm text-muted-foreground">{t('skippedDates', { dates: order.skipDates.map((d) => format.date(d)).join(', ') })}</p>
        )}

        <form ref={quantitiesRef} noValidate className="flex flex-col gap-2" onSubmit={(e) => {
          e.preventDefault();
          if (badQuantity) {
            setRefused((r) => ({ ...r, quantities: true }));
            refuseQuantities();
            return;
          }
          const items = order.items.map((i) => ({ productId: i.productId, quantity: Number(quantities[i.productId] ?? i.quantity) }));
          update.mutate({ id: order.id, body: { items } }, handlers(t('saved'), () => setQuantities({})));
        }}>
          <ul className="flex flex-col gap-2">
            {order.items.map((item) => {
              const id = `standing-${order.id}-${item.productId}`;
              const wrong = refused.quantities && !(Number(quantities[item.productId] ?? item.quantity) > 0);
              return (
                <li key={item.productId} className="flex flex-wrap items-center gap-2">
                  <Label htmlFor={id} className="min-w-32">{t('quantityOf', { name: item.name })}</Label>
                  <Input id={id} type="number" inputMode="decimal" min="0" step="any" className="w-24" value={quantities[item.productId] ?? String(item.quantity)}
                    aria-invalid={wrong || undefined} aria-describedby={wrong ? `standing-${order.id}-quantity-error` : undefined}
                    onChange={(e) => { setQuantities((q) => ({ ...q, [item.productId]: e.target.value })); setRefused((r) => ({ ...r, quantities: false })); }} />
                </li>
              );
            })}
          </ul>
          {refused.quantities && badQuantity && <p id={`standing-${order.id}-quantity-error`} role="alert" className="text-sm text-destructive">{t('create.issues.quantity')}</p>}
          <Button type="submit" variant="outline" size="sm" className="w-fit" disabled={busy || Object.keys(quantities).length === 0}>{t('saveQuantities')}</Button>
        </form>

        <div className="flex flex-col gap-3 border-t pt-3 sm:flex-row sm:flex-wrap sm:items-end">
          {order.status === 'active' && dates.length > 0 && (
            <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => {
              e.preventDefault();
              skip.mutate({ id: order.id, date: chosenSkip }, handlers(t('skipped', { date: format.date(chosenSkip) }), () => setSkipDate('')));
            }}>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`skip-${order.id}`}>{t('skipLabel')}</Label>
                <select id={`skip-${order.id}`} className="h-9 rounded-md border border-input bg-background px-2 text-sm" value={chosenSkip} onChange={(e) => setSkipDate(e.target.value)}>
                  {dates.map((d) => <option key={d} value={d}>{format.day(d)}</option>)}
                </select>
              </div>
              <Button type="submit" variant="outline" size="sm" disabled={busy}>{t('skip')}</Button>
            </form>
          )}
          {order.status === 'paused' ? (
            <Button variant="outline" size="sm" className="w-fit" disabled={busy} onClick={() => update.mutate({ id: order.id, body: { status: 'active' } }, handlers(t('resumed')))}>
              {t('resume')}
            </Button>
          ) : (
            <form ref={pauseRef} noValidate className="flex flex-wrap items-end gap-2" onSubmit={(e) => {
              e.preventDefault();
              if (!pauseUntil || !pauseEndAllowed(pauseUntil, belgradeToday())) {
                setRefused((r) => ({ ...r, pause: true }));
                refusePause();
                return;
              }
              update.mutate({ id: order.id, body: { pausedUntil: pauseUntil } }, handlers(t('pausedToast', { date: format.date(pauseUntil) }), () => setPauseUntil('')));
            }}>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`pause-${order.id}`}>{t('pauseUntilLabel')}</Label>
                <Input id={`pause-${order.id}`} type="date" className="w-44" min={belgradeToday()} value={pauseUntil}
                  aria-invalid={refused.pause || undefined} aria-describedby={refused.pause ? `pause-${order.id}-error` : undefined}
                  onChange={(e) => { setPauseUntil(e.target.value); setRefused((r) => ({ ...r, pause: false })); }} />
                {refused.pause && <p id={`pause-${order.id}-error`} role="alert" className="max-w-44 text-sm text-destructive">{t('pauseInvalid')}</p>}
              </div>
              <Button type="submit" variant="outline" size="sm" disabled={busy}>{t('pause')}</Button>
            </form>
          )}
          <ConfirmDialog
            trigger={<Button variant="outline" size="sm" className="w-fit text-destructive" disabled={busy}>{t('cancel')}</Button>}
            title={t('cancelTitle')} text={t('cancelText', { name: order.householdName })}
            keepLabel={t('keep')} confirmLabel={t('cancelConfirm')}
            onConfirm={() => cancel.mutate(order.id, handlers(t('cancelledToast')))}
          />
        </div>
        {error && <p role="alert" className="text-sm text-destructive">{error}</p>}
      </CardContent>
    </Card>
  );
}
