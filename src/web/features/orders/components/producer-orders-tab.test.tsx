import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProducerOrder } from '#shared/contracts/orders.ts';
import i18n from '#web/lib/i18n.ts';
import { ProducerOrdersTab } from './producer-orders-tab.tsx';

beforeAll(async () => { await i18n.changeLanguage('en'); });
afterEach(() => { vi.unstubAllGlobals(); });

const ORDER: ProducerOrder = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e', checkoutId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  householdId: '16fd2706-8baf-433b-82eb-8c7fada847da', householdName: 'Пчелињак', status: 'pending',
  deliveryType: 'pickup', pickupDate: '2099-01-15', pickupTime: '10:30', deliveryAddress: null,
  contactPhone: '+381641234567', notes: 'Без кесе', total: 2400,
  items: [{ productId: '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b', name: 'Мед', unit: 'jar', unitPrice: 1200, quantity: 2, lineTotal: 2400 }],
  events: [{ status: 'pending', createdAt: '2099-01-10T10:00:00.000Z' }],
  createdAt: '2099-01-10T10:00:00.000Z', updatedAt: '2099-01-10T10:00:00.000Z',
  customerId: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', customerName: 'Марија Николић',
};

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}><ProducerOrdersTab /></QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('ProducerOrdersTab', () => {
  it('lists incoming orders with customer, phone, notes, items and total', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ items: [ORDER], nextCursor: null }), { status: 200 }))));
    renderTab();
    expect((await screen.findAllByText('Марија Николић')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('+381641234567').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Без кесе').length).toBeGreaterThan(0);
    expect(screen.getAllByText('2,400.00 RSD').length).toBeGreaterThan(0);
    expect(screen.getByRole('combobox', { name: 'Status of order 0f8fad5b' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toBeInTheDocument();
  });

  it('prints the list, and says so when printing fails', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ items: [ORDER], nextCursor: null }), { status: 200 }))));
    const error = vi.spyOn(toast, 'error');
    const print = vi.fn(() => { throw new Error('blocked'); });
    vi.stubGlobal('print', print);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Print List' }));
    expect(print).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Print Error', { description: 'Failed to print orders' }));
  });
});
