import { useTranslation } from '#web/lib/translate.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { VerifyEmailForm } from '#web/features/auth/components/verify-email-form.tsx';

export default function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  return (
    <section className="mx-auto w-full max-w-md pt-2">
      <PageHeader title={t('verifyEmail.title')}>
        <p className="text-sm text-muted-foreground">{t('verifyEmail.subtitle')}</p>
      </PageHeader>
      <div className="rounded-xl border bg-card p-5 shadow-sm">
        <VerifyEmailForm />
      </div>
    </section>
  );
}
