import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { TranslationProvider, useTranslation, type Translator as I18n } from '#web/lib/translate.tsx';
import { AuthProvider } from '#web/features/auth/components/auth-provider.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { BasketProvider } from '#web/features/basket/components/basket-provider.tsx';
import browserI18n from '#web/lib/i18n.ts';
import { Optional } from '#web/components/optional.tsx';
import { loadChunk } from '#web/lib/load-chunk.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { whenIdle } from '#web/lib/when-idle.ts';

// Toasts only follow user actions, so the toaster loads once the page is idle after its first
// render instead of in the first page load (bundle budget), and does not compete with
// hydration (sonner injects its stylesheet on load: a style recalculation of the whole page).
// A toast asked for earlier is not lost: sonner shows it when the toaster mounts.
const Toaster = lazy(loadChunk(() => import('#web/components/ui/toaster.tsx').then((module) => ({ default: module.Toaster }))));

/** The longest the toaster waits for an idle moment. */
const TOASTER_IDLE_TIMEOUT_MS = 3_000;

function DeferredToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true), TOASTER_IDLE_TIMEOUT_MS), []);
  if (!wanted) return null;
  return (
    // Without its code (offline, a blocked download) the page goes on without toasts.
    <Optional>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </Optional>
  );
}

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

/** The longest a page waits to switch to the visitor's stored language after hydrating. */
const FOLLOW_LANGUAGE_TIMEOUT_MS = 2_000;

/**
 * A page the server rendered in another language than the visitor's stored choice is hydrated
 * in the server's language (the markup must match), then switched: once hydration is done, so
 * that no part still hydrating (each product card is a boundary of its own) meets texts that
 * changed under it. Rendered on the server too, so both trees have the same shape (useId).
 */
function FollowLanguage({ language }: { language: string | undefined }) {
  const { i18n } = useTranslation();
  const followed = useRef(false);
  useEffect(() => {
    // Once, after the first render: later changes are the visitor's own.
    if (followed.current || !language || i18n.language === language) return;
    const rendered = i18n.language;
    return whenIdle(() => {
      followed.current = true;
      // Unless the visitor has chosen a language meanwhile. Offline, the page stays as it is.
      if (i18n.language === rendered) i18n.changeLanguage(language).catch(() => undefined);
    }, FOLLOW_LANGUAGE_TIMEOUT_MS);
  }, [language, i18n]);
  return null;
}

/** `<html data-ready>` once the app has rendered (or hydrated) and its handlers are attached: browser tests wait for it. */
function MarkReady() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

interface ProvidersProps {
  children: ReactNode;
  /** Given by the server renderer (entry-server.tsx), main.tsx and tests. */
  queryClient?: QueryClient;
  /** The server renderer's instance for the page's language; the browser's by default. */
  i18n?: I18n;
  /** The visitor's language, when it may differ from the one the page was rendered in. */
  language?: string;
}

export function Providers({ children, queryClient: given, i18n = browserI18n, language }: ProvidersProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <TranslationProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <ClearCacheOnUserChange />
          <BasketProvider>
            {/* Tooltips bring their own provider (700/300 ms): see components/ui/tooltip.tsx. */}
            {children}
            <FollowLanguage language={language} />
            <MarkReady />
            <DeferredToaster />
          </BasketProvider>
        </AuthProvider>
      </QueryClientProvider>
    </TranslationProvider>
  );
}
