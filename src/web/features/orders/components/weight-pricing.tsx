import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Order, OrderLine, ProducerOrder } from '#shared/contracts/orders.ts';
import { parseDecimalInput, formatDecimalInput } from '#shared/decimal-input.ts';
import { estimatedGrams, isValidLineWeight } from '#shared/weight-price.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { useFocusRefused } from '#web/lib/form.ts';
import { useTranslation } from '#web/lib/translate.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { useAcceptOrder } from '../api/accept-order.ts';
import { useSetOrderWeights } from '../api/set-order-weights.ts';
import { CancelOrderButton } from './cancel-order-button.tsx';
import { showError } from '#web/lib/show-error.ts';

/** Sold by weight on an order (docs/weight-pricing.md): the lines' notes, the producer's weighing, the buyer's consent. */

/** A line's amount: "≈ 1.680,00 RSD, процена" while it is an estimate, else the plain total. */
export function LineAmount({ item }: { item: OrderLine }) {
  const format = useFormat();
  return <>{format.amount(item.lineTotal, item.estimate)}</>;
}

/** Under a line sold by weight: the pieces and their estimated kg, or the weighed kg, at the price per kg. */
export function WeightLineNote({ item }: { item: OrderLine }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  if (item.pricing !== 'weight') return null;
  const perKg = format.productPrice({ price: item.unitPrice, unit: item.unit, pricing: 'weight' }, { exact: true });
  const what = item.weight !== null
    ? t('weight.weighed', { weight: format.quantityValue(item.weight) })
    : t('weight.pieces', { quantity: format.quantity(item.quantity, item.unit), weight: format.quantityValue(estimatedGrams(item.quantity, item.pieceWeight ?? 0) / 1000) });
  return <span className="block text-xs text-muted-foreground tabular-nums" data-testid="weight-line-note">{what} · {perKg}</span>;
}

/** The order's total, marked as an estimate while it is one; after weighing, the estimate it replaced. */
export function OrderTotal({ order, label }: { order: Order; label: string }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  return (
    <div className="flex flex-col gap-0.5 border-t pt-2">
      <p className="flex justify-between font-semibold">
        <span>{label}</span><span className="tabular-nums" data-testid="order-total">{format.amount(order.total, order.estimate)}</span>
      </p>
      {order.estimate ? (
        <p className="text-xs text-muted-foreground">{t('weight.estimateNote')}</p>
      ) : order.estimateTotal !== null && order.estimateTotal !== order.total ? (
        <p className="text-xs text-muted-foreground">{t('weight.estimateWas', { amount: format.total(order.estimateTotal) })}</p>
      ) : null}
      {order.estimate && order.payment.method === 'ips_qr' && order.status !== 'cancelled' ? (
        <p className="text-xs text-muted-foreground" data-testid="ips-after-weighing">{t('weight.ipsAfterWeighing')}</p>
      ) : null}
    </div>
  );
}

const WEIGHABLE = new Set(['pending', 'confirmed', 'awaiting_buyer']);

/** Whether the order has lines sold by weight that can still be weighed (or corrected). */
export const isWeighable = (order: Order): boolean => WEIGHABLE.has(order.status) && order.items.some((item) => item.pricing === 'weight');

/**
 * The producer's weighing: one field per line sold by weight, labelled by the product's name,
 * a decimal keyboard on a phone, the language's decimal separator (src/shared/decimal-input.ts).
 */
export function WeighForm({ order }: { order: ProducerOrder }) {
  const { t, i18n } = useTranslation(['orders', 'errors']);
  const format = useFormat();
  const save = useSetOrderWeights();
  const lines = order.items.filter((item) => item.pricing === 'weight');
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(lines.map((item) => [item.productId, item.weight === null ? '' : formatDecimalInput(item.weight, i18n.language)])));
  const [invalid, setInvalid] = useState<Record<string, boolean>>({});
  /** A refused weighing focuses the first refused line, its message beside it (src/web/lib/form.ts). */
  const { ref: formRef, refuse } = useFocusRefused<HTMLFormElement>();
  if (!isWeighable(order)) return null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = lines.map((item) => ({ item, text: (values[item.productId] ?? '').trim() })).filter(({ text }) => text !== '')
      .map(({ item, text }) => ({ productId: item.productId, weight: parseDecimalInput(text, i18n.language) }));
    // Nothing typed: every line is asked for.
    const wrong = parsed.length === 0
      ? Object.fromEntries(lines.map((l) => [l.productId, true]))
      : Object.fromEntries(parsed.filter((l) => l.weight === null || !isValidLineWeight(l.weight)).map((l) => [l.productId, true]));
    setInvalid(wrong);
    if (Object.keys(wrong).length > 0) {
      refuse();
      return;
    }
    save.mutate({ id: order.id, lines: parsed.map((l) => ({ productId: l.productId, weight: l.weight! })) }, {
      onSuccess: (updated) => toast.success(t('weight.saved'), updated.estimate ? undefined : { description: t('weight.savedFinal', { total: format.total(updated.total) }) }),
      onError: (error) => showError(error, error.message),
    });
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-3 rounded-md border border-dashed p-3" aria-label={t('weight.title')} data-testid="weigh-form">
      <div>
        <p className="font-medium">{t('weight.title')}</p>
        <p className="text-xs text-muted-foreground">{t('weight.hint')}</p>
      </div>
      {lines.map((item) => {
        const id = `weight-${order.id}-${item.productId}`;
        return (
          <div key={item.productId} className="flex flex-col gap-1">
            <Label htmlFor={id}>{t('weight.field', { name: item.name })}</Label>
            <Input id={id} inputMode="decimal" autoComplete="off" enterKeyHint="done" className="h-11 text-base tabular-nums"
              value={values[item.productId] ?? ''} aria-invalid={invalid[item.productId] || undefined}
              aria-describedby={`${id}-hint`}
              onChange={(e) => setValues((v) => ({ ...v, [item.productId]: e.target.value }))} />
            <p id={`${id}-hint`} role={invalid[item.productId] ? 'alert' : undefined} className={invalid[item.productId] ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
              {invalid[item.productId] ? t('weight.invalid') : t('weight.pieces', {
                quantity: format.quantity(item.quantity, item.unit), weight: format.quantityValue(estimatedGrams(item.quantity, item.pieceWeight ?? 0) / 1000),
              })}
            </p>
          </div>
        );
      })}
      <Button type="submit" className="h-11 w-full sm:w-fit" disabled={save.isPending}>{t('weight.save')}</Button>
      {order.status === 'awaiting_buyer' && <p className="text-sm text-amber-800 dark:text-amber-300" role="status">{t('weight.waitingBuyer')}</p>}
    </form>
  );
}

/** The buyer's choice when a weighed total is more than 15 % above the estimate: accept it or cancel (the stock goes back). */
export function ConsentPanel({ order }: { order: Order }) {
  const { t } = useTranslation(['orders', 'errors']);
  const format = useFormat();
  const accept = useAcceptOrder();
  if (order.status !== 'awaiting_buyer') return null;
  const onAccept = () => accept.mutate(order.id, {
    onSuccess: () => toast.success(t('weight.accepted')),
    onError: (error) => showError(error, error.message),
  });
  return (
    <section aria-labelledby={`consent-${order.id}`} className="flex flex-col gap-2 rounded-md border border-amber-500 bg-amber-50 p-3 dark:bg-amber-950/30" data-testid="consent-panel">
      <h3 id={`consent-${order.id}`} className="font-semibold">{t('weight.consentTitle')}</h3>
      <p className="text-sm">{t('weight.consentText', { total: format.total(order.total), estimate: format.total(order.estimateTotal ?? order.total) })}</p>
      <div className="flex flex-wrap gap-2">
        <Button className="h-11" onClick={onAccept} disabled={accept.isPending}>{t('weight.accept')}</Button>
        <CancelOrderButton orderId={order.id} label={t('weight.decline')} className="h-11" disabled={accept.isPending} />
      </div>
    </section>
  );
}
