import { useTranslation } from '#web/lib/translate.tsx';
import { Navigate } from '#web/lib/router.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { ProfileView } from '#web/features/auth/components/profile-view.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { SavedAddressesDialog } from '#web/features/saved/components/saved-addresses-dialog.tsx';
import { SavedItemsDialog } from '#web/features/saved/components/saved-items-dialog.tsx';
import { NotificationPreferences } from '#web/features/notifications/components/notification-preferences.tsx';

export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const { user } = useAuth();
  // docs/product.md: a producer's profile is the dashboard.
  if (user?.userType === 'producer') return <Navigate to="/producer/dashboard" replace />;
  return (
    <section className="mx-auto w-full max-w-xl">
      <PageHeader title={t('title')} />
      <ProfileView
        notificationSettings={<NotificationPreferences />}
        savedLists={user ? (labels) => (
          <>
            <SavedItemsDialog userId={user.id} triggerLabel={labels.items} />
            <SavedAddressesDialog userId={user.id} triggerLabel={labels.locations} />
          </>
        ) : undefined}
      />
    </section>
  );
}
