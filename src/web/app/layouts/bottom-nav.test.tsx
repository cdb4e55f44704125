import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { fakeTokens } from '#web/test/jwt.ts';
import { useBasket } from '#web/features/basket/hooks/use-basket.ts';
import { testProduct } from '#web/features/basket/test-product.ts';
import { renderRoutes } from '#web/test/render.tsx';
import { BottomNav } from './bottom-nav.tsx';

/** Buttons that put products in the basket, as a product page would. */
function Page() {
  const { add } = useBasket();
  return (
    <>
      <button type="button" onClick={() => add(testProduct({ id: 'a' }), 2)}>
        add two of a
      </button>
      <button type="button" onClick={() => add(testProduct({ id: 'b' }))}>
        add one of b
      </button>
    </>
  );
}

const routes = [{ path: '*', element: <><Page /><BottomNav /></> }];

describe('BottomNav', () => {
  it('has five tabs and marks the one matching the path', async () => {
    await renderRoutes({ routes, path: '/orders' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/', '/search', '/basket', '/orders', '/profile']);
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Feed' })).not.toHaveAttribute('aria-current');
  });

  it('hides the basket badge at 0 and shows the count above 0', async () => {
    await renderRoutes({ routes, path: '/' });
    expect(screen.queryByTestId('basket-badge')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Basket' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'add two of a' }));
    fireEvent.click(screen.getByRole('button', { name: 'add one of b' }));
    expect(screen.getByTestId('basket-badge')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Basket, 3 items' })).toBeInTheDocument();
  });

  it('announces the count with Serbian plurals', async () => {
    await renderRoutes({ routes, path: '/', language: 'sr' });
    fireEvent.click(screen.getByRole('button', { name: 'add one of b' }));
    expect(screen.getByRole('link', { name: 'Корпа, 1 артикал' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'add two of a' }));
    expect(screen.getByRole('link', { name: 'Корпа, 3 артикла' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'add two of a' }));
    expect(screen.getByRole('link', { name: 'Корпа, 5 артикала' })).toBeInTheDocument();
  });

  describe('for a producer', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      localStorage.clear();
    });

    it('offers the dashboard instead of the buyer\'s orders, with a badge of the orders waiting', async () => {
      const tokens = fakeTokens({ sub: 'p-1', email: 'p@example.rs', name: 'Пера', userType: 'producer' });
      localStorage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify({ id: 'p-1', email: 'p@example.rs', name: 'Пера', userType: 'producer' }));
      localStorage.setItem(SESSION_STORAGE_KEYS.idToken, tokens.idToken);
      localStorage.setItem(SESSION_STORAGE_KEYS.accessToken, tokens.accessToken);
      localStorage.setItem(SESSION_STORAGE_KEYS.refreshToken, tokens.refreshToken);
      const fetchMock = vi.fn((url: string) => Promise.resolve(new Response(
        JSON.stringify(String(url).endsWith('/api/producer/overview') ? { ordersWaiting: 4, weekSales: 0, daily: [] } : {}),
        { status: 200, headers: { 'content-type': 'application/json' } },
      )));
      vi.stubGlobal('fetch', fetchMock);
      await renderRoutes({ routes, path: '/producer/dashboard' });
      const nav = screen.getByRole('navigation', { name: 'Main navigation' });
      const dashboard = await within(nav).findByRole('link', { name: 'Dashboard, 4 new orders' });
      expect(dashboard).toHaveAttribute('href', '/producer/dashboard');
      expect(dashboard).toHaveAttribute('aria-current', 'page');
      expect(within(nav).queryByRole('link', { name: 'Orders' })).not.toBeInTheDocument();
      expect(within(nav).getByTestId('dashboard-badge')).toHaveTextContent('4');
    });
  });
});
