import { createContext, useContext, type ReactNode } from 'react';
import type { Product } from '#shared/contracts/products.ts';

/**
 * Where a product card shows its save toggle. The card (catalog) and the toggle (saved, with
 * the signed-in user) are features that do not import each other: the app layout provides the
 * toggle here (app/save-toggle.tsx), and a card without a provider (tests) shows none.
 */
const SaveToggleContext = createContext<((product: Product) => ReactNode) | null>(null);

export const ProductSaveToggleProvider = SaveToggleContext.Provider;

export function ProductSaveSlot({ product }: { product: Product }) {
  const render = useContext(SaveToggleContext);
  return render ? render(product) : null;
}
