import { Heart } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import type { Product } from '#shared/contracts/products.ts';
import { Button } from '#web/components/ui/button.tsx';
import { lazyToast } from '#web/lib/lazy-toast.ts';
import { cn } from '#web/lib/utils.ts';
import { useSavedProducts, useSetSaved } from '../api/saved-products.ts';

/**
 * The save toggle of a product card (`icon`) and the product page (`labelled`): a heart button
 * named "Save" or "Saved" with aria-pressed. A signed-out user is sent to log in first. While
 * the stored session is still being read (`sessionPending`, also on the server-rendered page)
 * it is disabled: a tap then must neither send a signed-in user to log in nor do nothing.
 */
export function SaveButton({ product, userId, sessionPending = false, onRequireLogin, variant = 'icon', className }: {
  product: Product;
  userId: string | null;
  sessionPending?: boolean;
  onRequireLogin: () => void;
  variant?: 'icon' | 'labelled';
  className?: string;
}) {
  const { t } = useTranslation('saved');
  const saved = useSavedProducts(userId);
  const setSaved = useSetSaved(userId);
  const isSaved = Boolean(userId && saved.data?.some((p) => p.id === product.id));

  function toggle() {
    if (!userId) {
      onRequireLogin();
      return;
    }
    const next = !isSaved;
    setSaved.mutate({ product, saved: next }, {
      // One toast at a time for this button, whichever product.
      onSuccess: () => lazyToast.success(next ? t('toast.saved', { name: product.name }) : t('toast.unsaved', { name: product.name }), { id: 'saved-toggle' }),
      onError: (error) => lazyToast.error(t('toast.failed'), { id: 'saved-toggle', description: error.message }),
    });
  }

  const label = isSaved ? t('button.saved') : t('button.save');
  const icon = <Heart aria-hidden="true" className={cn(isSaved && 'fill-current text-rose-600')} />;
  if (variant === 'labelled') {
    return (
      <Button variant="outline" onClick={toggle} disabled={sessionPending} aria-pressed={isSaved} className={className} data-testid="save-toggle">
        {icon}
        {label}
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      size="icon"
      onClick={toggle}
      disabled={sessionPending}
      aria-pressed={isSaved}
      aria-label={label}
      title={label}
      className={cn('size-9 rounded-full bg-card/90 shadow-sm backdrop-blur-sm', className)}
      data-testid="save-toggle"
    >
      {icon}
    </Button>
  );
}
