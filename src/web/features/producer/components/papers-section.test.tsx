import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '#web/lib/i18n.ts';
import { HOUSEHOLD, renderWithClient, sent, stubFetch } from '../test/household-fixture.tsx';
import { PapersSection } from './papers-section.tsx';

afterEach(() => { vi.unstubAllGlobals(); });
afterAll(async () => { await i18n.changeLanguage('en'); });

describe('papers', () => {
  it('refuses a BPG that is not 12 digits beside it, focused, in Serbian, before sending; the right one saves', async () => {
    await i18n.changeLanguage('sr');
    const fetchMock = stubFetch();
    renderWithClient(<PapersSection household={HOUSEHOLD} />);
    const bpg = screen.getByLabelText('Број газдинства (БПГ)');
    fireEvent.change(bpg, { target: { value: '12345' } });
    await userEvent.click(screen.getByRole('button', { name: 'Сачувај папире' }));
    await waitFor(() => expect(bpg).toHaveFocus());
    expect(bpg).toHaveAttribute('aria-invalid', 'true');
    expect(bpg).toHaveAccessibleDescription(expect.stringContaining('Број газдинства (БПГ) има 12 цифара.') as string);
    expect(screen.getByRole('alert')).toHaveTextContent('Број газдинства (БПГ) има 12 цифара.');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(bpg, { target: { value: '716402118735' } });
    await userEvent.click(screen.getByRole('button', { name: 'Сачувај папире' }));
    await waitFor(() => expect(sent(fetchMock)).toHaveLength(1));
    expect(sent(fetchMock)[0]).toMatchObject({ legal: { form: 'rpg', holdingNumber: '716402118735', pib: null, registrations: [] } });
    expect(bpg).not.toHaveAttribute('aria-invalid');
  });

  it('a field the server refuses: beside it, focused, in Serbian (the form\'s text for that field, a character rule, never the server\'s English)', async () => {
    await i18n.changeLanguage('sr');
    stubFetch(() => new Response(JSON.stringify({ error: 'Invalid body', code: 'validation_failed', details: [
      { field: 'legal.holdingNumber', message: 'The BPG is 12 digits', rule: 'invalid_format' },
    ] }), { status: 400 }));
    renderWithClient(<PapersSection household={HOUSEHOLD} />);
    const bpg = screen.getByLabelText('Број газдинства (БПГ)');
    fireEvent.change(bpg, { target: { value: '716402118735' } });
    await userEvent.click(screen.getByRole('button', { name: 'Сачувај папире' }));
    await waitFor(() => expect(bpg).toHaveFocus());
    expect(bpg).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Број газдинства (БПГ) има 12 цифара.');
    expect(document.body).not.toHaveTextContent('The BPG is 12 digits');
  });

  it('refuses a registration that covers nothing: the focus goes to its first box, the message beside them', async () => {
    await i18n.changeLanguage('en');
    const fetchMock = stubFetch();
    renderWithClient(<PapersSection household={HOUSEHOLD} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add a registration' }));
    fireEvent.change(screen.getByLabelText('Number'), { target: { value: 'RS-123' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save papers' }));
    const covers = screen.getByRole('group', { name: 'Covers' });
    await waitFor(() => expect(within(covers).getAllByRole('checkbox')[0]).toHaveFocus());
    expect(covers).toHaveAttribute('aria-invalid', 'true');
    expect(covers).toHaveAccessibleDescription('Choose what this registration covers.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
