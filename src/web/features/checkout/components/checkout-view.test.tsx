import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '#web/lib/i18n.ts';
import { CheckoutView, type CheckoutLine } from './checkout-view.tsx';

beforeAll(async () => { await i18n.changeLanguage('en'); });
afterEach(() => { vi.unstubAllGlobals(); });

const line = (id: string, householdId: string, householdName: string, price: number, quantity: number): CheckoutLine => ({
  product: { id, name: `Product ${id}`, householdId, householdName, price, unit: 'jar' }, quantity,
});
const ITEMS = [line('a', 'h1', 'Пчелињак', 1200, 2), line('b', 'h2', 'Салаш', 99.5, 3), line('c', 'h1', 'Пчелињак', 450.5, 1)];

function renderCheckout(items = ITEMS, onPlaced = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter><CheckoutView items={items} defaultPhone="+381641234567" onPlaced={onPlaced} /></MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return onPlaced;
}

function fillDetails() {
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2099-01-15' } });
  fireEvent.change(screen.getByLabelText('Time'), { target: { value: '10:30' } });
}

const created = () => new Response(JSON.stringify({ orders: [{ id: '1' }, { id: '2' }] }), { status: 201 });
const keysOf = (mock: ReturnType<typeof vi.fn>) =>
  mock.mock.calls.map((call) => ((call[1] as RequestInit).headers as Record<string, string>)['Idempotency-Key']);

describe('CheckoutView', () => {
  it('shows an empty prompt with a way to browse', () => {
    renderCheckout([]);
    expect(screen.getByText('Your basket is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/');
  });

  it('groups the summary by household with subtotals, and shows the total on the button', () => {
    renderCheckout();
    const bees = screen.getByRole('region', { name: 'Пчелињак' });
    expect(within(bees).getByText('2,850.50 RSD')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Салаш' })).getAllByText('298.50 RSD')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Place order · 3,149.00 RSD' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to basket/ })).toHaveAttribute('href', '/basket');
  });

  it('asks for date, time and, for delivery, the address before sending anything', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(created()));
    vi.stubGlobal('fetch', fetchMock);
    renderCheckout();
    await userEvent.click(screen.getByRole('button', { name: /Place order/ }));
    expect((await screen.findAllByText('Please select pickup date and time')).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByLabelText('Delivery'));
    fillDetails();
    await userEvent.click(screen.getByRole('button', { name: /Place order/ }));
    expect(await screen.findByText('Please provide a delivery address')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Contact phone'));
    await userEvent.click(screen.getByRole('button', { name: /Place order/ }));
    expect(await screen.findByText('Please provide a contact phone')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends ids and quantities only, once, and keeps the key when a lost request is retried', async () => {
    const fetchMock = vi.fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ error: 'Internal server error', code: 'internal' }), { status: 500 }))
      .mockResolvedValue(created());
    vi.stubGlobal('fetch', fetchMock);
    const onPlaced = renderCheckout();
    fillDetails();
    await userEvent.click(screen.getByRole('button', { name: /Place order/ }));
    // The 500 is retried by the mutation itself, with the same key.
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1), { timeout: 4000 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [first, second] = keysOf(fetchMock);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    const body = JSON.parse((fetchMock.mock.calls[0]![1] as RequestInit).body as string);
    expect(body).toEqual({
      items: [{ productId: 'a', quantity: 2 }, { productId: 'b', quantity: 3 }, { productId: 'c', quantity: 1 }],
      deliveryType: 'pickup', pickupDate: '2099-01-15', pickupTime: '10:30', deliveryAddress: null, contactPhone: '+381641234567', notes: null,
    });
  });

  it('sends one request for a double click', async () => {
    let answer!: (r: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => { answer = resolve; }));
    vi.stubGlobal('fetch', fetchMock);
    const onPlaced = renderCheckout();
    fillDetails();
    await userEvent.dblClick(screen.getByRole('button', { name: /Place order/ }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Placing order…' })).toBeDisabled();
    answer(created());
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the basket on a refusal and uses a fresh key for the next attempt', async () => {
    const fetchMock = vi.fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({
        error: 'short', code: 'order.out_of_stock', details: [{ productId: 'a', requested: 2, available: 1, message: 'x' }],
      }), { status: 409 }))
      .mockResolvedValue(created());
    vi.stubGlobal('fetch', fetchMock);
    const onPlaced = renderCheckout();
    fillDetails();
    await userEvent.click(screen.getByRole('button', { name: /Place order/ }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: /Place order/ })).toBeEnabled());
    expect(onPlaced).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: /Place order/ }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1));
    const [first, second] = keysOf(fetchMock);
    expect(second).not.toBe(first);
  });
});
