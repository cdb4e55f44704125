import { CircleCheck } from 'lucide-react';
import { toast } from 'sonner';
import { useTranslation } from '#web/lib/translate.tsx';
import type { Order } from '#shared/contracts/orders.ts';
import { formatAccount, model97Reference } from '#shared/ips.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Link } from '#web/lib/router.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { useReportPayment } from '../api/report-payment.ts';
import { useOrderWhen } from '../hooks/use-order-when.ts';
import { showError } from '#web/lib/show-error.ts';

/** Where and when, the delivery fee and the payment state of an order. */
export function OrderLogistics({ order }: { order: Order }) {
  const { t } = useTranslation(['logistics', 'drops']);
  const format = useFormat();
  const when = useOrderWhen(order);
  const drop = order.drop ?? null;
  // Said once: where (a point or an address) then when; a pickup with neither place says "Pickup" beside its day.
  const hasPlace = order.pickupPoint !== null || order.deliveryType === 'delivery';
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="order-logistics">
      {drop ? (
        // A drop (docs/drops.md): its place, day and hours say where and when.
        <>
          <dt className="text-muted-foreground">{t('drops:order.drop')}</dt>
          <dd data-testid="order-drop">
            <Link to={`/drop/${drop.id}`} className="font-medium underline-offset-2 hover:underline">{drop.title}</Link>
            <br />{t('drops:order.at', { place: drop.place.name, address: drop.place.address, town: drop.place.town })}
            <br />{t('drops:order.when', { date: format.day(drop.date), opens: drop.opens, closes: drop.closes })}
          </dd>
        </>
      ) : (
        <>
          {order.pickupPoint && (
            <>
              <dt className="text-muted-foreground">{t('order.pickupAt')}</dt>
              <dd><span className="font-medium">{order.pickupPoint.name}</span>, {order.pickupPoint.address}</dd>
            </>
          )}
          {order.deliveryType === 'delivery' && (
            <>
              <dt className="text-muted-foreground">{t('order.deliveryTo')}</dt>
              <dd>{[order.deliveryAddress, order.deliveryArea].filter(Boolean).join(', ')}</dd>
            </>
          )}
          <dt className="text-muted-foreground">{hasPlace ? t('order.slot') : t(order.deliveryType)}</dt>
          <dd data-testid="order-when">{when}</dd>
        </>
      )}
      {order.deliveryFee > 0 && (
        <>
          <dt className="text-muted-foreground">{t('order.deliveryFee')}</dt>
          <dd className="tabular-nums">{format.total(order.deliveryFee)}</dd>
        </>
      )}
      <dt className="text-muted-foreground">{t('order.payment')}</dt>
      <dd className="flex flex-wrap items-center gap-2">
        {t(`order.${order.payment.method}`)}
        <Badge variant={order.payment.status === 'paid' ? 'default' : 'outline'} data-testid="payment-status">
          {t(`order.${order.payment.status}`)}
        </Badge>
      </dd>
    </dl>
  );
}

/** An order's day and time (a window where no time was chosen), for tables. */
export function OrderWhen({ order }: { order: Order }) {
  return <>{useOrderWhen(order)}</>;
}

/**
 * The buyer's "I have paid" of an IPS payment (the order's or its deposit's), then "Payment
 * reported" until the producer confirms: once the server says so (`reported`), or once this
 * page has sent it.
 */
function ReportPaid({ order, label, reported = false }: { order: Order; label: string; reported?: boolean }) {
  const { t } = useTranslation(['logistics', 'errors']);
  const report = useReportPayment();
  if (reported || report.isSuccess) {
    return (
      <p role="status" className="mt-1 flex items-start gap-1.5 font-medium text-emerald-800">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{t('order.reportedTitle')}. <span className="font-normal text-muted-foreground">{t('order.reportedHint', { household: order.householdName })}</span></span>
      </p>
    );
  }
  return (
    <Button className="mt-1 self-start" disabled={report.isPending} aria-label={label}
      onClick={() => report.mutate(order.id, {
        onSuccess: () => toast.success(t('order.reportedTitle')),
        onError: (error) => showError(error, error.message),
      })}>
      {t('order.paymentSent')}
    </Button>
  );
}

/**
 * The NBS IPS QR of an unpaid ips_qr order, with account, amount and reference as text, and
 * the buyer's "I have paid" (then "Payment reported" until the producer confirms).
 */
export function IpsPayment({ order }: { order: Order }) {
  const { t } = useTranslation(['logistics', 'errors']);
  const format = useFormat();
  const ips = order.payment.ips;
  if (!ips || order.payment.status === 'paid') return null;
  const fields = Object.fromEntries(ips.payload.split('|').map((f) => [f.slice(0, f.indexOf(':')), f.slice(f.indexOf(':') + 1)]));
  return (
    // Named with the order's number: several unpaid orders on one page are distinct regions.
    <section aria-label={`${t('order.ipsTitle')}, #${order.number}`} className="flex flex-col items-center gap-2 rounded-md border p-3 sm:flex-row sm:items-start">
      <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(ips.qrSvg)}`} alt={t('order.qrAlt', { number: order.number })}
        width={180} height={180} className="size-44 shrink-0 bg-white" />
      <div className="flex flex-col gap-1 text-sm">
        <p className="font-medium">{t('order.ipsTitle')}</p>
        <p className="text-muted-foreground">{t('order.ipsHint')}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
          <dt className="text-muted-foreground">{t('order.payee')}</dt><dd>{fields.N}</dd>
          <dt className="text-muted-foreground">{t('order.account')}</dt><dd className="tabular-nums" data-testid="ips-account">{formatAccount(fields.R ?? '')}</dd>
          <dt className="text-muted-foreground">{t('order.amount')}</dt><dd className="tabular-nums">{format.total(Number((fields.I ?? '').replace(/^RSD/, '').replace(',', '.')))}</dd>
          <dt className="text-muted-foreground">{t('order.reference')}</dt><dd className="tabular-nums" data-testid="ips-reference">{model97Reference(String(order.number))}</dd>
        </dl>
        <ReportPaid order={order} reported={order.payment.status === 'reported'} label={t('order.paymentSentFor', { number: order.number })} />
      </div>
    </section>
  );
}

/**
 * A pre-order's deposit (docs/product.md, "Pre-orders and the waitlist"): while it is due, its
 * amount and its NBS IPS QR (reference: the order's with `-1`), and the buyer's "I have paid"
 * (the producer then confirms it); afterwards its state.
 */
export function DepositPayment({ order }: { order: Order }) {
  const { t } = useTranslation(['logistics', 'errors']);
  const format = useFormat();
  const deposit = order.deposit;
  if (!deposit) return null;
  const line = t('order.deposit', { percent: deposit.percent, amount: format.total(deposit.amount) });
  if (deposit.status !== 'due' || order.status === 'cancelled' || !deposit.ips) {
    return <p className="text-sm" data-testid="deposit">{line} · {t(`order.depositStatus.${deposit.status}`)}</p>;
  }
  return (
    <section aria-label={`${t('order.depositTitle')}, #${order.number}`} className="flex flex-col items-center gap-2 rounded-md border p-3 sm:flex-row sm:items-start">
      <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(deposit.ips.qrSvg)}`} alt={t('order.depositQrAlt', { number: order.number })}
        width={180} height={180} className="size-44 shrink-0 bg-white" />
      <div className="flex flex-col gap-1 text-sm">
        <p className="font-medium" data-testid="deposit">{line}</p>
        <p className="text-muted-foreground">{t('order.depositHint')}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
          <dt className="text-muted-foreground">{t('order.amount')}</dt><dd className="tabular-nums">{format.total(deposit.amount)}</dd>
          <dt className="text-muted-foreground">{t('order.reference')}</dt><dd className="whitespace-nowrap tabular-nums" data-testid="deposit-reference">{deposit.ips.reference}</dd>
        </dl>
        <ReportPaid order={order} label={t('order.depositSentFor', { number: order.number })} />
      </div>
    </section>
  );
}
