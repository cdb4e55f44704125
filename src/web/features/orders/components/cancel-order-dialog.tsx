import type { ReactNode } from 'react';
import {
  AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription,
  AlertDialogFooter, AlertDialogHeader, AlertDialogTitle, AlertDialogTrigger,
} from '#web/components/ui/alert-dialog.tsx';
import { useTranslation } from '#web/lib/translate.tsx';

/** The buyer's cancel of an order, asked once more ("Keep it" / "Cancel order"): `trigger` opens it. */
export function CancelOrderDialog({ trigger, onConfirm }: { trigger: ReactNode; onConfirm: () => void }) {
  const { t } = useTranslation('orders');
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('cancelTitle')}</AlertDialogTitle>
          <AlertDialogDescription>{t('cancelText')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('keep')}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{t('cancelConfirm')}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
