import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useBasket, useBasketActions } from '../hooks/use-basket.ts';
import { addToStoredBasket } from '../lib/basket-storage.ts';
import { BASKET_STORAGE_KEY } from '#web/lib/storage-keys.ts';
import { testProduct } from '../test-product.ts';
import { BasketProvider } from './basket-provider.tsx';

const wrapper = ({ children }: { children: ReactNode }) => <BasketProvider>{children}</BasketProvider>;

describe('BasketProvider', () => {
  it('adds (default quantity 1), increases, sets, removes and clears, with total and itemCount', () => {
    const honey = testProduct({ id: 'honey', price: 1200 });
    const milk = testProduct({ id: 'milk', price: 150, unit: 'l' });
    const { result } = renderHook(() => useBasket(), { wrapper });

    act(() => result.current.add(honey));
    act(() => result.current.add(honey, 2));
    act(() => result.current.add(milk));
    expect(result.current.items.map((item) => [item.product.id, item.quantity])).toEqual([
      ['honey', 3],
      ['milk', 1],
    ]);
    expect(result.current.itemCount).toBe(4);
    expect(result.current.total).toBe(3750);

    act(() => result.current.setQuantity('milk', 0));
    expect(result.current.items).toHaveLength(1);
    act(() => result.current.remove('honey'));
    expect(result.current.itemCount).toBe(0);
    act(() => result.current.add(milk, 2));
    act(() => result.current.clear());
    expect(result.current.items).toEqual([]);
    expect(result.current.total).toBe(0);
  });

  it('persists to localStorage and restores at start', () => {
    const honey = testProduct({ id: 'honey' });
    const first = renderHook(() => useBasket(), { wrapper });
    act(() => first.result.current.add(honey, 2));
    expect(JSON.parse(localStorage.getItem(BASKET_STORAGE_KEY)!)).toEqual([{ product: honey, quantity: 2 }]);
    first.unmount();

    const second = renderHook(() => useBasket(), { wrapper });
    expect(second.result.current.items).toEqual([{ product: honey, quantity: 2 }]);
    expect(second.result.current.itemCount).toBe(2);
  });

  it('starts empty when the stored basket is corrupt', () => {
    localStorage.setItem(BASKET_STORAGE_KEY, '{not json');
    const { result } = renderHook(() => useBasket(), { wrapper });
    expect(result.current.items).toEqual([]);
  });

  it('updates consumers when a button adds to the basket', async () => {
    function Probe() {
      const { add, itemCount } = useBasket();
      return (
        <button type="button" onClick={() => add(testProduct())}>
          count {itemCount}
        </button>
      );
    }
    render(<Probe />, { wrapper });
    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('count 1');
  });
});

describe('adds made before the app was ready (boot.ts)', () => {
  it('an add stored after the basket was read shows at once, and the next add builds on it', () => {
    const honey = testProduct({ id: 'honey' });
    const { result } = renderHook(() => useBasket(), { wrapper });
    expect(result.current.itemCount).toBe(0);
    act(() => { addToStoredBasket(honey); });
    expect(result.current.items).toEqual([{ product: honey, quantity: 1 }]);
    act(() => result.current.add(honey));
    expect(result.current.itemCount).toBe(2);
    expect(JSON.parse(localStorage.getItem(BASKET_STORAGE_KEY)!)).toEqual([{ product: honey, quantity: 2 }]);
  });

  it('a component that only adds is not re-rendered by the basket changing', () => {
    let renders = 0;
    function Adder() {
      renders += 1;
      const { add } = useBasketActions();
      return <button type="button" onClick={() => add(testProduct())}>add</button>;
    }
    function Count() {
      return <p>count {useBasket().itemCount}</p>;
    }
    render(<><Adder /><Count /></>, { wrapper });
    act(() => screen.getByRole('button').click());
    act(() => screen.getByRole('button').click());
    expect(screen.getByText('count 2')).toBeInTheDocument();
    expect(renders).toBe(1);
  });
});

describe('hook misuse', () => {
  it('useBasket outside BasketProvider throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useBasket())).toThrow('useBasket must be used within BasketProvider');
  });
});
