import type { ReactNode } from 'react';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { useTranslation } from '#web/lib/translate.tsx';

/** The buyer's cancel of an order, asked once more ("Keep it" / "Cancel order"): `trigger` opens it. */
export function CancelOrderDialog({ trigger, onConfirm }: { trigger: ReactNode; onConfirm: () => void }) {
  const { t } = useTranslation('orders');
  return <ConfirmDialog trigger={trigger} title={t('cancelTitle')} text={t('cancelText')} keepLabel={t('keep')} confirmLabel={t('cancelConfirm')} onConfirm={onConfirm} />;
}
