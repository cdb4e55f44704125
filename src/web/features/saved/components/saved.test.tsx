import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '#web/lib/router.tsx';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product } from '#shared/contracts/products.ts';
import type { SavedAddress } from '#shared/contracts/saved.ts';
import i18n from '#web/lib/i18n.ts';
import { SaveButton } from './save-button.tsx';
import { SavedAddressesDialog } from './saved-addresses-dialog.tsx';
import { SavedAddressPicker } from './saved-address-picker.tsx';

beforeAll(async () => { await i18n.changeLanguage('en'); });
afterEach(() => { vi.unstubAllGlobals(); });

const USER = '11111111-1111-4111-8111-111111111111';
const product: Product = {
  id: '22222222-2222-4222-8222-222222222222', householdId: '33333333-3333-4333-8333-333333333333', householdName: 'Пчелињак',
  name: 'Мед багрем', description: '', price: 1200, unit: 'jar', pricing: 'unit', pieceWeight: null, image: null, thumbnail: null, category: 'honey',
  availability: true, featured: false, promoted: false, stock: null, quantityStep: 1, availableFrom: null, ingredients: null, allergens: [], storage: null, depositPercent: 0, preorderLimit: null, rating: 0, reviewCount: 0, createdAt: '2026-01-01T00:00:00.000Z',
};
const address = (n: number, isDefault = false): SavedAddress => ({
  id: `44444444-4444-4444-8444-${String(n).padStart(12, '0')}`, label: `Place ${n}`, area: 'Beograd', address: `Street ${n}`, isDefault,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch double answering by "METHOD path"; records every call. */
function stubApi(routes: Record<string, (body: unknown) => Response | Promise<Response>>) {
  const calls: Array<{ key: string; body: unknown }> = [];
  const fetchMock = vi.fn((path: string, init: RequestInit) => {
    const key = `${init.method ?? 'GET'} ${path.replace(/\?.*$/, '')}`;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ key, body });
    const handler = routes[key];
    return Promise.resolve(handler ? handler(body) : json({ error: 'no route', code: 'not_found' }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <TranslationProvider i18n={i18n}>
      <QueryClientProvider client={client}><MemoryRouter>{children}</MemoryRouter></QueryClientProvider>
    </TranslationProvider>,
  );
}

describe('SaveButton', () => {
  it('cannot be tapped while the stored session is still being read', async () => {
    const calls = stubApi({});
    const onRequireLogin = vi.fn();
    wrap(<SaveButton product={product} userId={null} sessionPending onRequireLogin={onRequireLogin} />);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(onRequireLogin).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('sends a guest to log in without calling the API', async () => {
    const calls = stubApi({});
    const onRequireLogin = vi.fn();
    wrap(<SaveButton product={product} userId={null} onRequireLogin={onRequireLogin} />);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(onRequireLogin).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
  });

  it('shows the saved state, toggles it with PUT and DELETE, and goes back when the server refuses', async () => {
    let saved: Product[] = [];
    let refuse: (() => void) | undefined;
    const calls = stubApi({
      'GET /api/me/saved-products': () => json({ items: saved, nextCursor: null }),
      [`PUT /api/me/saved-products/${product.id}`]: () => { saved = [product]; return new Response(null, { status: 204 }); },
      [`DELETE /api/me/saved-products/${product.id}`]: () => new Promise<Response>((resolve) => { refuse = () => resolve(json({ error: 'boom', code: 'internal' }, 500)); }),
    });
    wrap(<SaveButton product={product} userId={USER} onRequireLogin={vi.fn()} variant="labelled" />);
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /api/me/saved-products')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const pressed = await screen.findByRole('button', { name: 'Saved' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(calls.filter((c) => c.key.startsWith('PUT'))).toHaveLength(1);

    // Unsaving answers at once, then fails: the toggle shows the truth again (still saved).
    await userEvent.click(pressed);
    expect(await screen.findByRole('button', { name: 'Save' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(refuse).toBeDefined());
    refuse!();
    expect(await screen.findByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('SavedAddressesDialog', () => {
  it('adds an address after checking the fields, and refuses a control character before sending', async () => {
    let items: SavedAddress[] = [];
    const calls = stubApi({
      'GET /api/me/addresses': () => json({ items, nextCursor: null }),
      'POST /api/me/addresses': (body) => { const created = { ...(body as object), id: address(1).id } as SavedAddress; items = [created]; return json(created, 201); },
    });
    wrap(<SavedAddressesDialog userId={USER} triggerLabel="Saved locations" />);
    await userEvent.click(screen.getByRole('button', { name: 'Saved locations' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('No saved addresses yet.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add address' }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await within(dialog).findByText('Enter a name of at most 40 characters.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Home');
    await userEvent.type(within(dialog).getByLabelText('Town or area'), 'Beograd');
    await userEvent.type(within(dialog).getByLabelText('Address'), 'Knez Mihailova 1');
    // A pasted escape sequence (ESC) is refused in the user's language, and nothing is sent.
    await userEvent.click(within(dialog).getByLabelText('Address'));
    await userEvent.paste('\u001b[2J');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await within(dialog).findByText('This text contains a character that is not allowed.')).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('Address'));
    await userEvent.type(within(dialog).getByLabelText('Address'), 'Knez Mihailova 1');
    await userEvent.click(within(dialog).getByLabelText('Use as my default address'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(calls.filter((c) => c.key.startsWith('POST')).map((c) => c.body)).toEqual([
      { label: 'Home', area: 'Beograd', address: 'Knez Mihailova 1', isDefault: true },
    ]));
    const list = await within(dialog).findByRole('list', { name: 'Saved locations' });
    expect(within(list).getByText('Home')).toBeInTheDocument();
    expect(within(list).getByText('Default')).toBeInTheDocument();
  });

  it('offers no "add" at the limit, and makes another address the default', async () => {
    let items = Array.from({ length: 10 }, (_, i) => address(i + 1, i === 0));
    const calls = stubApi({
      'GET /api/me/addresses': () => json({ items, nextCursor: null }),
      [`PATCH /api/me/addresses/${address(2).id}`]: () => { items = items.map((a) => ({ ...a, isDefault: a.id === address(2).id })); return json(items[1]); },
    });
    wrap(<SavedAddressesDialog userId={USER} triggerLabel="Saved locations" />);
    await userEvent.click(screen.getByRole('button', { name: 'Saved locations' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/at most 10 addresses/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add address' })).toBeNull();
    const second = within(dialog).getAllByTestId('saved-address')[1]!;
    await userEvent.click(within(second).getByRole('button', { name: 'Make default' }));
    await waitFor(() => expect(calls.filter((c) => c.key.startsWith('PATCH')).map((c) => c.body)).toEqual([{ isDefault: true }]));
    await waitFor(() => expect(within(within(dialog).getAllByTestId('saved-address')[1]!).getByText('Default')).toBeInTheDocument());
  });
});

describe('SavedAddressPicker', () => {
  it('fills the default once (only into an empty field) and the chosen address on a pick', async () => {
    stubApi({ 'GET /api/me/addresses': () => json({ items: [address(1, true), { ...address(2), area: 'Novi Sad' }], nextCursor: null }) });
    const onPick = vi.fn();
    wrap(<SavedAddressPicker userId={USER} onPick={onPick} />);
    const select = await screen.findByLabelText('Saved address');
    expect(onPick).toHaveBeenCalledWith('Street 1, Beograd', { onlyIfEmpty: true });
    expect(select).toHaveValue(address(1).id);
    await userEvent.selectOptions(select, 'Place 2 — Street 2, Novi Sad');
    expect(onPick).toHaveBeenLastCalledWith('Street 2, Novi Sad', { onlyIfEmpty: false });
    expect(onPick).toHaveBeenCalledTimes(2);
  });

  it('shows nothing without saved addresses or without a user', async () => {
    const calls = stubApi({ 'GET /api/me/addresses': () => json({ items: [], nextCursor: null }) });
    const { container } = wrap(<SavedAddressPicker userId={null} onPick={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
    expect(calls).toEqual([]);
  });
});
