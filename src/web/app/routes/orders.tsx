import { useTranslation } from '#web/lib/translate.tsx';
import { Navigate, useSearchParams } from '#web/lib/router.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { OrderConversation } from '#web/features/messages/components/order-conversation.tsx';
import { OrdersList } from '#web/features/orders/components/orders-list.tsx';
import { StandingOrderDialog, standingFromOrder } from '#web/features/standing/components/standing-order-dialog.tsx';
import { StandingOrdersSection } from '#web/features/standing/components/standing-orders-section.tsx';

/** The buyer's standing orders, then the orders, each with its conversation and "Order this every week"; ?order=<id> opens that order's (a notification's link). */
export default function OrdersPage() {
  const { t } = useTranslation('orders');
  const [params] = useSearchParams();
  const linked = params.get('order');
  const { user } = useAuth();
  // A producer's orders are the incoming ones, in the dashboard: an empty buyer's list would mislead.
  if (user?.userType === 'producer') return <Navigate to="/producer/dashboard?tab=orders" replace />;
  return (
    <section>
      <PageHeader title={t('title')} />
      <StandingOrdersSection />
      <OrdersList renderExtra={(order) => (
        <>
          {/* The same order again every week or two: the standing order dialog, prefilled from this one. */}
          <StandingOrderDialog householdId={order.householdId} {...standingFromOrder(order)} size="sm" />
          <OrderConversation orderId={order.id} viewerIsProducer={false} defaultOpen={order.id === linked} />
        </>
      )} />
    </section>
  );
}
