import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '#web/test/render.tsx';
import { BASKET_STORAGE_KEY } from '../lib/basket-reducer.ts';
import { testProduct } from '../test-product.ts';
import { BasketView } from './basket-view.tsx';

const honey = testProduct({ id: 'honey', name: 'Honey', price: 130 });

function withBasket() {
  localStorage.setItem(BASKET_STORAGE_KEY, JSON.stringify([{ product: honey, quantity: 2 }]));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BasketView: checking prices', () => {
  it('says prices could not be checked when the product requests fail', async () => {
    withBasket();
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await renderRoutes({ routes: [{ path: '/', element: <BasketView /> }] });
    expect(await screen.findByText(/Couldn't check current prices and availability/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Checking prices and availability…')).not.toBeInTheDocument();
    expect(screen.getByTestId('basket-total')).toHaveTextContent('260');
  });

  it('says so at once while the browser is offline instead of "checking" for ever', async () => {
    withBasket();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    await renderRoutes({ routes: [{ path: '/', element: <BasketView /> }] });
    expect(await screen.findByText(/Couldn't check current prices and availability/)).toBeInTheDocument();
    expect(screen.queryByText('Checking prices and availability…')).not.toBeInTheDocument();
  });

  it('shows "checking" while the answers are on their way', async () => {
    withBasket();
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    await renderRoutes({ routes: [{ path: '/', element: <BasketView /> }] });
    expect(await screen.findByText('Checking prices and availability…')).toBeInTheDocument();
  });
});
