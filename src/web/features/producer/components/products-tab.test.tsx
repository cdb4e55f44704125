import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product } from '#shared/contracts/products.ts';
import i18n from '#web/lib/i18n.ts';
import { ProductsTab } from './products-tab.tsx';

beforeAll(async () => { await i18n.changeLanguage('en'); });
afterEach(() => { vi.unstubAllGlobals(); });

const HONEY: Product = {
  id: '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b', householdId: '16fd2706-8baf-433b-82eb-8c7fada847da', householdName: 'Пчелињак',
  name: 'Багремов мед', description: 'Са Фрушке горе.', price: 1200, unit: 'jar', pricing: 'unit', pieceWeight: null, image: null, thumbnail: null,
  category: 'honey', availability: true, featured: true, promoted: false, stock: 7, quantityStep: 1, availableFrom: null, ingredients: null, allergens: [], storage: null, depositPercent: 0, preorderLimit: null,
  rating: 0, reviewCount: 0, createdAt: '2099-01-10T10:00:00.000Z',
};
const CHEESE: Product = { ...HONEY, id: '7ec0bd7f-11c0-43da-975e-2a8ad9ebae0b', name: 'Сјенички сир', category: 'dairy', availability: false, featured: false, stock: null, unit: 'kg', price: 950 };

/** A screen of `width` CSS pixels, as window.matchMedia answers the `(min-width: 64rem)` query. */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /min-width: 64rem/.test(query) && width >= 1024, media: query,
    addEventListener: () => {}, removeEventListener: () => {},
  }));
}

function renderTab() {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ items: [HONEY, CHEESE], nextCursor: null }), { status: 200 }))));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TranslationProvider i18n={i18n}>
      <QueryClientProvider client={client}><ProductsTab UploadField={() => null} /></QueryClientProvider>
    </TranslationProvider>,
  );
}

describe('ProductsTab', () => {
  it('on a desktop screen is a table named by its heading, a row per product with its actions named after it', async () => {
    screenWidth(1366);
    renderTab();
    const table = await screen.findByRole('table', { name: 'My products' });
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Photo', 'Product', 'Category', 'Price', 'Stock', 'State', 'Actions']);
    expect(screen.queryByRole('group', { name: 'Багремов мед' })).toBeNull();

    const honey = within(table).getByRole('row', { name: /Багремов мед/ });
    expect(within(honey).getByRole('rowheader')).toHaveTextContent('Багремов мед');
    expect(honey).toHaveTextContent('Honey');
    expect(honey).toHaveTextContent('1,200 RSD / jar');
    expect(honey).toHaveTextContent('7');
    expect(honey).toHaveTextContent('Available');
    expect(honey).toHaveTextContent('Featured');
    for (const name of ['Edit Багремов мед', 'Unpublish Багремов мед', 'Delete Багремов мед']) {
      expect(within(honey).getByRole('button', { name })).toBeInTheDocument();
    }
    const cheese = within(table).getByRole('row', { name: /Сјенички сир/ });
    expect(cheese).toHaveTextContent('Unavailable');
    expect(within(cheese).getByRole('button', { name: 'Publish Сјенички сир' })).toBeInTheDocument();

    // The row's delete asks about that product.
    await userEvent.click(within(honey).getByRole('button', { name: 'Delete Багремов мед' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('"Багремов мед" will be permanently deleted');
  });

  it('on a phone stays a list of cards', async () => {
    screenWidth(390);
    renderTab();
    const card = await screen.findByRole('group', { name: 'Багремов мед' });
    expect(within(card).getByRole('button', { name: 'Edit Багремов мед' })).toBeInTheDocument();
    expect(card).toHaveTextContent('In stock: 7');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
