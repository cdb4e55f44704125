import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '#shared/contracts/orders.ts';
import i18n from '#web/lib/i18n.ts';
import { MemoryRouter } from '#web/lib/router.tsx';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { OrdersList } from './orders-list.tsx';

beforeAll(async () => { await i18n.changeLanguage('en'); });
afterEach(() => { vi.unstubAllGlobals(); });

const HOUSEHOLD = '16fd2706-8baf-433b-82eb-8c7fada847da';
const STALL = '11111111-1111-4111-8111-111111111111';
/** Saturday 17 January 2099. */
const ORDER: Order = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e', number: 100_001, checkoutId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  householdId: HOUSEHOLD, householdName: 'Пчелињак', status: 'confirmed', deliveryType: 'pickup',
  pickupDate: '2099-01-17', pickupTime: '07:00', deliveryAddress: null, deliveryArea: null,
  pickupPoint: { id: STALL, name: 'Stall 7', address: 'Market square 1' }, drop: null, contactPhone: '+381641234567', notes: null,
  deliveryFee: 0, total: 2400, estimate: false, estimateTotal: null, payment: { method: 'cash', status: 'unpaid', paidAt: null, reportedAt: null, ips: null }, deposit: null,
  items: [{ productId: '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b', name: 'Мед', unit: 'jar', unitPrice: 1200, quantity: 2, lineTotal: 2400, pricing: 'unit', pieceWeight: null, estimate: false, weight: null }],
  events: [], createdAt: '2099-01-10T10:00:00.000Z', updatedAt: '2099-01-10T10:00:00.000Z',
};
const SETTINGS = {
  id: HOUSEHOLD, name: 'Пчелињак', description: '', location: '', avatar: null, followerCount: 0, rating: 0, reviewCount: 0, hasActiveStory: false, isFollowing: false,
  pickupPoints: [{ id: STALL, name: 'Stall 7', address: 'Market square 1', note: null, hours: [{ weekday: 6, opens: '07:00', closes: '19:00' }] }],
  delivery: { enabled: false, areas: [], fee: 0, freeFrom: null, leadDays: 0, weekdays: [] }, minimumOrder: 0,
  payment: { cash: true, ipsAccount: null, ipsPayeeName: null },
};

function renderList(orders: Order[]) {
  vi.stubGlobal('fetch', vi.fn((url: string) => Promise.resolve(new Response(
    JSON.stringify(url.includes('/api/households/') ? SETTINGS : { items: orders, nextCursor: null }), { status: 200 },
  ))));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TranslationProvider i18n={i18n}>
      <QueryClientProvider client={client}><MemoryRouter><OrdersList /></MemoryRouter></QueryClientProvider>
    </TranslationProvider>,
  );
}

const cardOf = async (id: string) => (await screen.findAllByTestId('order-card')).find((c) => c.dataset.orderId === id)!;

describe('OrdersList', () => {
  it('says when an order is had once, and a pickup in a window without a chosen time as the window', async () => {
    renderList([ORDER]);
    const card = await cardOf(ORDER.id);
    expect(await within(card).findByText(/07:00–19:00/)).toBeInTheDocument();
    expect(within(card).getByTestId('order-when').textContent).toMatch(/17.*07:00–19:00$/);
    expect(card.textContent!.match(/\b17\b/g)).toHaveLength(1); // the pickup day; the card was placed on the 10th
    expect(within(card).getByText('Stall 7')).toBeInTheDocument();
  });

  it('keeps a chosen time as it is, and names a pickup that has no point', async () => {
    const chosen = { ...ORDER, id: '1f8fad5b-d9cb-469f-a165-70867728950e', pickupTime: '10:30' };
    const byHand = { ...ORDER, id: '2f8fad5b-d9cb-469f-a165-70867728950e', pickupPoint: null, pickupTime: '12:00' };
    renderList([chosen, byHand]);
    expect(within(await cardOf(chosen.id)).getByTestId('order-when').textContent).toMatch(/ 10:30$/);
    const plain = await cardOf(byHand.id);
    expect(within(plain).getByTestId('order-when').textContent).toMatch(/ 12:00$/);
    expect(within(plain).getByText('Pickup')).toBeInTheDocument();
    expect(plain.textContent!.match(/\b17\b/g)).toHaveLength(1);
  });

  it('an unpaid IPS order: "I have paid" reports the payment, then says "Payment reported" instead of the button', async () => {
    const ips: Order = {
      ...ORDER, id: '3f8fad5b-d9cb-469f-a165-70867728950e',
      payment: { method: 'ips_qr', status: 'unpaid', paidAt: null, reportedAt: null, ips: { payload: 'K:PR|V:01|C:1|R:840000000095584510|N:Pčelinjak|I:RSD2400,00|SF:221|S:Porudžbina 100001|RO:9794100001', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>' } },
    };
    const reported: Order = { ...ips, payment: { ...ips.payment, status: 'reported', reportedAt: '2099-01-11T10:00:00.000Z' } };
    let current = ips;
    const calls: string[] = [];
    vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
      if (url.includes('/api/households/')) return Promise.resolve(new Response(JSON.stringify(SETTINGS), { status: 200 }));
      if (url.endsWith('/payment-sent')) { calls.push(`${init?.method} ${url}`); current = reported; return Promise.resolve(new Response(JSON.stringify(reported), { status: 200 })); }
      return Promise.resolve(new Response(JSON.stringify({ items: [current], nextCursor: null }), { status: 200 }));
    }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <TranslationProvider i18n={i18n}>
        <QueryClientProvider client={client}><MemoryRouter><OrdersList /></MemoryRouter></QueryClientProvider>
      </TranslationProvider>,
    );
    const card = await cardOf(ips.id);
    await userEvent.click(within(card).getByRole('button', { name: 'I have paid order #100001' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Payment reported. Пчелињак will confirm it when the money arrives.');
    expect(within(card).getByTestId('payment-status')).toHaveTextContent('Payment reported');
    expect(within(card).queryByRole('button', { name: /I have paid/ })).toBeNull();
    expect(calls).toEqual([`POST /api/orders/${ips.id}/payment-sent`]);
  });

  it('a pre-order awaiting its deposit shows the deposit, its QR and the -1 reference; paid, only its state', async () => {
    const awaiting: Order = {
      ...ORDER, id: '6b1c8f43-2f1e-4c55-9f7e-2d6f1b0b7a11', status: 'awaiting_deposit',
      deposit: { percent: 30, amount: 720, status: 'due', ips: { payload: 'K:PR|V:01|C:1|R:840000000095584510|N:Pčelinjak|I:RSD720,00|SF:221|S:Porudžbina 100001|RO:9750100001-1', reference: '9750100001-1', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>' } },
    };
    const paid: Order = { ...awaiting, id: '8d2e4b61-5a7c-4e0f-b3c1-9a6e2f4d8c22', status: 'pending', deposit: { ...awaiting.deposit!, status: 'paid' } };
    renderList([awaiting, paid]);
    const card = await cardOf(awaiting.id);
    expect(within(card).getByRole('region', { name: 'Pay the deposit to keep your pre-order, #100001' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'NBS IPS QR code for the deposit of order #100001' })).toBeInTheDocument();
    expect(within(card).getByTestId('deposit-reference')).toHaveTextContent('9750100001-1');
    const done = await cardOf(paid.id);
    expect(within(done).getByTestId('deposit')).toHaveTextContent(/Deposit 30 %: .*720.* · paid/);
    expect(within(done).queryByRole('img', { name: /deposit/ })).toBeNull();
  });

  it('the buyer says the deposit is paid: one POST payment-sent, then "Payment reported" until the producer confirms', async () => {
    const awaiting: Order = {
      ...ORDER, id: '5a1c8f43-2f1e-4c55-9f7e-2d6f1b0b7a13', status: 'awaiting_deposit',
      deposit: { percent: 30, amount: 720, status: 'due', ips: { payload: 'K:PR|V:01|C:1|R:840000000095584510|N:Pčelinjak|I:RSD720,00|SF:221|S:Porudžbina 100001|RO:9750100001-1', reference: '9750100001-1', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>' } },
    };
    const calls: string[] = [];
    vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
      if (url.includes('/api/households/')) return Promise.resolve(new Response(JSON.stringify(SETTINGS), { status: 200 }));
      if (url.endsWith('/payment-sent')) { calls.push(`${init?.method} ${url}`); return Promise.resolve(new Response(JSON.stringify(awaiting), { status: 200 })); }
      return Promise.resolve(new Response(JSON.stringify({ items: [awaiting], nextCursor: null }), { status: 200 }));
    }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <TranslationProvider i18n={i18n}>
        <QueryClientProvider client={client}><MemoryRouter><OrdersList /></MemoryRouter></QueryClientProvider>
      </TranslationProvider>,
    );
    const card = await cardOf(awaiting.id);
    await userEvent.click(within(card).getByRole('button', { name: 'I have paid the deposit of order #100001' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Payment reported. Пчелињак will confirm it when the money arrives.');
    expect(calls).toEqual([`POST /api/orders/${awaiting.id}/payment-sent`]);
  });
});
