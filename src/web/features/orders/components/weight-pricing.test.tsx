import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProducerOrder } from '#shared/contracts/orders.ts';
import { expectRefusedField } from '#web/lib/expect-refused.ts';
import i18n from '#web/lib/i18n.ts';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { ConsentPanel, WeighForm } from './weight-pricing.tsx';

beforeAll(async () => { await i18n.changeLanguage('sr-Latn'); });
afterAll(async () => { await i18n.changeLanguage('en'); });
afterEach(() => { vi.unstubAllGlobals(); vi.restoreAllMocks(); });

const WHEEL = '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b';
const ORDER: ProducerOrder = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e', number: 100_001, checkoutId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  householdId: '16fd2706-8baf-433b-82eb-8c7fada847da', householdName: 'Gazdinstvo Hodžić', status: 'pending', deliveryType: 'pickup',
  pickupDate: '2099-01-15', pickupTime: '10:00', deliveryAddress: null, deliveryArea: null, pickupPoint: null, drop: null, contactPhone: '+381641234567',
  notes: null, deliveryFee: 0, total: 1680, estimate: true, estimateTotal: 1680,
  payment: { method: 'ips_qr', status: 'unpaid', paidAt: null, reportedAt: null, ips: null }, deposit: null,
  items: [{ productId: WHEEL, name: 'Sjenički sir', unit: 'wheel', unitPrice: 1400, quantity: 1, lineTotal: 1680, pricing: 'weight', pieceWeight: 1.2, estimate: true, weight: null }],
  events: [], createdAt: '2099-01-10T10:00:00.000Z', updatedAt: '2099-01-10T10:00:00.000Z',
  customerId: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', customerName: 'Marija',
};

function renderWith(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(<TranslationProvider i18n={i18n}><QueryClientProvider client={client}>{node}</QueryClientProvider></TranslationProvider>);
}

describe('WeighForm', () => {
  it('has one decimal field per weight line, labelled by its name, and sends the weight typed with a decimal comma', async () => {
    const fetch = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response(JSON.stringify({ ...ORDER, estimate: false, total: 1727.6 }), { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    renderWith(<WeighForm order={ORDER} />);
    const field = screen.getByLabelText('Sjenički sir, kg');
    expect(field).toHaveAttribute('inputmode', 'decimal');
    // A point is not the Serbian decimal separator: refused here, nothing sent.
    await userEvent.type(field, '1.234');
    await userEvent.click(screen.getByRole('button', { name: 'Sačuvaj težine' }));
    // Said beside the field, announced, the field marked and focused (docs/input-rules.md).
    await expectRefusedField(field, /Unesite težinu u kg/);
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, '1,234');
    await userEvent.click(screen.getByRole('button', { name: 'Sačuvaj težine' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toContain(`/api/producer/orders/${ORDER.id}/weights`);
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ lines: [{ productId: WHEEL, weight: 1.234 }] });
  });

  it('refuses a weighing with nothing typed beside the field, focus there, nothing sent', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWith(<><button type="button">elsewhere</button><WeighForm order={ORDER} /></>);
    await userEvent.click(screen.getByRole('button', { name: 'Sačuvaj težine' }));
    await expectRefusedField(screen.getByLabelText('Sjenički sir, kg'), /Unesite težinu u kg/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is not there once the order is ready', () => {
    renderWith(<WeighForm order={{ ...ORDER, status: 'ready' }} />);
    expect(screen.queryByLabelText('Sjenički sir, kg')).not.toBeInTheDocument();
  });
});

describe('ConsentPanel', () => {
  it('shows the final total against the estimate and accepts it', async () => {
    const waiting = { ...ORDER, status: 'awaiting_buyer' as const, total: 2940, estimate: false };
    const fetch = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response(JSON.stringify({ ...waiting, status: 'pending' }), { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    renderWith(<ConsentPanel order={waiting} />);
    expect(screen.getByText(/2\.940,00 RSD je više od 15 % iznad procene \(1\.680,00 RSD\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Prihvati iznos' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(String(fetch.mock.calls[0]![0])).toContain(`/api/orders/${ORDER.id}/accept`);
  });

  it('declines with the one cancel of an order: asked once more, then cancelled with a toast', async () => {
    const waiting = { ...ORDER, status: 'awaiting_buyer' as const, total: 2940, estimate: false };
    const fetch = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response(JSON.stringify({ ...waiting, status: 'cancelled' }), { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    const success = vi.spyOn(toast, 'success');
    renderWith(<ConsentPanel order={waiting} />);
    await userEvent.click(screen.getByRole('button', { name: 'Otkaži porudžbinu' }));
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Otkaži porudžbinu' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(String(fetch.mock.calls[0]![0])).toContain(`/api/orders/${ORDER.id}/cancel`);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Porudžbina je otkazana'));
  });
});
