import { useNavigate, useLocation } from '#web/lib/router.tsx';
import type { LoginRedirectState } from '../components/require-auth.tsx';

/** The state that brings the login page back to `location` after signing in (docs/product.md). */
export function loginRedirectState({ pathname, search, hash }: { pathname: string; search: string; hash: string }): LoginRedirectState {
  return { from: { pathname, search, hash } };
}

/** Sends a guest who asked for something that needs an account to /login, and back here after. */
export function useSendToLogin(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => void navigate('/login', { state: loginRedirectState(location) });
}
