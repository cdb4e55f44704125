import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '#web/test/render.tsx';
import { BASKET_STORAGE_KEY } from '#web/lib/storage-keys.ts';
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

  it('flags a line whose product is gone (404) as no longer available, not as a failed check', async () => {
    withBasket();
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ error: 'Product not found', code: 'not_found' }), { status: 404 }))));
    await renderRoutes({ routes: [{ path: '/', element: <BasketView /> }] });
    expect(await screen.findByText('No longer available')).toBeInTheDocument();
    expect(screen.queryByText(/Couldn't check current prices and availability/)).not.toBeInTheDocument();
  });

  it('takes over a changed price from the server', async () => {
    withBasket();
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ ...honey, price: 150 }), { status: 200 }))));
    await renderRoutes({ routes: [{ path: '/', element: <BasketView /> }] });
    await waitFor(() => expect(screen.getByTestId('basket-total')).toHaveTextContent('300'));
  });
});

describe('BasketView: quantity', () => {
  it('"−" stops at 1 and keeps the line; only the remove button takes it away', async () => {
    withBasket();
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    const user = userEvent.setup();
    await renderRoutes({ routes: [{ path: '/', element: <BasketView /> }] });
    const decrease = await screen.findByRole('button', { name: 'Decrease quantity of Honey' });
    const quantity = within(screen.getByRole('group', { name: 'Quantity' }));
    expect(decrease).not.toHaveAttribute('aria-disabled');
    await user.click(decrease);
    expect(quantity.getByText('1')).toBeInTheDocument();
    expect(decrease).toHaveAttribute('aria-disabled', 'true');
    // Tapping again (or pressing Enter on it) keeps the line at 1.
    await user.click(decrease);
    decrease.focus();
    await user.keyboard('{Enter}');
    expect(quantity.getByText('1')).toBeInTheDocument();
    expect(screen.getByText('Honey')).toBeInTheDocument();
    expect(decrease).toHaveFocus();
    expect(JSON.parse(localStorage.getItem(BASKET_STORAGE_KEY) ?? '[]')).toMatchObject([{ quantity: 1 }]);

    await user.click(screen.getByRole('button', { name: 'Remove Honey' }));
    expect(screen.queryByText('Honey')).not.toBeInTheDocument();
  });

  it('with a half-kilo step, "−" goes down by 0.5 and stops at one step', async () => {
    const cheese = testProduct({ id: 'cheese', name: 'Cheese', unit: 'kg', price: 800, quantityStep: 0.5 });
    localStorage.setItem(BASKET_STORAGE_KEY, JSON.stringify([{ product: cheese, quantity: 1 }]));
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    const user = userEvent.setup();
    await renderRoutes({ routes: [{ path: '/', element: <BasketView /> }] });
    const decrease = await screen.findByRole('button', { name: 'Decrease quantity of Cheese' });
    await user.click(decrease);
    expect(decrease).toHaveAttribute('aria-disabled', 'true');
    await user.click(decrease);
    expect(screen.getByText('Cheese')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(BASKET_STORAGE_KEY) ?? '[]')).toMatchObject([{ quantity: 0.5 }]);
    expect(screen.getByTestId('basket-total')).toHaveTextContent('400');
  });
});
