import { useTranslation } from '#web/lib/translate.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { SignupForm } from '#web/features/auth/components/signup-form.tsx';

export default function SignupPage() {
  const { t } = useTranslation('auth');
  return (
    <section className="mx-auto w-full max-w-md pt-2">
      <PageHeader title={t('signup.title')}>
        <p className="text-sm text-muted-foreground">{t('signup.subtitle')}</p>
      </PageHeader>
      <div className="rounded-xl border bg-card p-5 shadow-sm">
        <SignupForm />
      </div>
    </section>
  );
}
