import { useTranslation } from 'react-i18next';
import { PageHeader } from '#web/components/page-header.tsx';

// The screen itself is built by its feature; until then the page says so plainly.
export default function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <section>
      <PageHeader title={t('resetPassword.title')} />
      <p className="text-muted-foreground">{t('common:pageInProgress')}</p>
    </section>
  );
}
