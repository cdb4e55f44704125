import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callOf, type FetchMock } from '#web/test/fetch-mock.ts';
import type { AdminProducer } from '#shared/contracts/admin.ts';
import i18n from '#web/lib/i18n.ts';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { ProducerPapers } from './producer-papers.tsx';

beforeAll(async () => { await i18n.changeLanguage('en'); });
afterEach(() => { vi.unstubAllGlobals(); });

const PRODUCER: AdminProducer = {
  id: '16fd2706-8baf-433b-82eb-8c7fada847da', name: 'Pčelinjak Jovanović', location: 'Irig',
  status: 'approved', ownerEmail: 'irig@domace.rs', ownerName: 'Jovan', ownerConfirmed: true, ownerSuspended: false, hidden: false,
  createdAt: '2099-01-10T10:00:00.000Z', statusChangedAt: null, counts: { products: 1, stories: 0, orders: 0, followers: 0 },
  legal: {
    form: 'entrepreneur', holdingNumber: '123456789012', pib: '101134702',
    registrations: [{ kind: 'registarski_broj', number: 'RS-123', categories: ['honey'] }], verifiedAt: null,
  },
};

function renderPapers(producer: AdminProducer, fetchMock: FetchMock) {
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TranslationProvider i18n={i18n}>
      <QueryClientProvider client={client}><ProducerPapers producer={producer} /></QueryClientProvider>
    </TranslationProvider>,
  );
}

describe('ProducerPapers', () => {
  it('shows the papers with the PIB and verifies them through the operator endpoint', async () => {
    const fetchMock: FetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ id: PRODUCER.id, verifiedAt: '2099-01-11T10:00:00.000Z', legal: PRODUCER.legal }), { status: 200 })));
    renderPapers(PRODUCER, fetchMock);
    expect(screen.getByText(/101134702/)).toBeInTheDocument();
    expect(screen.getByText(/RS-123/)).toBeInTheDocument();
    expect(screen.getByText('Not checked yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verify the papers of Pčelinjak Jovanović' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = callOf(fetchMock);
    expect(String(url)).toContain(`/api/admin/producers/${PRODUCER.id}/verify-legal`);
    expect(init.method).toBe('POST');
  });

  it('offers no verify button once the papers are checked', () => {
    renderPapers({ ...PRODUCER, legal: { ...PRODUCER.legal, verifiedAt: '2099-01-11T10:00:00.000Z' } }, vi.fn());
    expect(screen.queryByRole('button', { name: /Verify/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Papers checked/)).toBeInTheDocument();
  });
});
