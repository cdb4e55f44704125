import { BellRing } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button.tsx';
import { api } from '#web/lib/api-client.ts';
import { showError } from '#web/lib/show-error.ts';
import { useTranslation } from '#web/lib/translate.tsx';

/**
 * "Tell me when it is back" on a sold-out product (docs/product.md, "Pre-orders and the
 * waitlist"): joins its waitlist for one step; when stock returns it is held for the buyer.
 */
export function WaitlistButton({ productId, quantity }: { productId: string; quantity: number }) {
  const { t } = useTranslation(['catalog']);
  const join = useMutation({ mutationFn: () => api.waitlist.join({ params: { id: productId }, body: { quantity } }) });
  return (
    <Button variant="outline" disabled={join.isPending || join.isSuccess}
      onClick={() => join.mutate(undefined, {
        onSuccess: () => toast.success(t('product.waitlistJoined')),
        onError: (error) => showError(error, error.message),
      })}>
      <BellRing aria-hidden="true" />
      {join.isSuccess ? t('product.waitlistJoined') : t('product.waitlistJoin')}
    </Button>
  );
}
