import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '#web/lib/i18n.ts';
import { ProductFormDialog } from './product-form-dialog.tsx';

afterEach(() => { vi.unstubAllGlobals(); });
afterAll(async () => { await i18n.changeLanguage('en'); });

const NoUpload = () => null;

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TranslationProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ProductFormDialog open onOpenChange={() => {}} product={null} UploadField={NoUpload} />
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
