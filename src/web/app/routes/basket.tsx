import { useTranslation } from '#web/lib/translate.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { BasketView } from '#web/features/basket/components/basket-view.tsx';
import { StandingOrderDialog } from '#web/features/standing/components/standing-order-dialog.tsx';
import { useMyWaitlist } from '#web/features/waitlist/api/my-waitlist.ts';
import { stockFor } from '#web/features/waitlist/lib/held.ts';

/** The basket; a signed-in buyer can also order each household's part of it every week (a standing order). */
export default function BasketPage() {
  const { t } = useTranslation(['basket', 'standing']);
  const { user } = useAuth();
  // A waitlist hold is the buyer's to order beside the public stock.
  const myWaitlist = useMyWaitlist(user?.id ?? null);
  return (
    <section>
      <PageHeader title={t('title')} />
      <BasketView renderHousehold={user && user.userType !== 'producer' ? (part) => (
        <StandingOrderDialog householdId={part.householdId} lines={part.lines} prefill={{ contactPhone: user.phone }} size="sm"
          label={t('standing:create.openFor', { name: part.householdName })} />
      ) : undefined} stockOf={(product) => stockFor(product, myWaitlist.data)} />
    </section>
  );
}
