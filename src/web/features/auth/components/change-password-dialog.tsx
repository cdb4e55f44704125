import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '#web/lib/translate.tsx';
import { toast } from 'sonner';
import { LIMITS } from '#shared/constants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { showError } from '#web/lib/show-error.ts';
import { FormField, FormMessage } from './form-field.tsx';

interface Values { currentPassword: string; newPassword: string; confirmPassword: string }
const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordDialog() {
  const { t } = useTranslation(['profile', 'auth']);
  const [open, setOpen] = useState(false);
  const change = useChangePassword();
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({ defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    const message = !values.currentPassword || !values.newPassword || !values.confirmPassword
      ? t('auth:resetPassword.fillAll')
      : values.newPassword !== values.confirmPassword
        ? t('auth:resetPassword.mismatch')
        : values.newPassword.length < LIMITS.passwordMin
          ? t('auth:resetPassword.tooShort')
          : undefined;
    if (message) {
      setError('root', { message });
      return;
    }
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      toast.success(t('password.changed'));
      reset(EMPTY);
      setOpen(false);
    } catch (error) {
      showError(error, t('password.failed'));
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => { setOpen(next); if (!next) reset(EMPTY); }}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full justify-start">{t('actions.changePassword')}</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('password.title')}</DialogTitle>
          <DialogDescription>{t('password.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormField label={t('password.current')} type="password" autoComplete="current-password" {...register('currentPassword')} />
          <FormField label={t('auth:fields.newPassword')} type="password" autoComplete="new-password" {...register('newPassword')} />
          <FormField label={t('auth:fields.confirmNewPassword')} type="password" autoComplete="new-password" {...register('confirmPassword')} />
          <FormMessage message={formState.errors.root?.message} />
          <DialogFooter>
            <Button type="submit" disabled={formState.isSubmitting}>{formState.isSubmitting ? t('edit.saving') : t('password.submit')}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
