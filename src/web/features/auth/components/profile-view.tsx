import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link, useNavigate } from '#web/lib/router.tsx';
import { toast } from 'sonner';
import { Avatar, AvatarFallback, AvatarImage } from '#web/components/ui/avatar.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { initials } from '#web/lib/utils.ts';
import { useMe } from '../api/get-me.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { EditProfileDialog } from './edit-profile-dialog.tsx';
import { OwnDataSection } from './own-data-section.tsx';
import { NotificationSettingsDialog } from './notification-settings-dialog.tsx';

/**
 * docs/product.md, Profile: the signed-in buyer's data with real counters (GET /api/me).
 * `savedLists(labels)`: the "saved items" and "saved locations" buttons, given by the route
 * (another feature's dialogs). `notificationSettings`: the per-kind mail/push settings
 * (another feature's), shown in the notification settings dialog.
 */
export function ProfileView({ savedLists, notificationSettings }: { savedLists?: (labels: { items: string; locations: string }) => ReactNode; notificationSettings?: ReactNode } = {}) {
  const { t } = useTranslation(['profile', 'auth', 'admin']);
  const { user, logout, setUser } = useAuth();
  const navigate = useNavigate();
  const me = useMe(user?.id);
  const { date } = useFormat();
  const profile = me.data;

  // Keep the session's copy (header avatar, checkout phone) in step with the server.
  useEffect(() => {
    if (!profile) return;
    setUser({ name: profile.name, phone: profile.phone ?? undefined, location: profile.location ?? undefined, bio: profile.bio ?? undefined, avatar: profile.avatar ?? undefined });
  }, [profile, setUser]);

  const onLogout = async () => {
    await logout();
    toast.success(t('auth:loggedOut'));
    await navigate('/login', { replace: true });
  };

  if (me.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <div className="flex items-center gap-4"><Skeleton className="size-20 rounded-full" /><div className="flex flex-1 flex-col gap-2"><Skeleton className="h-6 w-40" /><Skeleton className="h-4 w-56" /></div></div>
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (me.isError || !profile) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p>{t('loadError')}</p>
        <Button variant="outline" onClick={() => void me.refetch()}>{t('retry')}</Button>
        <Button variant="destructive" onClick={() => void onLogout()}>{t('actions.logout')}</Button>
      </div>
    );
  }

  const rows: { label: string; value: string | null }[] = [
    { label: t('fields.email'), value: profile.email },
    { label: t('fields.location'), value: profile.location },
    { label: t('fields.phone'), value: profile.phone },
    { label: t('fields.accountType'), value: t(`accountTypes.${profile.userType}`) },
  ];
  const counters = [
    { label: t('counts.orders'), value: profile.counts.orders },
    { label: t('counts.following'), value: profile.counts.following },
    { label: t('counts.reviews'), value: profile.counts.reviews },
  ];
  const since = date(profile.createdAt);

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-4">
        <Avatar className="size-20 text-xl">
          {profile.avatar && <AvatarImage src={profile.avatar} alt="" />}
          <AvatarFallback>{initials(profile.name)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0">
          <h2 className="truncate text-xl font-semibold">{profile.name}</h2>
          <p className="truncate text-sm text-muted-foreground">{profile.email}</p>
          <Badge variant="secondary" className="mt-1">{t(`accountTypes.${profile.userType}`)}</Badge>
        </div>
      </div>

      {profile.bio && <p className="text-sm whitespace-pre-line">{profile.bio}</p>}

      <dl className="grid grid-cols-3 gap-2 text-center" aria-label={t('counts.label')}>
        {counters.map((c) => (
          <div key={c.label} className="flex flex-col-reverse rounded-lg border bg-card p-3">
            <dt className="text-xs text-muted-foreground">{c.label}</dt>
            <dd className="text-2xl font-bold">{c.value}</dd>
          </div>
        ))}
      </dl>

      <dl className="flex flex-col gap-3 rounded-lg border bg-card p-4 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="min-w-0 truncate text-right">{row.value || <span className="text-muted-foreground">{t('notSet')}</span>}</dd>
          </div>
        ))}
        {since && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{t('fields.memberSince')}</dt>
            <dd>{since}</dd>
          </div>
        )}
      </dl>

      <div className="flex flex-col gap-2">
        {profile.isAdmin && <Button asChild className="w-full"><Link to="/admin">{t('admin:consoleLink')}</Link></Button>}
        <EditProfileDialog profile={profile} />
        <NotificationSettingsDialog profile={profile}>{notificationSettings}</NotificationSettingsDialog>
        <ChangePasswordDialog />
        {savedLists?.({ items: t('actions.savedItems'), locations: t('actions.savedLocations') })}
        <OwnDataSection profile={profile} />
        <Button variant="destructive" className="mt-2 w-full" onClick={() => void onLogout()}>{t('actions.logout')}</Button>
      </div>
    </div>
  );
}
