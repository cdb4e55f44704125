import { Printer } from 'lucide-react';
import { PdfDialogButton } from '#web/components/pdf-dialog-button.tsx';
import { useTranslation } from '#web/lib/translate.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { fetchPicklistPdf, usePicklist } from '../api/picklist.ts';

/** The pick list of a drop: what to bring (totals per product) and each order with its buyer. */
export function PicklistPanel({ dropId }: { dropId: string }) {
  const { t } = useTranslation('drops');
  const format = useFormat();
  const picklist = usePicklist(dropId);
  if (picklist.isPending) return <p role="status" className="text-sm text-muted-foreground">{t('picklist.loading')}</p>;
  if (picklist.isError) return <p role="alert" className="text-sm text-destructive">{t('picklist.failed')} {picklist.error.message}</p>;
  const { orders, totals } = picklist.data;
  if (orders.length === 0) return <p className="text-sm text-muted-foreground">{t('picklist.empty')}</p>;
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="picklist">
      <section aria-label={t('picklist.totals')}>
        <h4 className="font-semibold">{t('picklist.totals')}</h4>
        <ul>
          {totals.map((line) => <li key={line.productId}>{line.name}: <span className="tabular-nums">{format.quantity(line.quantity, line.unit)}</span></li>)}
        </ul>
      </section>
      <ul className="flex flex-col gap-2">
        {orders.map((order) => (
          <li key={order.id} className="rounded-md border p-2">
            <p className="flex justify-between gap-2 font-medium">
              <span>{t('picklist.order', { number: order.number })} · {order.buyerName}</span>
              <span className="tabular-nums">{format.total(order.total)}</span>
            </p>
            <p className="text-muted-foreground">{order.contactPhone} · {order.payment.status === 'paid' ? t('picklist.paid') : t('picklist.unpaid')}</p>
            <p>{order.items.map((item) => `${item.name} × ${format.quantityValue(item.quantity)}`).join(', ')}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Print (PDF)": the pick list made on demand by the server (A4, the producer's language), to print or save. */
export function PrintPicklistButton({ dropId, title }: { dropId: string; title: string }) {
  const { t } = useTranslation('drops');
  return (
    <PdfDialogButton load={() => fetchPicklistPdf(dropId)} icon={Printer} label={t('dashboard.print')} title={t('dashboard.printTitle', { title })}
      filename={`drop-${dropId.slice(0, 8)}.pdf`} loadingText={t('picklist.loading')}
      failedText={(error) => `${t('picklist.failed')} ${error instanceof Error ? error.message : ''}`} />
  );
}
