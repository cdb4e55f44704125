import { LogOut, Package, UserRound } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Link, useNavigate } from '#web/lib/router.tsx';
import { Avatar, AvatarFallback, AvatarImage } from '#web/components/ui/avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { initials } from '#web/lib/utils.ts';

/** Signed-in header menu (docs/product.md): name, email, profile, orders, logout (then /). */
export default function AccountMenu() {
  const { t } = useTranslation('common');
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* The name is in the content, not aria-label: the initials shown must not contradict it (WCAG 2.5.3). */}
        <Button variant="ghost" size="icon" className="rounded-full">
          <Avatar aria-hidden="true">
            {user.avatar && <AvatarImage src={user.avatar} alt="" width={36} height={36} />}
            <AvatarFallback>{initials(user.name)}</AvatarFallback>
          </Avatar>
          <span className="sr-only">{t('header.accountMenu')}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate">{user.name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserRound aria-hidden="true" />
            {t('header.profile')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/orders">
            <Package aria-hidden="true" />
            {t('header.orders')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => {
            void logout();
            void navigate('/');
          }}
        >
          <LogOut aria-hidden="true" />
          {t('header.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
