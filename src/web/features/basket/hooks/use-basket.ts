import { useContext } from 'react';
import { BasketContext, type BasketContextValue } from './basket-context.ts';

export function useBasket(): BasketContextValue {
  const value = useContext(BasketContext);
  if (!value) throw new Error('useBasket must be used within BasketProvider');
  return value;
}
