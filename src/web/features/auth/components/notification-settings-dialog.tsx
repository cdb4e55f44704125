import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { toast } from 'sonner';
import type { Profile } from '#shared/contracts/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { useUpdateMe } from '../api/update-me.ts';
import { showError } from '#web/lib/show-error.ts';

/** Mail notifications on or off (notifyByEmail), saved at once; `children` adds finer settings below. */
export function NotificationSettingsDialog({ profile, children }: { profile: Profile; children?: ReactNode }) {
  const { t } = useTranslation('profile');
  const id = useId();
  const update = useUpdateMe();
  const [open, setOpen] = useState(false);
  const checked = update.isPending && update.variables?.notifyByEmail !== undefined ? update.variables.notifyByEmail : profile.notifyByEmail;

  const toggle = async () => {
    try {
      await update.mutateAsync({ notifyByEmail: !profile.notifyByEmail });
      toast.success(t('notifications.saved'));
    } catch (error) {
      showError(error, t('edit.failed'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full justify-start">{t('actions.notifications')}</Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('notifications.title')}</DialogTitle>
          <DialogDescription>{t('notifications.description')}</DialogDescription>
        </DialogHeader>
        <div className="flex items-center justify-between gap-4">
          <label htmlFor={id} className="flex flex-col gap-1 text-sm">
            <span className="font-medium">{t('notifications.email')}</span>
            <span className="text-muted-foreground">{t('notifications.emailHint')}</span>
          </label>
          <button
            id={id}
            type="button"
            role="switch"
            aria-checked={checked}
            disabled={update.isPending}
            onClick={() => void toggle()}
            className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent bg-input transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 aria-checked:bg-primary"
          >
            <span aria-hidden="true" className={`block size-5 rounded-full bg-background shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0'}`} />
          </button>
        </div>
        {children}
      </DialogContent>
    </Dialog>
  );
}
