import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageHeader } from '#web/components/page-header.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';

export default function ProfilePage() {
  const { t } = useTranslation(['profile', 'common']);
  const { user } = useAuth();
  // Spec section 6: a producer's profile is the dashboard.
  if (user?.userType === 'producer') return <Navigate to="/producer/dashboard" replace />;
  return (
    <section>
      <PageHeader title={t('title')} />
      <p className="text-muted-foreground">{t('common:pageInProgress')}</p>
    </section>
  );
}
