import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProducerDrop } from '#shared/contracts/drops.ts';
import { expectRefusedField } from '#web/lib/expect-refused.ts';
import i18n from '#web/lib/i18n.ts';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { CancelDropButton } from './cancel-drop-button.tsx';
import { DropFormDialog } from './drop-form-dialog.tsx';

beforeAll(async () => { await i18n.changeLanguage('en'); });
afterEach(() => { vi.unstubAllGlobals(); vi.restoreAllMocks(); });

const DROP: ProducerDrop = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', title: 'Pijaca Kovin', hostHouseholdId: '16fd2706-8baf-433b-82eb-8c7fada847da',
  date: '2099-06-14', opens: '17:00', closes: '18:30', orderBy: '2099-06-13T10:00:00.000Z',
  place: { name: 'Parking', address: 'Trg 1', town: 'Kovin', lat: null, lng: null }, note: null, status: 'open', cancelReason: null,
  households: [{ id: '16fd2706-8baf-433b-82eb-8c7fada847da', name: 'Pčelinjak', avatar: null }], role: 'host',
} as ProducerDrop;

function renderWith(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(<TranslationProvider i18n={i18n}><QueryClientProvider client={client}>{node}</QueryClientProvider></TranslationProvider>);
}

const answer = (status: number, body: unknown) => vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response(JSON.stringify(body), { status })));

describe('DropFormDialog', () => {
  it('create: an empty title is refused beside it, focus there, nothing sent; filled in, it is sent', async () => {
    const fetch = answer(201, { ...DROP, copies: [] });
    vi.stubGlobal('fetch', fetch);
    const onOpenChange = vi.fn();
    renderWith(<DropFormDialog open onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole('dialog', { name: 'Create a drop' });
    await userEvent.type(within(dialog).getByLabelText('Place'), 'Parking');
    await userEvent.type(within(dialog).getByLabelText('Town'), 'Kovin');
    await userEvent.type(within(dialog).getByLabelText('Address'), 'Trg 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'New drop' }));
    await expectRefusedField(within(dialog).getByLabelText('Title'), 'Fill this in.');
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText('Title'), 'Pijaca Kovin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'New drop' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toMatchObject({ title: 'Pijaca Kovin', place: { town: 'Kovin' }, repeatWeeks: 0 });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('create: weeks past the limit are refused, not cut to 12', async () => {
    const fetch = answer(201, { ...DROP, copies: [] });
    vi.stubGlobal('fetch', fetch);
    renderWith(<DropFormDialog open onOpenChange={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Create a drop' });
    for (const [label, value] of [['Title', 'Pijaca'], ['Place', 'Parking'], ['Town', 'Kovin'], ['Address', 'Trg 1']] as const) {
      await userEvent.type(within(dialog).getByLabelText(label), value);
    }
    fireEvent.change(within(dialog).getByLabelText('Repeat weekly (extra weeks)'), { target: { value: '20' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'New drop' }));
    await expectRefusedField(within(dialog).getByLabelText('Repeat weekly (extra weeks)'), 'A whole number of weeks from 0 to 12.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('edit: a field the server refuses is said beside it, focus there', async () => {
    const fetch = answer(400, { error: 'Invalid', code: 'validation_failed', details: [{ field: 'place.town', message: 'At most 60 characters' }] });
    vi.stubGlobal('fetch', fetch);
    renderWith(<DropFormDialog open onOpenChange={vi.fn()} drop={DROP} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit drop' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Pijaca Kovin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls[0]![1]?.method).toBe('PATCH');
    await expectRefusedField(within(dialog).getByLabelText('Town'), 'At most 60 characters');
  });

  it('edit in Serbian: the server\'s refusal beside the field in Serbian (the form\'s text for that rule), never its English', async () => {
    await i18n.changeLanguage('sr');
    try {
      const fetch = answer(400, { error: 'Validation failed', code: 'validation_failed', details: [{ field: 'date', message: 'The drop\'s day cannot be before today' }, { field: 'title', message: 'Give the drop a title', rule: 'too_small' }] });
      vi.stubGlobal('fetch', fetch);
      renderWith(<DropFormDialog open onOpenChange={vi.fn()} drop={DROP} />);
      const dialog = screen.getByRole('dialog', { name: 'Измена испоруке' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Сачувај' }));
      await expectRefusedField(within(dialog).getByLabelText('Назив'), 'Попуните ово поље.');
      expect(within(dialog).getByText('Изаберите дан од данас до 60 дана унапред.')).toHaveAttribute('role', 'alert');
      expect(dialog).not.toHaveTextContent(/before today|Give the drop/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('CancelDropButton', () => {
  it('a reason the server refuses is said beside it in the visitor\'s language', async () => {
    await i18n.changeLanguage('ru');
    try {
      vi.stubGlobal('fetch', answer(400, { error: 'Invalid body', code: 'validation_failed', details: [{ field: 'reason', message: 'Too big: expected string to have <=500 characters', rule: 'too_big' }] }));
      renderWith(<CancelDropButton drop={DROP} />);
      await userEvent.click(screen.getByRole('button', { name: 'Отменить выдачу' }));
      const dialog = await screen.findByRole('alertdialog');
      await userEvent.type(within(dialog).getByRole('textbox'), 'Kiša');
      await userEvent.click(within(dialog).getAllByRole('button').at(-1)!);
      await expectRefusedField(within(dialog).getByRole('textbox'), 'Проверьте это поле.');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('refuses a cancel without a reason beside the reason, focus there; with one it is sent', async () => {
    const fetch = answer(200, { ...DROP, status: 'cancelled', cancelReason: 'Kiša' });
    vi.stubGlobal('fetch', fetch);
    renderWith(<CancelDropButton drop={DROP} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel drop' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the drop' }));
    await expectRefusedField(within(dialog).getByLabelText('Reason'), 'Fill this in.');
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Kiša');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the drop' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(String(fetch.mock.calls[0]![0])).toContain(`/api/drops/${DROP.id}/cancel`);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({ reason: 'Kiša' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
