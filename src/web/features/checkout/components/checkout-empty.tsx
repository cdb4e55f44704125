import { ShoppingBasket } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Link } from '#web/lib/router.tsx';
import { useTranslation } from '#web/lib/translate.tsx';

/** An empty basket at checkout: a way back to the products. */
export function CheckoutEmpty() {
  const { t } = useTranslation('checkout');
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-center">
      <ShoppingBasket aria-hidden="true" className="size-12 text-muted-foreground" />
      <p className="text-lg font-medium">{t('emptyTitle')}</p>
      <p className="text-muted-foreground">{t('emptyText')}</p>
      <Button asChild>
        <Link to="/">{t('browse')}</Link>
      </Button>
    </div>
  );
}
