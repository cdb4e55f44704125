import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle, AlertDialogTrigger,
} from '#web/components/ui/alert-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { readRefusal, useFocusRefused } from '#web/lib/form.ts';
import { showError } from '#web/lib/show-error.ts';
import { useTranslation } from '#web/lib/translate.tsx';
import { DROP_REASON_MAX } from '#shared/contracts/drops.ts';
import type { Drop } from '../api/drop-types.ts';
import { useCancelDrop } from '../api/drops-api.ts';

/** The host cancels a drop with a reason the buyers are told; a missing reason is refused beside it, focus there. */
export function CancelDropButton({ drop }: { drop: Drop }) {
  const { t } = useTranslation(['drops', 'errors']);
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  /** Why the reason was refused (in the page's language), or null. */
  const [refused, setRefused] = useState<string | null>(null);
  const { ref, refuse } = useFocusRefused<HTMLDivElement>();
  const cancel = useCancelDrop();
  const say = (message: string) => { setRefused(message); refuse(); };
  const confirm = (event: { preventDefault: () => void }) => {
    event.preventDefault(); // the dialog stays until the server answered
    if (!reason.trim()) return say(t('dashboard.invalid.required'));
    cancel.mutate({ id: drop.id, reason: reason.trim() }, {
      onSuccess: () => { setOpen(false); toast.success(t('dashboard.cancelledToast')); },
      onError: (error) => {
        const refused = readRefusal(error, { fields: ['reason'], text: (_, rule) => (rule === 'too_small' ? t('dashboard.invalid.required') : undefined) });
        if (refused.fields.reason) say(refused.fields.reason.message);
        else showError(null, refused.message);
      },
    });
  };
  return (
    <AlertDialog open={open} onOpenChange={(next) => { setOpen(next); if (next) { setReason(''); setRefused(null); } }}>
      <AlertDialogTrigger asChild><Button size="sm" variant="destructive">{t('dashboard.cancel')}</Button></AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('dashboard.cancelTitle', { title: drop.title })}</AlertDialogTitle>
          <AlertDialogDescription>{t('dashboard.cancelText')}</AlertDialogDescription>
        </AlertDialogHeader>
        <div ref={ref} className="flex flex-col gap-1.5">
          <Label htmlFor={reasonId}>{t('dashboard.reason')}</Label>
          <Textarea id={reasonId} value={reason} maxLength={DROP_REASON_MAX} rows={3} aria-invalid={refused !== null} aria-describedby={refused ? `${reasonId}-error` : undefined}
            onChange={(e) => { setReason(e.target.value); setRefused(null); }} />
          {refused && <p id={`${reasonId}-error`} role="alert" className="text-xs text-destructive">{refused}</p>}
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('dashboard.keep')}</AlertDialogCancel>
          <AlertDialogAction onClick={confirm} disabled={cancel.isPending} className="bg-destructive text-destructive-foreground hover:bg-destructive/90">
            {t('dashboard.cancelConfirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
