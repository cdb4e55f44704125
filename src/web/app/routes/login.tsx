import { useTranslation } from '#web/lib/translate.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { LoginForm } from '#web/features/auth/components/login-form.tsx';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  return (
    <section className="mx-auto w-full max-w-md pt-2">
      <PageHeader title={t('login.title')}>
        <p className="text-sm text-muted-foreground">{t('login.subtitle')}</p>
      </PageHeader>
      <div className="rounded-xl border bg-card p-5 shadow-sm">
        <LoginForm />
      </div>
    </section>
  );
}
