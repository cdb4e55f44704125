import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProducerOrder } from '#shared/contracts/orders.ts';
import i18n from '#web/lib/i18n.ts';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { RefundsDue } from './refunds-due.tsx';

beforeAll(async () => { await i18n.changeLanguage('en'); });
afterEach(() => { vi.unstubAllGlobals(); });

const DUE: ProducerOrder = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e', number: 100_001, deliveryArea: null, pickupPoint: null, drop: null, deliveryFee: 0,
  payment: { method: 'cash', status: 'unpaid', paidAt: null, reportedAt: null, ips: null },
  deposit: { percent: 30, amount: 720, status: 'refund_due', ips: null }, checkoutId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  householdId: '16fd2706-8baf-433b-82eb-8c7fada847da', householdName: 'Пчелињак', status: 'cancelled',
  deliveryType: 'pickup', pickupDate: '2099-01-15', pickupTime: '10:30', deliveryAddress: null,
  contactPhone: '+381641234567', notes: null, total: 2400, estimate: false, estimateTotal: null,
  items: [], events: [{ status: 'cancelled', createdAt: '2099-01-10T10:00:00.000Z' }],
  createdAt: '2099-01-10T10:00:00.000Z', updatedAt: '2099-01-10T10:00:00.000Z',
  customerId: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', customerName: 'Марија Николић',
};

describe('RefundsDue', () => {
  it('lists the deposits to give back and marks one given back', async () => {
    const calls: string[] = [];
    let refunded = false;
    vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.endsWith('/deposit-refunded')) { refunded = true; return Promise.resolve(new Response(JSON.stringify({ ...DUE, deposit: { ...DUE.deposit!, status: 'refunded' } }), { status: 200 })); }
      return Promise.resolve(new Response(JSON.stringify({ items: refunded ? [] : [DUE], nextCursor: null }), { status: 200 }));
    }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<TranslationProvider i18n={i18n}><QueryClientProvider client={client}><RefundsDue /></QueryClientProvider></TranslationProvider>);
    expect(await screen.findByRole('region', { name: 'Deposits to give back' })).toHaveTextContent('#100001 · Марија Николић');
    expect(calls[0]).toContain('depositStatus=refund_due');
    await userEvent.click(screen.getByRole('button', { name: 'Deposit of #100001 given back' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Deposits to give back' })).toBeNull());
    expect(calls).toContain(`POST /api/producer/orders/${DUE.id}/deposit-refunded`);
  });
});
