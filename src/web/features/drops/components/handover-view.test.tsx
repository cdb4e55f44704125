import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Picklist } from '#shared/contracts/drops.ts';
import i18n from '#web/lib/i18n.ts';
import { Router } from '#web/lib/router.tsx';
import { createMemoryHistory } from '#web/lib/router-history.ts';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { HandoverView } from './handover-view.tsx';

const USER = '16fd2706-8baf-433b-82eb-8c7fada847da';
const DROP = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const ORDER = '0f8fad5b-d9cb-469f-a165-70867728950e';

const PICKLIST: Picklist = {
  drop: {
    id: DROP, title: 'Пијаца Ковин', hostHouseholdId: USER, date: '2099-06-14', opens: '17:00', closes: '18:30', orderBy: '2099-06-13T10:00:00.000Z',
    place: { name: 'Паркинг', address: 'Трг 1', town: 'Ковин', lat: null, lng: null }, note: null, status: 'closed', cancelReason: null,
    households: [{ id: USER, name: 'Пчелињак', avatar: null }],
  },
  household: { id: USER, name: 'Пчелињак' },
  orders: [{
    id: ORDER, number: 100_001, status: 'pending', buyerName: 'Марија Николић', contactPhone: '+381641234567', notes: null, total: 2400,
    items: [{ productId: '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b', name: 'Мед', unit: 'jar', unitPrice: 1200, quantity: 2, lineTotal: 2400 }],
    payment: { method: 'cash', status: 'unpaid', paidAt: null, ips: null },
  }],
  totals: [{ productId: '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b', name: 'Мед', unit: 'jar', quantity: 2 }],
} as Picklist;

let online = true;
beforeAll(async () => { await i18n.changeLanguage('en'); });
beforeEach(() => {
  localStorage.clear();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => { vi.restoreAllMocks(); vi.unstubAllGlobals(); });

function setOnline(next: boolean) {
  online = next;
  act(() => { window.dispatchEvent(new Event(next ? 'online' : 'offline')); });
}

function renderView() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <TranslationProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Router history={createMemoryHistory([`/producer/drops/${DROP}/handover`])}><HandoverView userId={USER} dropId={DROP} /></Router>
      </QueryClientProvider>
    </TranslationProvider>,
  );
}

describe('HandoverView', () => {
  it('keeps a mark made offline, says it waits, and sends it once when the network is back', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
      if (String(url).includes('/handovers')) {
        if (!online) return Promise.reject(new TypeError('Failed to fetch'));
        sent.push(JSON.parse(String(init?.body)));
        return Promise.resolve(new Response(JSON.stringify({ applied: 1, ignored: 0, results: [] }), { status: 200 }));
      }
      return Promise.resolve(new Response(JSON.stringify(PICKLIST), { status: 200 }));
    }));
    const view = renderView();
    expect(await screen.findByRole('heading', { name: 'Order #100001' })).toBeInTheDocument();
    expect(screen.getByTestId('handover-waiting')).toHaveTextContent('All marks sent');

    setOnline(false);
    await userEvent.click(screen.getByRole('button', { name: 'Handed over: order #100001' }));
    expect(screen.getByTestId('handover-waiting')).toHaveTextContent('1 waiting to send');
    expect(screen.getByRole('button', { name: 'Handed over: order #100001' })).toHaveAttribute('aria-pressed', 'true');
    expect(sent).toHaveLength(0);

    // A reload while offline: the pick list and the waiting mark come from the device.
    view.unmount();
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderView();
    expect(await screen.findByRole('heading', { name: 'Order #100001' })).toBeInTheDocument();
    expect(screen.getByTestId('handover-waiting')).toHaveTextContent('1 waiting to send');

    vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
      if (String(url).includes('/handovers')) {
        sent.push(JSON.parse(String(init?.body)));
        return Promise.resolve(new Response(JSON.stringify({ applied: 1, ignored: 0, results: [] }), { status: 200 }));
      }
      return Promise.resolve(new Response(JSON.stringify(PICKLIST), { status: 200 }));
    }));
    setOnline(true);
    await waitFor(() => expect(screen.getByTestId('handover-waiting')).toHaveTextContent('All marks sent'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ items: [{ orderId: ORDER, state: 'handed_over' }] });
    expect((sent[0] as { items: { clientId: string }[] }).items[0]!.clientId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a mark made online at once, in one request', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
      if (String(url).includes('/handovers')) {
        sent.push(JSON.parse(String(init?.body)));
        return Promise.resolve(new Response(JSON.stringify({ applied: 1, ignored: 0, results: [] }), { status: 200 }));
      }
      return Promise.resolve(new Response(JSON.stringify(PICKLIST), { status: 200 }));
    }));
    renderView();
    expect(await screen.findByRole('heading', { name: 'Order #100001' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'No show: order #100001' }));
    await waitFor(() => expect(screen.getByTestId('handover-waiting')).toHaveTextContent('All marks sent'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ items: [{ orderId: ORDER, state: 'no_show' }] });
  });
});
