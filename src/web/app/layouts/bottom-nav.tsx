import type { LucideIcon } from 'lucide-react';
import { House, Package, Search, ShoppingBasket, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useBasket } from '#web/features/basket/hooks/use-basket.ts';
import { cn } from '#web/lib/utils.ts';

interface Tab {
  key: 'feed' | 'search' | 'basket' | 'orders' | 'profile';
  to: string;
  icon: LucideIcon;
  /** Paths under which this tab is the active one. */
  matches: (pathname: string) => boolean;
}

const under = (prefix: string) => (pathname: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

const TABS: Tab[] = [
  { key: 'feed', to: '/', icon: House, matches: (pathname) => pathname === '/' },
  { key: 'search', to: '/search', icon: Search, matches: under('/search') },
  { key: 'basket', to: '/basket', icon: ShoppingBasket, matches: (p) => under('/basket')(p) || under('/checkout')(p) },
  { key: 'orders', to: '/orders', icon: Package, matches: under('/orders') },
  // The profile tab leads producers to their dashboard (spec section 6).
  { key: 'profile', to: '/profile', icon: UserRound, matches: (p) => under('/profile')(p) || under('/producer')(p) },
];

export function BottomNav() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const { itemCount } = useBasket();

  return (
    <nav
      aria-label={t('nav.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background pb-[env(safe-area-inset-bottom)]"
    >
      <ul className="mx-auto grid h-16 max-w-5xl grid-cols-5">
        {TABS.map(({ key, to, icon: Icon, matches }) => {
          const isActive = matches(pathname);
          const showBadge = key === 'basket' && itemCount > 0;
          return (
            <li key={key} className="flex">
              <Link
                to={to}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'relative flex flex-1 flex-col items-center justify-center gap-0.5 rounded-md text-xs font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-offset-[-3px]',
                  isActive && 'text-primary',
                )}
              >
                <span className="relative">
                  <Icon aria-hidden="true" className={cn('size-6', isActive && 'stroke-[2.5]')} />
                  {showBadge && (
                    <span
                      aria-hidden="true"
                      data-testid="basket-badge"
                      className="absolute -top-1.5 -right-2.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[11px] leading-none font-bold text-primary-foreground ring-2 ring-background"
                    >
                      {itemCount > 99 ? '99+' : itemCount}
                    </span>
                  )}
                </span>
                {/* With a count, the name comes from hidden text rather than aria-label, so the visible
                    label and the badge never contradict the accessible name (WCAG 2.5.3). */}
                {showBadge ? (
                  <>
                    <span aria-hidden="true">{t(`nav.${key}`)}</span>
                    <span className="sr-only">{t('nav.basketWithCount', { count: itemCount })}</span>
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
