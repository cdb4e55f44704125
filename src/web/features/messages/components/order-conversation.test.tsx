import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderMessage } from '#shared/contracts/messages.ts';
import i18n from '#web/lib/i18n.ts';
import { OrderConversation } from './order-conversation.tsx';

beforeAll(async () => { await i18n.changeLanguage('en'); });
afterEach(() => { vi.unstubAllGlobals(); });

const ORDER = '0f8fad5b-d9cb-469f-a165-70867728950e';
const msg = (id: string, fromProducer: boolean, body: string, createdAt: string): OrderMessage => ({
  id, orderId: ORDER, authorId: fromProducer ? '16fd2706-8baf-433b-82eb-8c7fada847da' : 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
  authorName: fromProducer ? 'Петар' : 'Марија', fromProducer, body, createdAt,
});

/** A fake API: the conversation, the unread list (the producer's answer is unread), and what was sent. */
function fakeApi(messages: OrderMessage[]) {
  const sent: unknown[] = [];
  const read: string[] = [];
  vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
    const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
    if (url === '/api/messages/unread') return json({ items: read.length ? [] : [{ orderId: ORDER, unread: 1, lastReadAt: '2099-01-10T10:00:00.000Z' }], nextCursor: null });
    if (url.endsWith('/messages/read')) { read.push(url); return json({ orderId: ORDER, unread: 0, lastReadAt: '2099-01-10T11:00:00.000Z' }); }
    if (url.startsWith(`/api/orders/${ORDER}/messages`) && init?.method === 'POST') {
      const { body } = JSON.parse(String(init.body)) as { body: string };
      if (body.includes('flood')) return json({ error: 'Too many requests', code: 'rate_limited' }, 429);
      sent.push(body);
      const created = msg(`00000000-0000-4000-8000-00000000000${sent.length}`, false, body, '2099-01-10T12:00:00.000Z');
      messages.push(created);
      return json(created, 201);
    }
    if (url.startsWith(`/api/orders/${ORDER}/messages`)) return json({ items: messages, nextCursor: null });
    return json({ error: 'not found', code: 'not_found' }, 404);
  }));
  return { sent, read };
}

function renderConversation(props: { defaultOpen?: boolean } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TranslationProvider i18n={i18n}>
      <QueryClientProvider client={client}><OrderConversation orderId={ORDER} viewerIsProducer={false} {...props} /></QueryClientProvider>
    </TranslationProvider>,
  );
}

describe('OrderConversation', () => {
  it('shows the unread count, opens oldest first with the unread answer marked, and marks it read', async () => {
    const api = fakeApi([
      msg('11111111-1111-4111-8111-111111111111', false, 'Kasnim 10 min', '2099-01-10T09:00:00.000Z'),
      msg('22222222-2222-4222-8222-222222222222', true, 'Nema problema\nПоздрав 🙂', '2099-01-10T10:30:00.000Z'),
    ]);
    renderConversation();
    expect(await screen.findByLabelText('1 unread message')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Messages/ }));
    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = within(list).getAllByTestId('message');
    expect(items.map((li) => li.textContent)).toEqual([expect.stringContaining('Kasnim 10 min'), expect.stringContaining('Nema problema\nПоздрав 🙂')]);
    expect(items[0]).not.toHaveAttribute('data-unread');
    expect(items[1]).toHaveAttribute('data-unread', 'true');
    expect(within(items[0]!).getByText('You')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Петар')).toBeInTheDocument();
    await waitFor(() => expect(api.read).toHaveLength(1));
  });

  it('sends a message, clears the field, and refuses an empty or too long one without a request', async () => {
    const api = fakeApi([]);
    renderConversation({ defaultOpen: true });
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
    const field = screen.getByLabelText('Your message');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await userEvent.type(field, '   ');
    expect(send).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste('🍯'.repeat(1001));
    await userEvent.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('at most 1000 characters');
    expect(api.sent).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, 'Imate li još kajmaka?');
    await userEvent.click(send);
    await waitFor(() => expect(api.sent).toEqual(['Imate li još kajmaka?']));
    expect(await screen.findByText('Imate li još kajmaka?')).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveValue(''));
  });

  it('keeps the draft when sending fails', async () => {
    fakeApi([]);
    renderConversation({ defaultOpen: true });
    const field = await screen.findByLabelText('Your message');
    await userEvent.type(field, 'flood');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    expect(field).toHaveValue('flood');
  });
});
