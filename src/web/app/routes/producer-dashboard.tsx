import { useEffect } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link, useSearchParams } from '#web/lib/router.tsx';
import { FileSpreadsheet } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { useMe } from '#web/features/auth/api/get-me.ts';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { MediaUploadField } from '#web/features/media/components/media-upload-field.tsx';
import { OrderConversation } from '#web/features/messages/components/order-conversation.tsx';
import { ProducerOrdersTab } from '#web/features/orders/components/producer-orders-tab.tsx';
import { RefundsDue } from '#web/features/orders/components/refunds-due.tsx';
import { StandingDemandTable } from '#web/features/standing/components/standing-demand-table.tsx';
import { SlipButton } from '#web/features/orders/components/slip-button.tsx';
import { DropsTab } from '#web/features/drops/components/drops-tab.tsx';
import { HouseholdSection } from '#web/features/producer/components/household-section.tsx';
import { ProducerOverview } from '#web/features/producer/components/producer-overview.tsx';
import { ProductsTab } from '#web/features/producer/components/products-tab.tsx';
import { StoriesSection } from '#web/features/producer/components/stories-section.tsx';
import { preloadPage } from '../page-routes.tsx';

const TABS = ['products', 'orders', 'drops', 'stories', 'household'] as const;
type Tab = (typeof TABS)[number];

/**
 * docs/product.md "Producer dashboard": overview on top, then Products / Orders / Drops /
 * Stories / Household. The guard in the router sends non-producers to /profile. The open
 * tab is kept in ?tab= so it survives a reload and can be linked.
 */
export default function ProducerDashboardPage() {
  const { t } = useTranslation(['producer', 'common', 'admin', 'payments']);
  const { user } = useAuth();
  const me = useMe(user?.id);
  const status = me.data?.householdStatus;
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  // ?order=<id> (a notification's link) opens that order's conversation on the Orders tab.
  const linked = params.get('order');
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '') ? (requested as Tab) : linked ? 'orders' : 'products';

  // The Drops tab leads to the hand-over screen, used where there may be no signal: its code is
  // fetched now, while there is, so the service worker has it (docs/drops-handover.md).
  useEffect(() => {
    if (tab === 'drops') void preloadPage('/producer/drops/-/handover')?.catch(() => undefined);
  }, [tab]);

  if (!user) return null; // the guard renders nothing else without a user

  return (
    <section>
      <PageHeader title={t('title')} />
      {(status === 'pending' || status === 'suspended') && (
        <div role="status" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-semibold">{t(status === 'pending' ? 'admin:pending.title' : 'admin:suspendedShop.title')}</p>
          <p>{t(status === 'pending' ? 'admin:pending.body' : 'admin:suspendedShop.body')}</p>
        </div>
      )}
      <ProducerOverview />
      <Tabs
        value={tab}
        onValueChange={(next) => setParams((p) => {
          const copy = new URLSearchParams(p);
          if (next === 'products') copy.delete('tab');
          else copy.set('tab', next);
          return copy;
        }, { replace: true })}
      >
        {/* Five tabs do not fit a phone's width in every language: there the row scrolls. */}
        <TabsList aria-label={t('tabs.label')} className="flex w-full justify-start overflow-x-auto sm:grid sm:grid-cols-5">
          {TABS.map((name) => <TabsTrigger key={name} value={name} className="shrink-0 px-3 text-xs sm:px-1 sm:text-sm">{t(`tabs.${name}`)}</TabsTrigger>)}
        </TabsList>
        <TabsContent value="products"><ProductsTab UploadField={MediaUploadField} /></TabsContent>
        <TabsContent value="orders">
          <div className="mb-3 flex justify-end">
            <Button asChild variant="outline" size="sm">
              <Link to="/producer/payments"><FileSpreadsheet aria-hidden="true" />{t('payments:link')}</Link>
            </Button>
          </div>
          <RefundsDue />
          <ProducerOrdersTab renderExtra={(order) => (
            <>
              <div className="flex justify-end"><SlipButton orderId={order.id} number={order.number} /></div>
              <OrderConversation orderId={order.id} viewerIsProducer defaultOpen={order.id === linked} />
            </>
          )} />
          <StandingDemandTable />
        </TabsContent>
        <TabsContent value="drops"><DropsTab householdId={user.id} /></TabsContent>
        <TabsContent value="stories"><StoriesSection householdId={user.id} UploadField={MediaUploadField} /></TabsContent>
        <TabsContent value="household"><HouseholdSection householdId={user.id} UploadField={MediaUploadField} /></TabsContent>
      </Tabs>
    </section>
  );
}
