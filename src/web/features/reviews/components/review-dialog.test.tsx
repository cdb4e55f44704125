import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '#web/lib/i18n.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useReviews } from '../api/get-reviews.ts';
import { ReviewDialog } from './review-dialog.tsx';

function wrap(children: ReactNode) {
  return (
    <TranslationProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    </TranslationProvider>
  );
}

const PRODUCT = '5f0c6f3e-0000-4000-8000-000000000000';

describe('ReviewDialog', () => {
  it('starts from the buyer\'s own review when there is one (writing again edits it)', async () => {
    await i18n.changeLanguage('en');
    render(wrap(<ReviewDialog productId={PRODUCT} productName="Ajvar" open onOpenChange={() => {}} initial={{ rating: 4, comment: 'Odličan ajvar, ljut taman koliko treba.' }} />));
    const stars = screen.getAllByRole('radio');
    expect(stars.map((s) => s.getAttribute('aria-checked'))).toEqual(['false', 'false', 'false', 'true', 'false']);
    expect(screen.getByRole('textbox')).toHaveValue('Odličan ajvar, ljut taman koliko treba.');
  });

  it('starts empty without one', async () => {
    await i18n.changeLanguage('en');
    render(wrap(<ReviewDialog productId={PRODUCT} productName="Ajvar" open onOpenChange={() => {}} />));
    expect(screen.getAllByRole('radio').every((s) => s.getAttribute('aria-checked') === 'false')).toBe(true);
    expect(screen.getByRole('textbox')).toHaveValue('');
  });
});

/** The product page's way: the dialog keyed by the buyer's own review in the page's list, open state held above it. */
function ProductPageLike() {
  const [open, setOpen] = useState(true);
  const reviews = useReviews(PRODUCT);
  // The page's product, refreshed after a review too, and slower than the list.
  useQuery({ queryKey: [...queryKeys.products.all, PRODUCT], queryFn: () => new Promise((resolve) => setTimeout(() => resolve(1), 300)) });
  const own = reviews.data?.items[0];
  return (
    <ReviewDialog key={own ? `${own.id}:${own.rating}:${own.comment}` : 'new'} productId={PRODUCT} productName="Ajvar" open={open} onOpenChange={setOpen}
      initial={own && { rating: own.rating, comment: own.comment }} />
  );
}

describe('ReviewDialog saving', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('closes once saved, even though the saved review remounts it from the refreshed list', async () => {
    await i18n.changeLanguage('en');
    const review = {
      id: '6f0c6f3e-0000-4000-8000-000000000001', productId: PRODUCT, userId: '7f0c6f3e-0000-4000-8000-000000000002', userName: 'Ana', userAvatar: null,
      rating: 4, comment: 'Odličan ajvar, ljut taman koliko treba.', verifiedPurchase: false, createdAt: '2099-01-10T10:00:00.000Z', updatedAt: '2099-01-10T10:00:00.000Z',
    };
    let saved = false;
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        saved = true;
        return Promise.resolve(new Response(JSON.stringify(review), { status: 201, headers: { 'content-type': 'application/json' } }));
      }
      return Promise.resolve(new Response(JSON.stringify({ items: saved ? [review] : [], nextCursor: null }), { status: 200, headers: { 'content-type': 'application/json' } }));
    });
    vi.stubGlobal('fetch', fetchMock);
    render(wrap(<ProductPageLike />));
    await userEvent.click(screen.getAllByRole('radio')[3]!);
    await userEvent.type(screen.getByRole('textbox'), review.comment);
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true);
  });
});
