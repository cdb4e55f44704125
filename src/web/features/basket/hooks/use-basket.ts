import { useContext } from 'react';
import { BasketActionsContext, BasketContext, type BasketActions, type BasketContextValue } from './basket-context.ts';

export function useBasket(): BasketContextValue {
  const value = useContext(BasketContext);
  if (!value) throw new Error('useBasket must be used within BasketProvider');
  return value;
}

/** The basket's actions alone: the caller is not re-rendered when the basket changes (a page that only adds). */
export function useBasketActions(): BasketActions {
  const actions = useContext(BasketActionsContext);
  if (!actions) throw new Error('useBasketActions must be used within BasketProvider');
  return actions;
}
