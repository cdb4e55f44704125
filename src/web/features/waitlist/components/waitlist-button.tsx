import { BellRing, BellOff } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button.tsx';
import { showError } from '#web/lib/show-error.ts';
import { useTranslation } from '#web/lib/translate.tsx';
import { useMyWaitlist, useWaitlistMutations } from '../api/my-waitlist.ts';

/**
 * "Tell me when it is back" on a sold-out product (docs/product.md, "Pre-orders and the
 * waitlist"): joins its waitlist for one step; when stock returns it is held for the buyer.
 * A buyer already waiting reads so, and may leave.
 */
export function WaitlistButton({ userId, productId, quantity }: { userId: string; productId: string; quantity: number }) {
  const { t } = useTranslation(['catalog']);
  const mine = useMyWaitlist(userId);
  const { join, leave } = useWaitlistMutations(userId, productId);
  const waiting = mine.data?.some((e) => e.productId === productId) ?? false;
  if (waiting) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm text-muted-foreground" role="status">{t('product.waitlistOn')}</p>
        <Button variant="outline" disabled={leave.isPending}
          onClick={() => leave.mutate(undefined, {
            onSuccess: () => toast.success(t('product.waitlistLeft')),
            onError: (error) => showError(error, error.message),
          })}>
          <BellOff aria-hidden="true" />
          {t('product.waitlistLeave')}
        </Button>
      </div>
    );
  }
  return (
    <Button variant="outline" disabled={join.isPending || mine.isLoading}
      onClick={() => join.mutate(quantity, {
        onSuccess: () => toast.success(t('product.waitlistJoined')),
        onError: (error) => showError(error, error.message),
      })}>
      <BellRing aria-hidden="true" />
      {t('product.waitlistJoin')}
    </Button>
  );
}
