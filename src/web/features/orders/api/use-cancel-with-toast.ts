import { toast } from 'sonner';
import { showError } from '#web/lib/show-error.ts';
import { useTranslation } from '#web/lib/translate.tsx';
import { useCancelOrder } from './cancel-order.ts';

/**
 * The buyer's cancel of an order with its answer: "Order cancelled" as a toast, or the reason.
 * One for the orders list and the weighed order's consent panel.
 */
export function useCancelWithToast(): { cancel: (orderId: string) => void; isPending: boolean } {
  const { t } = useTranslation(['orders', 'errors']);
  const mutation = useCancelOrder();
  const cancel = (orderId: string) => mutation.mutate(orderId, {
    onSuccess: () => toast.success(t('cancelled')),
    onError: (error) => showError(error, error.message),
  });
  return { cancel, isPending: mutation.isPending };
}
