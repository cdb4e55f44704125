import { useId, useState } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { useNavigate } from '#web/lib/router.tsx';
import { toast } from 'sonner';
import type { Profile } from '#shared/contracts/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { deleteMyAccount, exportMyData } from '../api/own-data.ts';
import { useUpdateMe } from '../api/update-me.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { showError } from '#web/lib/show-error.ts';

/** Own data (Serbia's ZZPL): download it as JSON, choose whether others see the total spent, delete the account. */
export function OwnDataSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const navigate = useNavigate();
  const { logout } = useAuth();
  const update = useUpdateMe();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const download = async () => {
    try {
      const data = await exportMyData();
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = 'domace-export.json';
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success(t('ownData.exported'));
    } catch (error) {
      showError(error, t('failed'));
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await deleteMyAccount({ password });
      await logout();
      toast.success(t('ownData.deleted'));
      void navigate('/', { replace: true });
    } catch (error) {
      showError(error, t('failed'));
    } finally {
      setBusy(false);
    }
  };

  const showSpent = update.isPending && update.variables?.showTotalSpent !== undefined ? update.variables.showTotalSpent : profile.showTotalSpent;

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2 rounded-lg border bg-card p-4">
      <h2 id={`${id}-title`} className="font-semibold">{t('ownData.title')}</h2>
      {profile.userType === 'customer' && (
        <label className="flex items-center justify-between gap-4 text-sm">
          <span className="flex flex-col"><span>{t('ownData.showTotalSpent')}</span><span className="text-muted-foreground">{t('ownData.showTotalSpentHint')}</span></span>
          <input
            type="checkbox"
            className="size-5"
            checked={showSpent}
            disabled={update.isPending}
            onChange={(e) => update.mutateAsync({ showTotalSpent: e.target.checked }).catch((error: unknown) => showError(error, t('failed')))}
          />
        </label>
      )}
      <Button variant="outline" className="w-full justify-start" onClick={() => void download()}>{t('ownData.export')}</Button>
      <Dialog open={open} onOpenChange={(next) => { setOpen(next); if (!next) setPassword(''); }}>
        <DialogTrigger asChild>
          <Button variant="outline" className="w-full justify-start text-destructive">{t('ownData.delete')}</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('ownData.deleteTitle')}</DialogTitle>
            <DialogDescription>{t('ownData.deleteBody')}</DialogDescription>
          </DialogHeader>
          <form className="flex flex-col gap-3" onSubmit={(e) => { e.preventDefault(); void remove(); }}>
            <label htmlFor={`${id}-password`} className="text-sm font-medium">{t('ownData.password')}</label>
            <Input id={`${id}-password`} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>{t('ownData.cancel')}</Button>
              <Button type="submit" variant="destructive" disabled={busy || !password}>{t('ownData.confirmDelete')}</Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
