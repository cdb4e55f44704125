import type { ReactNode } from 'react';
import { Package } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link } from '#web/lib/router.tsx';
import { ORDER_ID_SHOWN_CHARS, SKELETONS } from '#shared/constants.ts';
import type { Order } from '#shared/contracts/orders.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { useOrders } from '../api/get-orders.ts';
import { DepositPayment, IpsPayment, OrderLogistics } from './order-logistics.tsx';
import { ConsentPanel, LineAmount, OrderTotal, WeightLineNote } from './weight-pricing.tsx';
import { CancelOrderButton } from './cancel-order-button.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';

/**
 * docs/product.md, Orders: the buyer's orders with status, lines, total and history.
 * `renderExtra` adds what other features show on a card (the conversation, from the page).
 */
export function OrdersList({ renderExtra }: { renderExtra?: (order: Order) => ReactNode } = {}) {
  const { t } = useTranslation(['orders', 'common']);
  const query = useOrders();

  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label={t('common:loading')} className="flex flex-col gap-3">
        {Array.from({ length: SKELETONS.orderRows }, (_, i) => (
          <Skeleton key={i} data-testid="order-skeleton" className="h-32 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
        <p>{t('loadFailed')}</p>
        <p className="text-sm text-muted-foreground">{query.error.message}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>{t('retry')}</Button>
      </div>
    );
  }
  const orders = query.data.pages.flatMap((page) => page.items);
  if (orders.length === 0) {
    return <EmptyState icon={Package} title={t('empty')} text={t('emptyText')} browse={t('browse')} />;
  }
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3" aria-label={t('title')}>
        {orders.map((order) => <li key={order.id}><OrderCard order={order} extra={renderExtra?.(order)} /></li>)}
      </ul>
      {query.hasNextPage && (
        <Button variant="outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t('loadMore')}
        </Button>
      )}
    </div>
  );
}

function OrderCard({ order, extra }: { order: Order; extra?: ReactNode }) {
  const { t } = useTranslation(['orders', 'common', 'errors', 'logistics']);
  const format = useFormat();
  const shortId = order.id.slice(0, ORDER_ID_SHOWN_CHARS);

  return (
    <Card data-testid="order-card" data-order-id={order.id}>
      <CardContent className="flex flex-col gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex flex-col">
            <h2 className="font-semibold">{t('logistics:order.number', { number: order.number })} <span className="text-sm font-normal text-muted-foreground">· {shortId}</span></h2>
            <p className="text-sm text-muted-foreground"><time dateTime={order.createdAt}>{format.date(order.createdAt)}</time></p>
          </div>
          <OrderStatusBadge status={order.status} />
        </div>
        <Link to={`/household/${order.householdId}`} className="w-fit font-medium hover:underline">{order.householdName}</Link>
        <OrderLogistics order={order} />
        <ul className="flex flex-col gap-1 text-sm">
          {order.items.map((item) => (
            <li key={item.productId} className="flex justify-between gap-3">
              <span className="flex min-w-0 flex-col">
                <span>{item.name} × {format.quantityValue(item.quantity)}</span>
                {item.pricing === 'weight'
                  ? <WeightLineNote item={item} />
                  : <span className="text-xs text-muted-foreground tabular-nums">{format.total(item.unitPrice)} × {format.quantityValue(item.quantity)}</span>}
              </span>
              <span className="shrink-0 text-right tabular-nums"><LineAmount item={item} /></span>
            </li>
          ))}
        </ul>
        <OrderTotal order={order} label={t('total')} />
        <ConsentPanel order={order} />
        <DepositPayment order={order} />
        {order.status !== 'cancelled' && <IpsPayment order={order} />}
        {order.events.length > 0 && (
          <details className="text-sm">
            <summary className="cursor-pointer text-muted-foreground">{t('history')}</summary>
            <ol className="mt-2 flex flex-col gap-1 border-l pl-3">
              {order.events.map((event, i) => (
                <li key={`${event.status}-${i}`} className="flex items-center gap-2">
                  <OrderStatusBadge status={event.status} />
                  <time dateTime={event.createdAt} className="text-muted-foreground">{format.dateTime(event.createdAt)}</time>
                </li>
              ))}
            </ol>
          </details>
        )}
        {order.status === 'pending' && (
          <CancelOrderButton orderId={order.id} label={t('cancel')} className="w-fit" />
        )}
        {extra}
      </CardContent>
    </Card>
  );
}
