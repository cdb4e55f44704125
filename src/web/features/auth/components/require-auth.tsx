import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Navigate, Outlet, useLocation } from '#web/lib/router.tsx';
import type { UserType } from '#shared/constants.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '../hooks/use-auth.ts';
import { loginRedirectState } from '../hooks/use-send-to-login.ts';

/** Where the login page sends the user back to (docs/product.md: "the requested location is remembered"). */
export interface LoginRedirectState {
  from: { pathname: string; search: string; hash: string };
}

/**
 * Route guard (docs/product.md): spinner while the session loads; unauthenticated -> /login,
 * remembering the requested location; wrong user type -> `fallbackPath` (default /), replacing history.
 */
export function RequireAuth({
  userType,
  fallbackPath = '/',
  children,
}: {
  userType?: UserType;
  fallbackPath?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const { isLoading, user } = useAuth();
  const location = useLocation();

  if (isLoading) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label={t('checkingSession')} className="size-8" />
      </div>
    );
  }
  if (!user) {
    return <Navigate to="/login" replace state={loginRedirectState(location)} />;
  }
  if (userType && user.userType !== userType) {
    return <Navigate to={fallbackPath} replace />;
  }
  return children ?? <Outlet />;
}
