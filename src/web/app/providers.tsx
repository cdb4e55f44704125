import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { AuthProvider } from '#web/features/auth/components/auth-provider.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { BasketProvider } from '#web/features/basket/components/basket-provider.tsx';
import i18n from '#web/lib/i18n.ts';
import { createQueryClient } from '#web/lib/query-client.ts';

// Toasts only follow user actions, so the toaster loads just after the first render
// instead of in the first page load (bundle budget).
const Toaster = lazy(() => import('#web/components/ui/toaster.tsx').then((module) => ({ default: module.Toaster })));

/** Cached answers may be per user (orders, isFollowing): drop them when the user changes. */
function ClearCacheOnUserChange() {
  const { user, isLoading } = useAuth();
  const queryClient = useQueryClient();
  const previous = useRef<string | null | undefined>(undefined);
  const userId = isLoading ? undefined : (user?.id ?? null);

  useEffect(() => {
    if (userId === undefined) return;
    if (previous.current !== undefined && previous.current !== userId) queryClient.clear();
    previous.current = userId;
  }, [userId, queryClient]);

  return null;
}

export function Providers({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <ClearCacheOnUserChange />
          <BasketProvider>
            {/* Tooltips bring their own provider (700/300 ms): see components/ui/tooltip.tsx. */}
            {children}
            <Suspense fallback={null}>
              <Toaster />
            </Suspense>
          </BasketProvider>
        </AuthProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
