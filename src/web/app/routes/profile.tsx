import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageHeader } from '#web/components/page-header.tsx';
import { ProfileView } from '#web/features/auth/components/profile-view.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';

export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const { user } = useAuth();
  // Spec section 6: a producer's profile is the dashboard.
  if (user?.userType === 'producer') return <Navigate to="/producer/dashboard" replace />;
  return (
    <section className="mx-auto w-full max-w-xl">
      <PageHeader title={t('title')} />
      <ProfileView />
    </section>
  );
}
