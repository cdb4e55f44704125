import { toast } from 'sonner';
import type { AdminProducer } from '#shared/contracts/admin.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { useTranslation } from '#web/lib/translate.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { useAdminAction, verifyLegal } from '../api/admin-api.ts';

/** A household's papers as the operator checks them (PIB included), with the action that marks them checked (audited). */
export function ProducerPapers({ producer }: { producer: AdminProducer }) {
  const { t } = useTranslation(['papers', 'common', 'admin', 'errors']);
  const { date } = useFormat();
  const verify = useAdminAction(verifyLegal);
  const { legal } = producer;
  const entered = legal.holdingNumber || legal.pib || legal.registrations.length > 0;
  const run = () => verify.mutateAsync({ id: producer.id }).then(
    () => toast.success(t('admin.verified', { name: producer.name })),
    (error: unknown) => toast.error(t('errors:title'), { description: isApiError(error) && error.message ? error.message : t('admin:failed') }),
  );
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p>
        <span className="text-muted-foreground">{t('public.form')}:</span> {t(`form.${legal.form}`)}
        {legal.holdingNumber ? <> · {t('public.holdingNumber')} {legal.holdingNumber}</> : null}
        {legal.pib ? <> · {t('public.pib')} {legal.pib}</> : null}
        {' '}
        {legal.verifiedAt
          ? <Badge variant="secondary">{t('verified')} · {date(legal.verifiedAt)}</Badge>
          : <Badge variant="outline">{t('notVerified')}</Badge>}
      </p>
      {legal.registrations.length > 0 ? (
        <ul className="text-muted-foreground">
          {legal.registrations.map((r) => (
            <li key={`${r.kind}-${r.number}`}>{t(`registrations.${r.kind}`)} {r.number} ({r.categories.map((c) => t(`common:categories.${c}`)).join(', ')})</li>
          ))}
        </ul>
      ) : !entered ? <p className="text-muted-foreground">{t('admin.none')}</p> : null}
      {!legal.verifiedAt ? (
        <div>
          <Button size="sm" variant="outline" disabled={verify.isPending} aria-label={t('admin.verifyNamed', { name: producer.name })} onClick={() => void run()}>
            {t('admin.verify')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
