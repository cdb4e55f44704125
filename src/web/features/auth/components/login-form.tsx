import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button.tsx';
import { useAuth } from '../hooks/use-auth.ts';
import { showError } from '../lib/show-error.ts';
import type { LoginRedirectState } from './require-auth.tsx';
import { FormField, FormMessage } from './form-field.tsx';

interface Values { email: string; password: string }

/** Where to go after login: the remembered location (route guard), else the feed. */
function returnPath(state: unknown): string {
  const from = (state as Partial<LoginRedirectState> | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) return '/';
  if (from.pathname === '/login') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export function LoginForm() {
  const { t } = useTranslation('auth');
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<Values>({ defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    if (!values.email.trim() || !values.password) {
      setError('root', { message: t('login.fillAll') });
      return;
    }
    clearErrors('root');
    try {
      await login(values.email.trim(), values.password);
      toast.success(t('login.success'));
      await navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      showError(error, t('login.failed'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={formState.isSubmitting}>
      <FormField label={t('fields.email')} type="email" autoComplete="email" inputMode="email" aria-required="true" {...register('email')} />
      <FormField label={t('fields.password')} type="password" autoComplete="current-password" aria-required="true" {...register('password')} />
      <div className="text-right text-sm">
        <Link to="/forgot-password" className="text-primary underline-offset-4 hover:underline">{t('login.forgot')}</Link>
      </div>
      <FormMessage message={formState.errors.root?.message} />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('login.submitting') : t('login.submit')}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {t('login.noAccount')}{' '}
        <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline">{t('login.signupLink')}</Link>
      </p>
    </form>
  );
}
