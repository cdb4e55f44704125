import { FileText } from 'lucide-react';
import { PdfDialogButton } from '#web/components/pdf-dialog-button.tsx';
import { useTranslation } from '#web/lib/translate.tsx';
import { fetchSlip } from '../api/get-slip.ts';

/** The packing slip of an incoming order, made on demand and shown to print or download. */
export function SlipButton({ orderId, number }: { orderId: string; number: number }) {
  const { t } = useTranslation('papers');
  return (
    <PdfDialogButton load={() => fetchSlip(orderId)} icon={FileText} label={t('slip.action')} ariaLabel={t('slip.actionNamed', { number })}
      title={t('slip.title', { number })} filename={`otpremnica-${number}.pdf`} loadingText={t('labels.loading')} failedText={t('labels.failed')} />
  );
}
