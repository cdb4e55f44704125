import { useTranslation } from '#web/lib/translate.tsx';
import { Outlet, ScrollRestoration, useNavigation } from '#web/lib/router.tsx';
import { OfflineBanner } from '#web/components/offline-banner.tsx';
import { ProductSaveToggleProvider } from '#web/components/product-save-slot.tsx';
import { renderCardSaveToggle } from '../save-toggle.tsx';
import { BottomNav } from './bottom-nav.tsx';
import { Header } from './header.tsx';

/** Shows that the next page is on its way (lazy chunks load on first visit). */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-primary/20">
      <div className="h-full w-1/3 animate-pulse bg-primary" />
    </div>
  );
}

export function AppLayout() {
  const { t } = useTranslation('common');
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <NavigationProgress />
      <Header />
      {/* Before the page in reading order: a row under the header on desktop, fixed at the bottom on phones. */}
      <BottomNav />
      <OfflineBanner />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl px-4 pt-4 pb-24 outline-none lg:pb-10">
        <ProductSaveToggleProvider value={renderCardSaveToggle}>
          <Outlet />
        </ProductSaveToggleProvider>
      </main>
      <ScrollRestoration />
    </>
  );
}
