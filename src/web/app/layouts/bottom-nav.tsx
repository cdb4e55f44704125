import type { LucideIcon } from 'lucide-react';
import { House, LayoutDashboard, Package, Search, ShoppingBasket, UserRound } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link, useLocation } from '#web/lib/router.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { useBasket } from '#web/features/basket/hooks/use-basket.ts';
import { useOverview } from '#web/features/producer/api/get-overview.ts';
import { cn } from '#web/lib/utils.ts';

interface Tab {
  key: 'feed' | 'search' | 'basket' | 'orders' | 'dashboard' | 'profile';
  to: string;
  icon: LucideIcon;
  /** Paths under which this tab is the active one. */
  matches: (pathname: string) => boolean;
}

const under = (prefix: string) => (pathname: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

const BUYER_TABS: Tab[] = [
  { key: 'feed', to: '/', icon: House, matches: (pathname) => pathname === '/' },
  { key: 'search', to: '/search', icon: Search, matches: under('/search') },
  { key: 'basket', to: '/basket', icon: ShoppingBasket, matches: (p) => under('/basket')(p) || under('/checkout')(p) },
  { key: 'orders', to: '/orders', icon: Package, matches: under('/orders') },
  // The profile page leads producers to their dashboard.
  { key: 'profile', to: '/profile', icon: UserRound, matches: (p) => under('/profile')(p) || under('/producer')(p) },
];

/** A producer's orders arrive in the dashboard: that tab replaces "Orders", with a badge of the orders waiting. */
const PRODUCER_TABS: Tab[] = BUYER_TABS.map((tab) => {
  if (tab.key === 'orders') return { key: 'dashboard', to: '/producer/dashboard', icon: LayoutDashboard, matches: under('/producer') };
  if (tab.key === 'profile') return { ...tab, matches: under('/profile') };
  return tab;
});

/** The orders waiting for a producer (the dashboard's overview answer); 0 for everyone else. */
function useOrdersWaiting(isProducer: boolean): number {
  const overview = useOverview({ enabled: isProducer });
  return isProducer ? (overview.data?.ordersWaiting ?? 0) : 0;
}

/**
 * The main navigation: a bottom bar of five tabs on phones and tablets, a row under the header
 * on desktop screens (lg and up).
 */
export function BottomNav() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const { itemCount } = useBasket();
  const { user } = useAuth();
  const isProducer = user?.userType === 'producer';
  const ordersWaiting = useOrdersWaiting(isProducer);
  const tabs = isProducer ? PRODUCER_TABS : BUYER_TABS;

  return (
    <nav
      aria-label={t('nav.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background pb-[env(safe-area-inset-bottom)] lg:sticky lg:top-14 lg:bottom-auto lg:z-30 lg:border-t-0 lg:border-b lg:pb-0"
    >
      <ul className="mx-auto grid h-16 max-w-5xl grid-cols-5 lg:flex lg:h-12 lg:justify-start lg:gap-2 lg:px-4">
        {tabs.map(({ key, to, icon: Icon, matches }) => {
          const isActive = matches(pathname);
          const count = key === 'basket' ? itemCount : key === 'dashboard' ? ordersWaiting : 0;
          const showBadge = count > 0;
          return (
            <li key={key} className="flex">
              <Link
                to={to}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'relative flex flex-1 flex-col items-center justify-center gap-0.5 rounded-md text-xs font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-offset-[-3px] lg:flex-none lg:flex-row lg:gap-2 lg:px-3 lg:text-sm',
                  isActive && 'text-primary',
                )}
              >
                <span className="relative">
                  <Icon aria-hidden="true" className={cn('size-6', isActive && 'stroke-[2.5]')} />
                  {showBadge && (
                    <span
                      aria-hidden="true"
                      data-testid={`${key}-badge`}
                      className="absolute -top-1.5 -right-2.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[11px] leading-none font-bold text-primary-foreground ring-2 ring-background"
                    >
                      {count > 99 ? '99+' : count}
                    </span>
                  )}
                </span>
                {/* With a count, the name comes from hidden text rather than aria-label, so the visible
                    label and the badge never contradict the accessible name (WCAG 2.5.3). */}
                {showBadge ? (
                  <>
                    <span aria-hidden="true">{t(`nav.${key}`)}</span>
                    <span className="sr-only">{t(`nav.${key}WithCount`, { count })}</span>
                  </>
                ) : (
                  <span>{t(`nav.${key}`)}</span>
                )}
                {isActive && <span aria-hidden="true" className="absolute bottom-1 h-1 w-6 rounded-full bg-primary" />}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
