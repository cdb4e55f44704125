import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '#web/lib/i18n.ts';
import type { Product } from '#shared/contracts/products.ts';
import { ProductFormDialog } from './product-form-dialog.tsx';

afterEach(() => { vi.unstubAllGlobals(); });
afterAll(async () => { await i18n.changeLanguage('en'); });

const NoUpload = () => null;

function renderForm(product: Product | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <TranslationProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ProductFormDialog open onOpenChange={() => {}} product={product} UploadField={NoUpload} />
      </QueryClientProvider>
    </TranslationProvider>,
  );
}

const created = () => new Response(JSON.stringify({ id: 'x' }), { status: 201 });
const sentBody = (mock: ReturnType<typeof vi.fn>) => JSON.parse((mock.mock.calls[0]![1] as RequestInit).body as string) as Record<string, unknown>;

describe('product form numbers', () => {
  it('reads "450,50" as 450.50 in Serbian, never 45050, and a half-kilo step with fractional stock', async () => {
    await i18n.changeLanguage('sr');
    const fetchMock = vi.fn(() => Promise.resolve(created()));
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    fireEvent.change(document.getElementById('product-name')!, { target: { value: 'Млади кајмак' } });
    fireEvent.change(document.getElementById('product-price')!, { target: { value: '450,50' } });
    fireEvent.change(document.getElementById('product-stock')!, { target: { value: '2,5' } });
    fireEvent.change(document.getElementById('product-step')!, { target: { value: '0,5' } });
    await userEvent.click(screen.getByRole('button', { name: 'Сачувај' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchMock)).toMatchObject({ price: 450.5, stock: 2.5, quantityStep: 0.5, availableFrom: null });
  });

  it('reads the point in English and refuses the other separator instead of guessing', async () => {
    await i18n.changeLanguage('en');
    const fetchMock = vi.fn(() => Promise.resolve(created()));
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    fireEvent.change(document.getElementById('product-name')!, { target: { value: 'Honey' } });
    fireEvent.change(document.getElementById('product-price')!, { target: { value: '450,50' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a number, e.g. 450.50')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(document.getElementById('product-price')!, { target: { value: '450.50' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchMock)).toMatchObject({ price: 450.5 });
  });
});

const BY_PIECE: Product = {
  id: '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b', householdId: '16fd2706-8baf-433b-82eb-8c7fada847da', householdName: 'Баштa',
  name: 'Паприка', description: '', price: 250, unit: 'kg', pricing: 'unit', pieceWeight: null, image: null, thumbnail: null,
  category: 'vegetables', availability: true, featured: false, promoted: false, stock: null, quantityStep: 1, availableFrom: null, ingredients: null, allergens: [], storage: null, depositPercent: 0, preorderLimit: null,
  rating: 0, reviewCount: 0, createdAt: '2099-01-10T10:00:00.000Z',
};
const BY_WEIGHT: Product = { ...BY_PIECE, id: '7ec0bd7f-11c0-43da-975e-2a8ad9ebae0b', name: 'Сјенички сир', category: 'dairy', unit: 'wheel', pricing: 'weight', pieceWeight: 1.2, price: 950 };
const saved = () => new Response(JSON.stringify(BY_PIECE), { status: 200 });
const sentMethod = (mock: ReturnType<typeof vi.fn>) => (mock.mock.calls[0]![1] as RequestInit).method;
const price = () => document.getElementById('product-price') as HTMLInputElement;

describe('product form edit', () => {
  it('edits a product sold by the piece: the PATCH carries the new price, no piece weight is asked for', async () => {
    await i18n.changeLanguage('sr');
    const fetchMock = vi.fn(() => Promise.resolve(saved()));
    vi.stubGlobal('fetch', fetchMock);
    renderForm(BY_PIECE);
    expect(document.getElementById('product-piece-weight')).toBeNull();
    fireEvent.change(price(), { target: { value: '280,50' } });
    await userEvent.click(screen.getByRole('button', { name: 'Сачувај' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentMethod(fetchMock)).toBe('PATCH');
    expect(sentBody(fetchMock)).toMatchObject({ price: 280.5, unit: 'kg', pricing: 'unit', pieceWeight: null });
  });

  it('edits a product sold by weight', async () => {
    await i18n.changeLanguage('en');
    const fetchMock = vi.fn(() => Promise.resolve(saved()));
    vi.stubGlobal('fetch', fetchMock);
    renderForm(BY_WEIGHT);
    expect((document.getElementById('product-piece-weight') as HTMLInputElement).value).toBe('1.2');
    fireEvent.change(price(), { target: { value: '990' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchMock)).toMatchObject({ price: 990, unit: 'wheel', pricing: 'weight', pieceWeight: 1.2 });
  });

  it('takes a pre-order deposit and limit in both pricing modes; a deposit above 50 % is refused beside its field, nothing sent', async () => {
    await i18n.changeLanguage('en');
    for (const product of [BY_PIECE, BY_WEIGHT]) {
      const fetchMock = vi.fn(() => Promise.resolve(saved()));
      vi.stubGlobal('fetch', fetchMock);
      const { unmount } = renderForm(product);
      fireEvent.change(screen.getByLabelText('Deposit for pre-orders (%)'), { target: { value: '60' } });
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('The deposit is a whole percent from 0 to 50.')).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
      fireEvent.change(screen.getByLabelText('Deposit for pre-orders (%)'), { target: { value: '30' } });
      fireEvent.change(screen.getByLabelText('Most that can be pre-ordered'), { target: { value: '40' } });
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(sentBody(fetchMock)).toMatchObject({ depositPercent: 30, preorderLimit: 40, pricing: product.pricing });
      unmount();
    }
  });

  it('switching to "By weight" and back restores the unit the producer chose', async () => {
    await i18n.changeLanguage('en');
    const fetchMock = vi.fn(() => Promise.resolve(saved()));
    vi.stubGlobal('fetch', fetchMock);
    renderForm(BY_PIECE);
    await userEvent.click(screen.getByRole('radio', { name: /by weight/i }));
    expect((document.getElementById('product-unit') as HTMLSelectElement).value).toBe('pc');
    await userEvent.click(screen.getByRole('radio', { name: /by the piece/i }));
    expect((document.getElementById('product-unit') as HTMLSelectElement).value).toBe('kg');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchMock)).toMatchObject({ unit: 'kg', pricing: 'unit', pieceWeight: null });
  });

  it('a limit below what is already pre-ordered: the server\'s refusal beside the limit, in the producer\'s language, focused', async () => {
    await i18n.changeLanguage('en');
    const refused = new Response(JSON.stringify({
      error: 'More is already pre-ordered', code: 'product.preorder_limit_below_ordered',
      details: [{ field: 'preorderLimit', message: 'Already 4 pre-ordered' }],
    }), { status: 409, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(refused)));
    renderForm(BY_PIECE);
    const limit = screen.getByLabelText('Most that can be pre-ordered');
    fireEvent.change(limit, { target: { value: '3' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(limit).toHaveFocus());
    expect(limit).toHaveAttribute('aria-invalid', 'true');
    const message = document.getElementById('product-preorder-limit-error')!;
    expect(message).toHaveTextContent('More than that is already pre-ordered.');
    expect(message).toHaveAttribute('role', 'alert');
    expect(limit.getAttribute('aria-describedby')).toContain('product-preorder-limit-error');
  });

  it('a field the server refuses: beside it in the producer\'s language by its rule (the text the check before sending shows), never the server\'s English', async () => {
    await i18n.changeLanguage('sr');
    const refused = new Response(JSON.stringify({
      error: 'Invalid body', code: 'validation_failed',
      details: [{ field: 'name', message: 'Too small: expected string to have >=2 characters', rule: 'too_small' }, { field: 'storage', message: 'Storage is odd', rule: 'invalid_format' }],
    }), { status: 400, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(refused)));
    renderForm(BY_PIECE);
    await userEvent.click(screen.getByRole('button', { name: 'Сачувај' }));
    const name = document.getElementById('product-name')!;
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById('product-name-error')).toHaveTextContent('Назив мора имати најмање 2 знака.');
    expect(document.getElementById('product-storage')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Проверите ово поље.')).toHaveAttribute('role', 'alert');
    expect(document.body).not.toHaveTextContent(/Too small|Storage is odd/);
  });

  it('a wrong field is refused beside it, marked for screen readers and focused; nothing is sent', async () => {
    await i18n.changeLanguage('en');
    const fetchMock = vi.fn(() => Promise.resolve(saved()));
    vi.stubGlobal('fetch', fetchMock);
    renderForm(BY_PIECE);
    for (const wrong of ['0', 'abc']) {
      fireEvent.change(price(), { target: { value: wrong } });
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(price()).toHaveFocus());
      expect(price()).toHaveAttribute('aria-invalid', 'true');
      const message = document.getElementById('product-price-error')!;
      expect(message).toHaveAttribute('role', 'alert');
      expect(price().getAttribute('aria-describedby')).toContain('product-price-error');
    }
    const name = document.getElementById('product-name') as HTMLInputElement;
    fireEvent.change(price(), { target: { value: '300' } });
    fireEvent.change(name, { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveFocus());
    expect(document.getElementById('product-name-error')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
