import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '#web/components/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { MediaUploadField } from '#web/features/media/components/media-upload-field.tsx';
import { ProducerOrdersTab } from '#web/features/orders/components/producer-orders-tab.tsx';
import { HouseholdSection } from '#web/features/producer/components/household-section.tsx';
import { ProducerOverview } from '#web/features/producer/components/producer-overview.tsx';
import { ProductsTab } from '#web/features/producer/components/products-tab.tsx';
import { StoriesSection } from '#web/features/producer/components/stories-section.tsx';

const TABS = ['products', 'orders', 'stories', 'household'] as const;
type Tab = (typeof TABS)[number];

/**
 * Spec section 2 "Producer dashboard" (issue 6): overview on top, then Products / Orders /
 * Stories / Household. The guard in the router sends non-producers to /profile. The open
 * tab is kept in ?tab= so it survives a reload and can be linked.
 */
export default function ProducerDashboardPage() {
  const { t } = useTranslation(['producer', 'common']);
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '') ? (requested as Tab) : 'products';

  if (!user) return null; // the guard renders nothing else without a user

  return (
    <section>
      <PageHeader title={t('title')} />
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
        <TabsList aria-label={t('tabs.label')} className="grid w-full grid-cols-4">
          {TABS.map((name) => <TabsTrigger key={name} value={name} className="px-1 text-xs sm:text-sm">{t(`tabs.${name}`)}</TabsTrigger>)}
        </TabsList>
        <TabsContent value="products"><ProductsTab UploadField={MediaUploadField} /></TabsContent>
        <TabsContent value="orders"><ProducerOrdersTab /></TabsContent>
        <TabsContent value="stories"><StoriesSection householdId={user.id} UploadField={MediaUploadField} /></TabsContent>
        <TabsContent value="household"><HouseholdSection householdId={user.id} UploadField={MediaUploadField} /></TabsContent>
      </Tabs>
    </section>
  );
}
