import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProducerOrder } from '#shared/contracts/orders.ts';
import i18n from '#web/lib/i18n.ts';
import { ProducerOrdersTab } from './producer-orders-tab.tsx';

beforeAll(async () => { await i18n.changeLanguage('en'); });
afterEach(() => { vi.unstubAllGlobals(); });

const ORDER: ProducerOrder = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e', number: 100_001, deliveryArea: null, pickupPoint: null, drop: null, deliveryFee: 0,
  payment: { method: 'cash', status: 'unpaid', paidAt: null, reportedAt: null, ips: null }, deposit: null, checkoutId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  householdId: '16fd2706-8baf-433b-82eb-8c7fada847da', householdName: 'Пчелињак', status: 'pending',
  deliveryType: 'pickup', pickupDate: '2099-01-15', pickupTime: '10:30', deliveryAddress: null,
  contactPhone: '+381641234567', notes: 'Без кесе', total: 2400, estimate: false, estimateTotal: null,
  items: [{ productId: '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b', name: 'Мед', unit: 'jar', unitPrice: 1200, quantity: 2, lineTotal: 2400, pricing: 'unit', pieceWeight: null, estimate: false, weight: null }],
  events: [{ status: 'pending', createdAt: '2099-01-10T10:00:00.000Z' }],
  createdAt: '2099-01-10T10:00:00.000Z', updatedAt: '2099-01-10T10:00:00.000Z',
  customerId: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', customerName: 'Марија Николић',
};

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TranslationProvider i18n={i18n}>
      <QueryClientProvider client={client}><ProducerOrdersTab /></QueryClientProvider>
    </TranslationProvider>,
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

  it('shows the pickup point, fee and payment, marks an order paid, and totals products across orders on the packing list', async () => {
    const second: ProducerOrder = {
      ...ORDER, id: '1f8fad5b-d9cb-469f-a165-70867728950e', number: 100_002, deliveryType: 'delivery', deliveryAddress: 'Обреновићева 10',
      deliveryArea: 'Ниш', deliveryFee: 300, total: 1500,
      payment: { method: 'ips_qr', status: 'unpaid', paidAt: null, reportedAt: null, ips: null },
      items: [{ productId: '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b', name: 'Мед', unit: 'jar', unitPrice: 1200, quantity: 1.5, lineTotal: 1800, pricing: 'unit', pieceWeight: null, estimate: false, weight: null }],
    };
    const first: ProducerOrder = { ...ORDER, pickupPoint: { id: '2ec0bd7f-11c0-43da-975e-2a8ad9ebae0b', name: 'Тезга 7', address: 'Пијаца 1, Ниш' } };
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        expect(JSON.parse(init.body as string)).toEqual({ paymentStatus: 'paid' });
        return Promise.resolve(new Response(JSON.stringify({ ...second, payment: { ...second.payment, status: 'paid', paidAt: '2099-01-11T10:00:00.000Z' } }), { status: 200 }));
      }
      return Promise.resolve(new Response(JSON.stringify({ items: [first, second], nextCursor: null }), { status: 200 }));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderTab();
    const card = await screen.findByText('Order #100002');
    const secondCard = card.closest('[data-testid="producer-order"]') as HTMLElement;
    expect(secondCard).toHaveTextContent('Обреновићева 10, Ниш');
    expect(secondCard).toHaveTextContent('300.00 RSD');
    expect(secondCard).toHaveTextContent('Not paid');
    const firstCard = (await screen.findByText('Order #100001')).closest('[data-testid="producer-order"]') as HTMLElement;
    expect(firstCard).toHaveTextContent('Тезга 7, Пијаца 1, Ниш');
    await userEvent.click(within(secondCard).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, i]) => String(u).endsWith(`/api/producer/orders/${second.id}`) && i?.method === 'PATCH')).toBe(true));
    const packing = screen.getByTestId('packing-list');
    expect(within(packing).getByText('Мед').closest('tr')).toHaveTextContent('Мед3.5 jar');
  });

  it('on a desktop screen is a table: a row per order, its number the row header, status and paid mark named after it', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ items: [ORDER], nextCursor: null }), { status: 200 }))));
    renderTab();
    const table = await screen.findByRole('table', { name: 'Incoming orders' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent))
      .toEqual(['Order', 'Customer', 'Pickup / delivery', 'Items', 'Total and payment', 'Status']);
    const row = within(table).getByRole('row', { name: /Order #100001/ });
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Order #100001');
    expect(row).toHaveTextContent('Марија Николић');
    expect(row).toHaveTextContent('+381641234567');
    expect(row).toHaveTextContent('Без кесе');
    expect(row).toHaveTextContent('Мед × 2');
    expect(row).toHaveTextContent('2,400.00 RSD');
    expect(row).toHaveTextContent('Not paid');
    expect(within(row).getByRole('combobox', { name: 'Status of order 0f8fad5b' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Mark paid, order #100001' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Incoming orders' })).toBeNull();
  });
});
