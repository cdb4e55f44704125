import { toast } from 'sonner';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { showError } from '#web/lib/show-error.ts';
import { useTranslation } from '#web/lib/translate.tsx';
import { useCancelOrder } from '../api/cancel-order.ts';

/**
 * The buyer's cancel of an order (the orders list, and declining a weighed total): asked once
 * more ("Keep it" / "Cancel order"), then cancelled with a toast, or the failure said.
 */
export function CancelOrderButton({ orderId, label, className, disabled = false }: { orderId: string; label: string; className?: string; disabled?: boolean }) {
  const { t } = useTranslation(['orders', 'errors']);
  const cancel = useCancelOrder();
  const onConfirm = () => cancel.mutate(orderId, {
    onSuccess: () => toast.success(t('cancelled')),
    onError: (error) => showError(error, error.message),
  });
  return (
    <ConfirmDialog trigger={<Button variant="outline" className={className} disabled={disabled || cancel.isPending}>{label}</Button>}
      title={t('cancelTitle')} text={t('cancelText')} keepLabel={t('keep')} confirmLabel={t('cancelConfirm')} onConfirm={onConfirm} />
  );
}
