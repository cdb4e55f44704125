import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '#web/lib/router.tsx';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Drop } from '#shared/contracts/drops.ts';
import { expectRefusedField } from '#web/lib/expect-refused.ts';
import i18n from '#web/lib/i18n.ts';
import { CheckoutView, type CheckoutLine } from './checkout-view.tsx';

beforeAll(async () => { await i18n.changeLanguage('en'); });
afterEach(() => { vi.unstubAllGlobals(); });

const line = (id: string, householdId: string, householdName: string, price: number, quantity: number): CheckoutLine => ({
  product: { id, name: `Product ${id}`, householdId, householdName, price, unit: 'jar' }, quantity,
});
const ITEMS = [line('a', 'h1', 'Пчелињак', 1200, 2), line('b', 'h2', 'Салаш', 99.5, 3), line('c', 'h1', 'Пчелињак', 450.5, 1)];

function renderCheckout(items = ITEMS, onPlaced = vi.fn(), drops: Drop[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TranslationProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter><CheckoutView items={items} defaultPhone="+381641234567" onPlaced={onPlaced} drops={drops} /></MemoryRouter>
      </QueryClientProvider>
    </TranslationProvider>,
  );
  return onPlaced;
}

const household = (id: string, extra: object = {}) => ({
  id, name: id, description: '', location: '', avatar: null, followerCount: 0, rating: 0, reviewCount: 0, hasActiveStory: false, isFollowing: false,
  pickupPoints: [], delivery: { enabled: false, areas: [], fee: 0, freeFrom: null, leadDays: 0, weekdays: [] }, minimumOrder: 0,
  payment: { cash: true, ipsAccount: null, ipsPayeeName: null }, ...extra,
});
/** h1 has a market stall and delivers to two towns; h2 has neither (date and time by hand). */
const SETTINGS: Record<string, object> = {
  h1: household('h1', {
    pickupPoints: [{ id: '11111111-1111-4111-8111-111111111111', name: 'Stall 7', address: 'Market square 1', note: null, hours: [{ weekday: 6, opens: '07:00', closes: '13:00' }] }],
    delivery: { enabled: true, areas: ['Novi Sad', 'Beograd'], fee: 300, freeFrom: 5000, leadDays: 1, weekdays: [6] },
    payment: { cash: true, ipsAccount: '840000000095584510', ipsPayeeName: null },
  }),
  h2: household('h2'),
};
const SLOTS: Record<string, object> = {
  h1: { pickup: [{ pickupPointId: '11111111-1111-4111-8111-111111111111', date: '2099-01-17', opens: '07:00', closes: '13:00' }], delivery: [{ date: '2099-01-17' }] },
  h2: { pickup: [], delivery: [] },
};

/** A fetch that answers the households' settings and slots, and hands POST /api/orders to `orders`. */
function api(orders: () => Promise<Response>, settings: Record<string, object> = SETTINGS) {
  return vi.fn((url: string) => {
    const slots = /\/api\/households\/(\w+)\/slots/.exec(url);
    if (slots) return Promise.resolve(new Response(JSON.stringify(SLOTS[slots[1]!]), { status: 200 }));
    const detail = /\/api\/households\/(\w+)$/.exec(url);
    if (detail) return Promise.resolve(new Response(JSON.stringify(settings[detail[1]!]), { status: 200 }));
    return orders();
  });
}

const orderCalls = (mock: ReturnType<typeof vi.fn>) => mock.mock.calls.filter((call) => String(call[0]).endsWith('/api/orders'));

async function fillDetails() {
  const farm = await screen.findByRole('region', { name: 'Салаш' });
  await within(farm).findByLabelText('Date');
  fireEvent.change(within(farm).getByLabelText('Date'), { target: { value: '2099-01-15' } });
  fireEvent.change(within(farm).getByLabelText('Time'), { target: { value: '10:30' } });
}

const created = () => new Response(JSON.stringify({ orders: [{ id: '1' }, { id: '2' }] }), { status: 201 });
const keysOf = (mock: ReturnType<typeof vi.fn>) =>
  orderCalls(mock).map((call) => ((call[1] as RequestInit).headers as Record<string, string>)['idempotency-key']);

describe('CheckoutView', () => {
  it('shows an empty prompt with a way to browse', () => {
    renderCheckout([]);
    expect(screen.getByText('Your basket is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/');
  });

  it('groups the summary by household with subtotals, adds the delivery fee, and shows the total on the button', async () => {
    vi.stubGlobal('fetch', api(() => Promise.resolve(created())));
    renderCheckout();
    const bees = screen.getByRole('region', { name: 'Пчелињак' });
    expect(within(bees).getByText('2,850.50 RSD')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Салаш' })).getAllByText('298.50 RSD')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Place order · 3,149.00 RSD' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to basket/ })).toHaveAttribute('href', '/basket');
    await userEvent.click(await within(bees).findByLabelText('Delivery'));
    expect(within(bees).getByTestId('delivery-fee')).toHaveTextContent('300.00 RSD');
    expect(screen.getByRole('button', { name: 'Place order · 3,449.00 RSD' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Салаш' })).getByLabelText('Delivery')).toBeDisabled();
  });

  it('asks for date, time and, for delivery, town and address before sending anything', async () => {
    const fetchMock = api(() => Promise.resolve(created()));
    vi.stubGlobal('fetch', fetchMock);
    renderCheckout();
    const bees = screen.getByRole('region', { name: 'Пчелињак' });
    await within(bees).findByLabelText('When');
    await userEvent.click(screen.getByRole('button', { name: /Place order/ }));
    expect((await screen.findAllByText('Please select pickup date and time')).length).toBeGreaterThan(0);
    await userEvent.click(within(bees).getByLabelText('Delivery'));
    await fillDetails();
    await userEvent.click(screen.getByRole('button', { name: /Place order/ }));
    expect(await within(bees).findByText('Please provide a delivery address')).toBeInTheDocument();
    expect(within(bees).getAllByRole('alert').map((a) => a.textContent)).toContain('Choose a town');
    await userEvent.clear(screen.getByLabelText('Contact phone'));
    await userEvent.click(screen.getByRole('button', { name: /Place order/ }));
    expect(await screen.findByText('Please provide a contact phone')).toBeInTheDocument();
    expect(orderCalls(fetchMock)).toHaveLength(0);
  });

  it("checks a point's hours and a household's minimum order as the server does, before sending anything", async () => {
    const fetchMock = api(() => Promise.resolve(created()), { ...SETTINGS, h1: { ...SETTINGS.h1, minimumOrder: 3000 } });
    vi.stubGlobal('fetch', fetchMock);
    const error = vi.spyOn(toast, 'error');
    renderCheckout();
    await fillDetails();
    const bees = screen.getByRole('region', { name: 'Пчелињак' });
    fireEvent.change(await within(bees).findByLabelText('Time (optional)'), { target: { value: '13:30' } });
    await userEvent.click(screen.getByRole('button', { name: /Place order/ }));
    expect(await within(bees).findByText('Choose a time between 07:00 and 13:00')).toBeInTheDocument();
    fireEvent.change(within(bees).getByLabelText('Time (optional)'), { target: { value: '13:00' } });
    await userEvent.click(screen.getByRole('button', { name: /Place order/ }));
    // 2,850.50 of a 3,000.00 minimum.
    await waitFor(() => expect(error).toHaveBeenLastCalledWith('Error', { description: 'Add 149.50 RSD more: the minimum order here is 3,000.00 RSD.' }));
    // Said beside the household's lines too, announced, and focused: no field holds a subtotal.
    const short = within(bees).getByRole('alert');
    expect(short).toHaveTextContent('Add 149.50 RSD more: the minimum order here is 3,000.00 RSD.');
    await waitFor(() => expect(short).toHaveFocus());
    expect(within(bees).queryByText('Choose a time between 07:00 and 13:00')).not.toBeInTheDocument();
    expect(orderCalls(fetchMock)).toHaveLength(0);
  });

  it('sends ids and quantities only, once, and keeps the key when a lost request is retried', async () => {
    const orders = vi.fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ error: 'Internal server error', code: 'internal' }), { status: 500 }))
      .mockResolvedValue(created());
    const fetchMock = api(orders);
    vi.stubGlobal('fetch', fetchMock);
    const onPlaced = renderCheckout();
    await fillDetails();
    const bees = screen.getByRole('region', { name: 'Пчелињак' });
    await userEvent.click(within(bees).getByLabelText('IPS QR (mobile banking)'));
    await userEvent.click(screen.getByRole('button', { name: /Place order/ }));
    // The 500 is retried by the mutation itself, with the same key.
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1), { timeout: 4000 });
    expect(orders).toHaveBeenCalledTimes(2);
    const [first, second] = keysOf(fetchMock);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    const body = JSON.parse((orderCalls(fetchMock)[0]![1] as RequestInit).body as string);
    expect(body).toEqual({
      items: [{ productId: 'a', quantity: 2 }, { productId: 'b', quantity: 3 }, { productId: 'c', quantity: 1 }],
      households: [
        { householdId: 'h1', deliveryType: 'pickup', pickupPointId: '11111111-1111-4111-8111-111111111111', date: '2099-01-17', paymentMethod: 'ips_qr' },
        { householdId: 'h2', deliveryType: 'pickup', date: '2099-01-15', time: '10:30', paymentMethod: 'cash' },
      ],
      contactPhone: '+381641234567', notes: null,
    });
  });

  it('sends one request for a double click', async () => {
    let answer!: (r: Response) => void;
    const orders = vi.fn(() => new Promise<Response>((resolve) => { answer = resolve; }));
    vi.stubGlobal('fetch', api(orders));
    const onPlaced = renderCheckout();
    await fillDetails();
    await userEvent.dblClick(screen.getByRole('button', { name: /Place order/ }));
    await waitFor(() => expect(orders).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Placing order…' })).toBeDisabled();
    answer(created());
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1));
    expect(orders).toHaveBeenCalledTimes(1);
  });

  it('keeps the basket on a refusal and uses a fresh key for the next attempt', async () => {
    const orders = vi.fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({
        error: 'short', code: 'order.out_of_stock', details: [{ productId: 'a', requested: 2, available: 1, message: 'x' }],
      }), { status: 409 }))
      .mockResolvedValue(created());
    const fetchMock = api(orders);
    vi.stubGlobal('fetch', fetchMock);
    const onPlaced = renderCheckout();
    await fillDetails();
    await userEvent.click(screen.getByRole('button', { name: /Place order/ }));
    await waitFor(() => expect(orders).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: /Place order/ })).toBeEnabled());
    expect(onPlaced).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: /Place order/ }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1));
    const [first, second] = keysOf(fetchMock);
    expect(second).not.toBe(first);
  });

  it('offers the drops the basket came from to their households, starts there, and sends the drop and its day', async () => {
    const drop = (id: string, status: Drop['status'], orderBy: string, households: string[]): Drop => ({
      id, title: `Drop ${id.slice(0, 4)}`, hostHouseholdId: 'h1', date: '2099-02-06', opens: '17:00', closes: '18:30', orderBy, note: null, status, cancelReason: null,
      place: { name: 'Parking', address: 'Trg 1', town: 'Kovin', lat: null, lng: null }, households: households.map((h) => ({ id: h, name: h, avatar: null })),
    });
    const open = drop('dddddddd-dddd-4ddd-8ddd-dddddddddddd', 'open', '2099-02-05T11:00:00.000Z', ['h1', 'h2']);
    const closed = drop('cccccccc-cccc-4ccc-8ccc-cccccccccccc', 'closed', '2000-01-01T11:00:00.000Z', ['h1']);
    const orders = vi.fn(() => Promise.resolve(created()));
    const fetchMock = api(orders);
    vi.stubGlobal('fetch', fetchMock);
    renderCheckout(ITEMS, vi.fn(), [closed, open]);
    const bees = await screen.findByRole('region', { name: 'Пчелињак' });
    await waitFor(() => expect(within(bees).getByLabelText('Drop')).toBeChecked());
    expect(within(bees).getByRole('radio', { name: /Drop cccc/ })).toBeDisabled();
    expect(within(bees).getByRole('radio', { name: /Drop dddd/ })).toBeChecked();
    expect(within(bees).getByText('Ordering for this drop has closed.')).toBeInTheDocument();
    const farm = screen.getByRole('region', { name: 'Салаш' });
    expect(within(farm).getByLabelText('Drop')).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: /Place order/ }));
    await waitFor(() => expect(orders).toHaveBeenCalledTimes(1));
    const body = JSON.parse((orderCalls(fetchMock)[0]![1] as RequestInit).body as string);
    expect(body.households).toEqual([
      { householdId: 'h1', deliveryType: 'drop', dropId: open.id, date: '2099-02-06', paymentMethod: 'cash' },
      { householdId: 'h2', deliveryType: 'drop', dropId: open.id, date: '2099-02-06', paymentMethod: 'cash' },
    ]);
  });

  describe('a refused submit says why beside the field and moves the focus there (docs/input-rules.md)', () => {
    /** The checkout with its details filled in, orders answered 201. */
    async function start(drops: Drop[] = []) {
      const fetchMock = api(() => Promise.resolve(created()));
      vi.stubGlobal('fetch', fetchMock);
      renderCheckout(ITEMS, vi.fn(), drops);
      await fillDetails();
      return { fetchMock, bees: screen.getByRole('region', { name: 'Пчелињак' }) };
    }

    it('pickup: no window chosen', async () => {
      const { fetchMock, bees } = await start();
      fireEvent.change(await within(bees).findByLabelText('When'), { target: { value: '' } });
      await userEvent.click(screen.getByRole('button', { name: /Place order/ }));
      await expectRefusedField(within(bees).getByLabelText('When'), 'Choose a pickup time');
      expect(orderCalls(fetchMock)).toHaveLength(0);
    });

    it('delivery: no address', async () => {
      const { fetchMock, bees } = await start();
      await userEvent.click(await within(bees).findByLabelText('Delivery'));
      await userEvent.selectOptions(within(bees).getByLabelText('Town'), 'Novi Sad');
      await userEvent.selectOptions(within(bees).getByLabelText('Delivery day'), '2099-01-17');
      await userEvent.click(screen.getByRole('button', { name: /Place order/ }));
      await expectRefusedField(within(bees).getByLabelText('Delivery address'), 'Please provide a delivery address');
      expect(orderCalls(fetchMock)).toHaveLength(0);
    });

    it('drop: none of the drops takes orders any more', async () => {
      const closed: Drop = {
        id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', title: 'Drop cccc', hostHouseholdId: 'h1', date: '2099-02-06', opens: '17:00', closes: '18:30',
        orderBy: '2000-01-01T11:00:00.000Z', note: null, status: 'closed', cancelReason: null,
        place: { name: 'Parking', address: 'Trg 1', town: 'Kovin', lat: null, lng: null }, households: [{ id: 'h1', name: 'h1', avatar: null }],
      };
      const { fetchMock, bees } = await start([closed]);
      await userEvent.click(await within(bees).findByLabelText('Drop'));
      await userEvent.click(screen.getByRole('button', { name: /Place order/ }));
      await expectRefusedField(within(bees).getByLabelText('Pickup'), 'No drop of this household is open for orders.');
      expect(orderCalls(fetchMock)).toHaveLength(0);
    });

    it('contact phone: not a phone', async () => {
      const { fetchMock } = await start();
      await userEvent.clear(screen.getByLabelText('Contact phone'));
      await userEvent.type(screen.getByLabelText('Contact phone'), 'abc');
      await userEvent.click(screen.getByRole('button', { name: /Place order/ }));
      await expectRefusedField(screen.getByLabelText('Contact phone'), 'phone');
      expect(orderCalls(fetchMock)).toHaveLength(0);
    });
  });
});
