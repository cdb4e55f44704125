import { lazy, Suspense } from 'react';
import { MapPin, Menu, Search, Wheat } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link, useNavigate } from '#web/lib/router.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { Optional } from '#web/components/optional.tsx';
import { loadChunk } from '#web/lib/load-chunk.ts';
import { initials } from '#web/lib/utils.ts';
import { LanguageSwitcher } from './language-switcher.tsx';

// The menu (Radix DropdownMenu, popper, focus management) only matters once signed in:
// loading it on demand keeps it out of the first page load (bundle budget).
const AccountMenu = lazy(loadChunk(() => import('./account-menu.tsx')));
// The bell (its unread count query and the centre it opens) only matters once signed in too.
const NotificationBell = lazy(loadChunk(() => import('#web/features/notifications/components/notification-bell.tsx').then((m) => ({ default: m.NotificationBell }))));

/** Looks like the menu's trigger while the menu code loads. */
function AccountMenuPlaceholder({ name }: { name: string }) {
  return (
    <span aria-hidden="true" className="flex size-10 items-center justify-center">
      <span className="flex size-9 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground">
        {initials(name)}
      </span>
    </span>
  );
}

export interface HeaderProps {
  /** Custom search action; without it the search button goes to /search. */
  onSearch?: () => void;
  /** When given, a menu button is shown on small screens. */
  onMenu?: () => void;
}

export function Header({ onSearch, onMenu }: HeaderProps) {
  const { t } = useTranslation('common');
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();

  return (
    <header className="sticky top-0 z-40 border-b bg-background">
      <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-3 sm:px-4">
        {onMenu && (
          <Button variant="ghost" size="icon" className="md:hidden" aria-label={t('header.menu')} onClick={onMenu}>
            <Menu aria-hidden="true" />
          </Button>
        )}
        <Link
          to="/"
          aria-label={t('header.home')}
          className="flex items-center gap-1.5 rounded-md text-xl font-bold tracking-tight text-primary"
        >
          <span className="flex size-8 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <Wheat aria-hidden="true" className="size-5" />
          </span>
          {/* Signed out, the login and signup buttons need the room on narrow phones. */}
          <span className={user ? undefined : 'hidden min-[420px]:inline'}>Domaće</span>
        </Link>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <LanguageSwitcher />
          {/* Drops (docs/drops.md): several households at one place and hour; the name shows beside the pin on wide screens.
              A phone's header has no room left (the feed links to drops there). */}
          <Button asChild variant="ghost" className="hidden size-10 px-0 sm:inline-flex lg:w-auto lg:px-3">
            <Link to="/drops"><MapPin aria-hidden="true" /><span className="sr-only lg:not-sr-only">{t('header.drops')}</span></Link>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('header.search')}
            onClick={() => (onSearch ? onSearch() : void navigate('/search'))}
          >
            <Search aria-hidden="true" />
          </Button>
          {user && (
            <Optional>
              <Suspense fallback={null}>
                <NotificationBell isProducer={user.userType === 'producer'} />
              </Suspense>
            </Optional>
          )}
          {user ? (
            // Without the menu's code, the avatar still leads to the profile.
            <Optional fallback={<Link to="/profile" aria-label={t('header.accountMenu')}><AccountMenuPlaceholder name={user.name} /></Link>}>
              <Suspense fallback={<AccountMenuPlaceholder name={user.name} />}>
                <AccountMenu />
              </Suspense>
            </Optional>
          ) : (
            // While the session loads (the server's page, and the app's first render) the buttons
            // show only where boot.ts found no stored session (`<html data-signed-out>`): they do
            // not flash for signed-in users, and a visitor without an account sees them before the
            // app starts (lib/early-start.ts).
            <span className={isLoading ? 'hidden [html[data-signed-out]_&]:contents' : 'contents'}>
              <Button asChild variant="outline" size="sm">
                <Link to="/login">{t('header.login')}</Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/signup">{t('header.signup')}</Link>
              </Button>
            </span>
          )}
        </div>
      </div>
    </header>
  );
}
