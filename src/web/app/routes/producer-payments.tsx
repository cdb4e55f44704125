import { ArrowLeft } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link } from '#web/lib/router.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { StatementImportForm } from '#web/features/payments/components/statement-import.tsx';

/** The producer's bank statement import (docs/payments.md), reached from the dashboard's Orders tab. */
export default function ProducerPaymentsPage() {
  const { t } = useTranslation('payments');
  return (
    <section>
      <Link to="/producer/dashboard?tab=orders" className="mb-2 inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />{t('back')}
      </Link>
      <PageHeader title={t('title')} />
      <StatementImportForm />
    </section>
  );
}
