import { UserCheck, UserPlus } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button.tsx';
import { useFollowHousehold } from '../api/follow-household.ts';

/** Follow / Following toggle (docs/product.md); signed-out users are sent to log in first. */
export function FollowButton({ household, isSignedIn, onRequireLogin }: {
  household: { id: string; name: string; isFollowing: boolean };
  isSignedIn: boolean;
  onRequireLogin: () => void;
}) {
  const { t } = useTranslation('catalog');
  const follow = useFollowHousehold();

  function toggle() {
    if (!isSignedIn) {
      onRequireLogin();
      return;
    }
    const next = !household.isFollowing;
    follow.mutate({ householdId: household.id, follow: next }, {
      onSuccess: () => toast.success(next ? t('household.followed', { name: household.name }) : t('household.unfollowed', { name: household.name })),
      onError: (error) => toast.error(t('household.followFailed'), { description: error.message }),
    });
  }

  return (
    <Button onClick={toggle} disabled={follow.isPending} variant={household.isFollowing ? 'outline' : 'default'} aria-pressed={household.isFollowing}>
      {household.isFollowing ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
      {household.isFollowing ? t('household.following') : t('household.follow')}
    </Button>
  );
}
