import { useParams } from '#web/lib/router.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { HandoverView } from '#web/features/drops/components/handover-view.tsx';

/** The car-park hand-over of one drop (works offline once opened: docs/drops-handover.md). */
export default function DropHandoverPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  if (!user) return null; // the guard renders nothing else without a user
  return <HandoverView userId={user.id} dropId={id} />;
}
