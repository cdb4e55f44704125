import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { ReactNode } from 'react';
import type { Household } from '#shared/contracts/households.ts';
import i18n from '#web/lib/i18n.ts';
import { MemoryRouter } from '#web/lib/router.tsx';
import { TranslationProvider } from '#web/lib/translate.tsx';

/** A household as its owner reads it, for the household tab's form tests. */
export const HOUSEHOLD: Household = {
  id: '16fd2706-8baf-433b-82eb-8c7fada847da', name: 'Газдинство Петровић', description: 'Мед и ајвар.', location: 'Чачак', avatar: null,
  followerCount: 0, rating: 0, reviewCount: 0, hasActiveStory: false, isFollowing: false,
  pickupPoints: [{ id: '5b1e8d7a-2c3f-4e5a-9b6c-7d8e9f0a1b2c', name: 'Пијаца', address: 'Трг 1', note: null, hours: [{ weekday: 6, opens: '07:00', closes: '13:00' }] }],
  delivery: { enabled: true, areas: ['Чачак'], fee: 200.5, freeFrom: null, leadDays: 1, weekdays: [5] },
  minimumOrder: 1000,
  payment: { cash: true, ipsAccount: null, ipsPayeeName: null },
  standingCutoffHours: 48,
  depositDays: 3,
  legal: { form: 'rpg', holdingNumber: null, pib: null, registrations: [], verifiedAt: null },
};

export function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <TranslationProvider i18n={i18n}>
      <QueryClientProvider client={client}><MemoryRouter>{ui}</MemoryRouter></QueryClientProvider>
    </TranslationProvider>,
  );
}

/** fetch answering a PATCH with the household (and `answer` for anything else); the calls are kept. */
export function stubFetch(answer: (url: string, init?: RequestInit) => Response = () => new Response(JSON.stringify(HOUSEHOLD), { status: 200 })) {
  const fetchMock = vi.fn((url: string | URL | Request, init?: RequestInit) => Promise.resolve(answer(String(url), init)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The bodies of the requests sent with `method`. */
export const sent = (mock: ReturnType<typeof stubFetch>, method = 'PATCH') =>
  mock.mock.calls.filter(([, init]) => init?.method === method).map(([, init]) => JSON.parse(init!.body as string) as Record<string, unknown>);
