import { useTranslation } from '#web/lib/translate.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { ForgotPasswordForm } from '#web/features/auth/components/forgot-password-form.tsx';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <section className="mx-auto w-full max-w-md pt-2">
      <PageHeader title={t('forgotPassword.title')}>
        <p className="text-sm text-muted-foreground">{t('forgotPassword.subtitle')}</p>
      </PageHeader>
      <div className="rounded-xl border bg-card p-5 shadow-sm">
        <ForgotPasswordForm />
      </div>
    </section>
  );
}
