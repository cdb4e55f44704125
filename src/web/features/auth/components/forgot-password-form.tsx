import { useForm } from 'react-hook-form';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link, useNavigate } from '#web/lib/router.tsx';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button.tsx';
import { useForgotPassword } from '../api/forgot-password.ts';
import { showError } from '#web/lib/show-error.ts';
import { FormField, FormMessage } from './form-field.tsx';

export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    if (!email.trim()) {
      setError('root', { message: t('forgotPassword.required') });
      return;
    }
    clearErrors('root');
    try {
      await forgot.mutateAsync(email.trim());
      toast.success(t('forgotPassword.success'));
      await navigate(`/reset-password?email=${encodeURIComponent(email.trim())}`, { state: { email: email.trim() } });
    } catch (error) {
      showError(error, t('forgotPassword.failed'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={formState.isSubmitting}>
      <FormField label={t('fields.email')} type="email" autoComplete="email" inputMode="email" aria-required="true" {...register('email')} />
      <FormMessage message={formState.errors.root?.message} />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('forgotPassword.submitting') : t('forgotPassword.submit')}
      </Button>
      <p className="text-center text-sm">
        <Link to="/login" className="text-primary underline-offset-4 hover:underline">{t('forgotPassword.back')}</Link>
      </p>
    </form>
  );
}
