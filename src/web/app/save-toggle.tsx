import type { Product } from '#shared/contracts/products.ts';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { useSendToLogin } from '#web/features/auth/hooks/use-send-to-login.ts';
import { SaveButton } from '#web/features/saved/components/save-button.tsx';

/** The save toggle with the signed-in user; a guest is sent to log in (and back) first. */
export function SaveToggle({ product, variant = 'icon' }: { product: Product; variant?: 'icon' | 'labelled' }) {
  const { user, isLoading } = useAuth();
  const sendToLogin = useSendToLogin();
  return <SaveButton product={product} userId={user?.id ?? null} sessionPending={isLoading} onRequireLogin={sendToLogin} variant={variant} />;
}

/** The card's toggle, over the picture's corner (given to cards by ProductSaveToggleProvider). */
export function CardSaveToggle({ product }: { product: Product }) {
  return <div className="absolute top-2 right-2"><SaveToggle product={product} /></div>;
}

/** For ProductSaveToggleProvider: a module-level function, the same on every render. */
export const renderCardSaveToggle = (product: Product) => <CardSaveToggle product={product} />;
