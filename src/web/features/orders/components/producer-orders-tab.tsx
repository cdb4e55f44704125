import { useState, type ReactNode } from 'react';
import { Printer } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { toast } from 'sonner';
import { ORDER_ID_SHOWN_CHARS, ORDER_STATUSES, SKELETONS, type OrderStatus } from '#shared/constants.ts';
import type { ProducerOrder } from '#shared/contracts/orders.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { DataTable } from '#web/components/ui/table.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { useIsDesktop } from '#web/lib/use-media-query.ts';
import { useProducerOrders } from '../api/get-producer-orders.ts';
import { useUpdateOrderStatus, useUpdatePaymentStatus } from '../api/update-order-status.ts';
import { OrderLogistics, OrderWhen } from './order-logistics.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { isWeighable, LineAmount, OrderTotal, WeighForm, WeightLineNote } from './weight-pricing.tsx';
import '../print.css';
import { showError } from '#web/lib/show-error.ts';

const ALL = 'all';

/**
 * docs/product.md, producer dashboard, Orders tab: incoming orders, status changes, print list.
 * Cards on a phone, a table on a desktop screen. `renderExtra` adds what other features show
 * with an order (the conversation, from the page).
 */
export function ProducerOrdersTab({ renderExtra }: { renderExtra?: (order: ProducerOrder) => ReactNode } = {}) {
  const { t } = useTranslation(['orders', 'common', 'logistics']);
  const format = useFormat();
  const desktop = useIsDesktop();
  const [filter, setFilter] = useState<OrderStatus | typeof ALL>(ALL);
  const query = useProducerOrders(filter === ALL ? undefined : filter);
  const orders = query.data?.pages.flatMap((page) => page.items) ?? [];

  const onPrint = () => {
    try {
      window.print();
    } catch {
      toast.error(t('producer.printError'), { description: t('producer.printErrorText') });
    }
  };

  return (
    <section aria-labelledby="producer-orders-title" className="flex flex-col gap-3">
      <h2 id="producer-orders-title" className="sr-only">{t('producer.title')}</h2>
      <div className="flex flex-wrap items-end justify-between gap-2" data-print-hide>
        <div className="flex min-w-48 flex-col gap-1.5">
          <Label htmlFor="producer-orders-filter">{t('producer.filter')}</Label>
          <Select value={filter} onValueChange={(value) => setFilter(value as OrderStatus | typeof ALL)}>
            <SelectTrigger id="producer-orders-filter" aria-label={t('producer.filter')} className="w-48">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t('producer.all')}</SelectItem>
              {ORDER_STATUSES.map((status) => (
                <SelectItem key={status} value={status}>{t(`common:orderStatus.${status}`)}</SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button variant="outline" onClick={onPrint} disabled={orders.length === 0}>
          <Printer aria-hidden="true" /> {t('producer.print')}
        </Button>
      </div>

      {query.isPending ? (
        <div aria-busy="true" aria-label={t('common:loading')} className="flex flex-col gap-3" data-print-hide>
          {Array.from({ length: SKELETONS.orderRows }, (_, i) => <Skeleton key={i} className="h-40 w-full" />)}
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center" data-print-hide>
          <p>{t('loadFailed')}</p>
          <p className="text-sm text-muted-foreground">{query.error.message}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>{t('retry')}</Button>
        </div>
      ) : orders.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{filter === ALL ? t('producer.empty') : t('producer.emptyFiltered')}</p>
      ) : (
        <>
          {desktop ? (
            <ProducerOrdersTable orders={orders} renderExtra={renderExtra} />
          ) : (
            <ul className="flex flex-col gap-3" aria-label={t('producer.title')} data-print-hide>
              {orders.map((order) => <li key={order.id}><ProducerOrderCard order={order} extra={renderExtra?.(order)} /></li>)}
            </ul>
          )}
          {query.hasNextPage && (
            <Button variant="outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {t('loadMore')}
            </Button>
          )}
          <table className="orders-print-table">
            <caption>{t('producer.printTitle')} — {format.date(new Date())}</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('producer.date')}</th>
                <th scope="col">{t('producer.customer')}</th>
                <th scope="col">{t('producer.phone')}</th>
                <th scope="col">{t('producer.items')}</th>
                <th scope="col">{t('producer.notes')}</th>
                <th scope="col">{t('producer.total')}</th>
                <th scope="col">{t('producer.status')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td>#{order.number}<br />{order.id.slice(0, ORDER_ID_SHOWN_CHARS)}</td>
                  <td>
                    {format.dateTime(order.createdAt)}
                    <br />
                    {t(order.deliveryType === 'delivery' ? 'producer.delivery' : 'producer.pickup')}: <OrderWhen order={order} />
                    {order.pickupPoint ? <><br />{order.pickupPoint.name}, {order.pickupPoint.address}</> : null}
                    {order.deliveryAddress ? <><br />{[order.deliveryAddress, order.deliveryArea].filter(Boolean).join(', ')}</> : null}
                    {order.deliveryFee > 0 ? <><br />{t('logistics:order.deliveryFee')}: {format.total(order.deliveryFee)}</> : null}
                  </td>
                  <td>{order.customerName}</td>
                  <td>{order.contactPhone}</td>
                  <td>{order.items.map((item) => `${item.name} × ${format.quantityValue(item.quantity)}`).join(', ')}</td>
                  <td>{order.notes ?? ''}</td>
                  <td>{format.amount(order.total, order.estimate)}<br />{t(`logistics:order.${order.payment.method}`)} · {t(`logistics:order.${order.payment.status}`)}</td>
                  <td>{t(`common:orderStatus.${order.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <PackingList orders={orders} />
        </>
      )}
    </section>
  );
}

/** The printed packing list: each product's quantity summed over the listed orders, by pickup/delivery day. */
function PackingList({ orders }: { orders: ProducerOrder[] }) {
  const { t } = useTranslation(['logistics', 'common']);
  const format = useFormat();
  const days = new Map<string, Map<string, { name: string; unit: string; milli: number }>>();
  for (const order of orders) {
    if (order.status === 'cancelled') continue;
    const day = days.get(order.pickupDate) ?? new Map<string, { name: string; unit: string; milli: number }>();
    for (const item of order.items) {
      const key = `${item.productId}|${item.unit}`;
      const row = day.get(key) ?? { name: item.name, unit: item.unit, milli: 0 };
      row.milli += Math.round(item.quantity * 1000);
      day.set(key, row);
    }
    days.set(order.pickupDate, day);
  }
  return (
    <>
      {[...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, rows]) => (
        <table key={day} className="orders-print-table" data-testid="packing-list">
          <caption>{t('print.packingList')} — {format.day(day)}</caption>
          <thead><tr><th scope="col">{t('print.product')}</th><th scope="col">{t('print.quantity')}</th></tr></thead>
          <tbody>
            {[...rows.values()].sort((a, b) => a.name.localeCompare(b.name)).map((row) => (
              <tr key={`${row.name}|${row.unit}`}><td>{row.name}</td><td>{format.quantity(row.milli / 1000, row.unit)}</td></tr>
            ))}
          </tbody>
        </table>
      ))}
    </>
  );
}

/** Status changes and the paid mark of one order, with their toasts. */
function useOrderActions(order: ProducerOrder) {
  const { t } = useTranslation(['orders', 'common', 'errors', 'logistics']);
  const update = useUpdateOrderStatus();
  const payment = useUpdatePaymentStatus();
  const shortId = order.id.slice(0, ORDER_ID_SHOWN_CHARS);
  const onPayment = () => {
    const paymentStatus = order.payment.status === 'paid' ? 'unpaid' : 'paid';
    payment.mutate({ id: order.id, paymentStatus }, {
      onSuccess: () => toast.success(t(paymentStatus === 'paid' ? 'logistics:order.markedPaid' : 'logistics:order.markedUnpaid')),
      onError: (error) => showError(error, error.message),
    });
  };
  const onStatus = (value: string) => {
    const status = value as Exclude<OrderStatus, 'awaiting_buyer' | 'awaiting_deposit'>;
    if (status === order.status) return;
    update.mutate({ id: order.id, status }, {
      onSuccess: (updated) => toast.success(t('producer.statusUpdated'), {
        description: t('producer.statusUpdatedText', { id: shortId, status: t(`common:orderStatus.${updated.status}`) }),
      }),
      onError: (error) => showError(error, error.message),
    });
  };
  return { shortId, onPayment, onStatus, paymentPending: payment.isPending, statusPending: update.isPending };
}

function StatusSelect({ order, id, className }: { order: ProducerOrder; id: string; className: string }) {
  const { t } = useTranslation(['orders', 'common']);
  const actions = useOrderActions(order);
  return (
    <Select value={order.status} onValueChange={actions.onStatus} disabled={actions.statusPending || order.status === 'cancelled'}>
      <SelectTrigger id={id} aria-label={t('producer.statusFor', { id: actions.shortId })} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {ORDER_STATUSES.map((status) => (
          <SelectItem key={status} value={status} disabled={(status === 'cancelled' && order.status === 'completed')
            // Weighing sets awaiting_buyer; while the buyer decides, only a cancel goes past it.
            || status === 'awaiting_buyer' || (order.status === 'awaiting_buyer' && status !== 'cancelled')}>
            {t(`common:orderStatus.${status}`)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/**
 * Mark paid / not paid; `named` (the table, where many sit in one column) adds the order to its
 * label, after the visible words (WCAG 2.5.3, label in name).
 */
function PaidButton({ order, className, named = false }: { order: ProducerOrder; className?: string; named?: boolean }) {
  const { t } = useTranslation(['logistics', 'orders']);
  const actions = useOrderActions(order);
  if (order.status === 'cancelled') return null;
  const paid = order.payment.status === 'paid';
  return (
    // A payment the buyer reported waits for this confirmation: the button stands out.
    <Button variant={order.payment.status === 'reported' ? 'default' : 'outline'} size={named ? 'sm' : 'default'} className={className} disabled={actions.paymentPending} onClick={actions.onPayment}
      aria-label={named ? t(paid ? 'orders:producer.markUnpaidFor' : 'orders:producer.markPaidFor', { number: order.number }) : undefined}>
      {t(paid ? 'order.markUnpaid' : 'order.markPaid')}
    </Button>
  );
}

/**
 * The desktop table: one row group per order (its data row, then a full-width row with what
 * `renderExtra` adds), the order number the row header, the status select and paid mark in
 * the last cell.
 */
function ProducerOrdersTable({ orders, renderExtra }: { orders: ProducerOrder[]; renderExtra?: (order: ProducerOrder) => ReactNode }) {
  const { t } = useTranslation(['orders', 'common', 'logistics']);
  const format = useFormat();
  const columns = 6;
  return (
    <DataTable
      printHide
      aria-label={t('producer.title')}
      data-testid="producer-orders-table"
      columns={[
        { label: t('producer.columns.order') },
        { label: t('producer.customer') },
        { label: t('producer.columns.when') },
        { label: t('producer.items') },
        { label: t('producer.columns.payment'), align: 'right' },
        { label: t('producer.status') },
      ]}
    >
        {orders.map((order) => {
          const extra = renderExtra?.(order);
          return (
            <tbody key={order.id} className="border-t" data-testid="producer-order" data-order-id={order.id}>
              <tr className="align-top">
                <th scope="row" className="px-3 py-3 text-left font-normal">
                  <span className="block font-semibold whitespace-nowrap">{t('logistics:order.number', { number: order.number })}</span>
                  <span className="block text-xs text-muted-foreground">{order.id.slice(0, ORDER_ID_SHOWN_CHARS)}</span>
                  <time className="block text-xs text-muted-foreground" dateTime={order.createdAt}>{format.dateTime(order.createdAt)}</time>
                </th>
                <td className="px-3 py-3">
                  <span className="block font-medium">{order.customerName}</span>
                  <a href={`tel:${order.contactPhone}`} className="block whitespace-nowrap text-muted-foreground hover:underline">{order.contactPhone}</a>
                  {order.notes ? <p className="mt-1 line-clamp-3 whitespace-pre-line text-muted-foreground" title={order.notes}>
                    <span className="sr-only">{t('producer.notes')}: </span>{order.notes}
                  </p> : null}
                </td>
                <td className="px-3 py-3">
                  <span className="block font-medium">{t(order.deliveryType === 'delivery' ? 'producer.delivery' : 'producer.pickup')}</span>
                  <span className="block whitespace-nowrap"><OrderWhen order={order} /></span>
                  {order.pickupPoint ? <span className="block text-muted-foreground">{order.pickupPoint.name}, {order.pickupPoint.address}</span> : null}
                  {order.deliveryType === 'delivery' ? <span className="block text-muted-foreground">{[order.deliveryAddress, order.deliveryArea].filter(Boolean).join(', ')}</span> : null}
                  {order.deliveryFee > 0 ? <span className="block text-muted-foreground">{t('logistics:order.deliveryFee')}: {format.total(order.deliveryFee)}</span> : null}
                </td>
                <td className="px-3 py-3">
                  <ul className="flex flex-col gap-0.5" aria-label={t('producer.items')}>
                    {order.items.map((item) => <li key={item.productId}>{item.name} × {format.quantityValue(item.quantity)}<WeightLineNote item={item} /></li>)}
                  </ul>
                </td>
                <td className="px-3 py-3 text-right">
                  <span className="block font-semibold whitespace-nowrap tabular-nums">{format.amount(order.total, order.estimate)}</span>
                  <span className="block text-muted-foreground">{t(`logistics:order.${order.payment.method}`)}</span>
                  <Badge variant={order.payment.status === 'paid' ? 'default' : 'outline'} className="mt-1" data-testid="payment-status">
                    {t(`logistics:order.${order.payment.status}`)}
                  </Badge>
                </td>
                <td className="px-3 py-3">
                  <div className="flex flex-col items-start gap-2">
                    <StatusSelect order={order} id={`order-status-${order.id}`} className="w-48" />
                    <PaidButton order={order} named />
                  </div>
                </td>
              </tr>
              {isWeighable(order) ? <tr><td colSpan={columns} className="px-3 pb-3"><div className="max-w-md"><WeighForm order={order} /></div></td></tr> : null}
              {extra ? <tr><td colSpan={columns} className="px-3 pb-3">{extra}</td></tr> : null}
            </tbody>
          );
        })}
    </DataTable>
  );
}

function ProducerOrderCard({ order, extra }: { order: ProducerOrder; extra?: ReactNode }) {
  const { t } = useTranslation(['orders', 'common', 'errors', 'logistics']);
  const format = useFormat();
  const shortId = order.id.slice(0, ORDER_ID_SHOWN_CHARS);
  const selectId = `order-status-${order.id}`;

  return (
    <Card data-testid="producer-order" data-order-id={order.id}>
      <CardContent className="flex flex-col gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex flex-col">
            <h3 className="font-semibold">{t('logistics:order.number', { number: order.number })} <span className="text-sm font-normal text-muted-foreground">· {shortId}</span></h3>
            <p className="text-sm text-muted-foreground">
              <time dateTime={order.createdAt}>{format.dateTime(order.createdAt)}</time>
            </p>
          </div>
          <OrderStatusBadge status={order.status} />
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t('producer.customer')}</dt>
          <dd className="font-medium">{order.customerName}</dd>
          <dt className="text-muted-foreground">{t('producer.phone')}</dt>
          <dd><a href={`tel:${order.contactPhone}`} className="hover:underline">{order.contactPhone}</a></dd>
          {order.notes && (
            <>
              <dt className="text-muted-foreground">{t('producer.notes')}</dt>
              <dd className="whitespace-pre-line">{order.notes}</dd>
            </>
          )}
        </dl>
        <OrderLogistics order={order} />
        <ul className="flex flex-col gap-1 text-sm" aria-label={t('producer.items')}>
          {order.items.map((item) => (
            <li key={item.productId} className="flex justify-between gap-2">
              <span>{item.name} × {format.quantityValue(item.quantity)}<WeightLineNote item={item} /></span>
              <span className="tabular-nums"><LineAmount item={item} /></span>
            </li>
          ))}
        </ul>
        <OrderTotal order={order} label={t('producer.total')} />
        <WeighForm order={order} />
        <PaidButton order={order} className="w-fit" />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={selectId}>{t('producer.status')}</Label>
          <StatusSelect order={order} id={selectId} className="w-full sm:w-56" />
        </div>
        {extra}
      </CardContent>
    </Card>
  );
}
