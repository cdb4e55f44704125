import { useTranslation } from '#web/lib/translate.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { ResetPasswordForm } from '#web/features/auth/components/reset-password-form.tsx';

export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <section className="mx-auto w-full max-w-md pt-2">
      <PageHeader title={t('resetPassword.title')}>
        <p className="text-sm text-muted-foreground">{t('resetPassword.subtitle')}</p>
      </PageHeader>
      <div className="rounded-xl border bg-card p-5 shadow-sm">
        <ResetPasswordForm />
      </div>
    </section>
  );
}
