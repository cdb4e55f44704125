import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '#web/lib/i18n.ts';
import { HOUSEHOLD, renderWithClient, sent, stubFetch } from '../test/household-fixture.tsx';
import { HouseholdSection } from './household-section.tsx';

afterEach(() => { vi.unstubAllGlobals(); });
afterAll(async () => { await i18n.changeLanguage('en'); });

const NoUpload = () => null;

describe('household profile', () => {
  it('refuses a name of one letter beside it, focused, in Serbian; a right one saves', async () => {
    await i18n.changeLanguage('sr');
    const fetchMock = stubFetch();
    renderWithClient(<HouseholdSection householdId={HOUSEHOLD.id} UploadField={NoUpload} />);
    const name = await screen.findByLabelText('Назив домаћинства');
    fireEvent.change(name, { target: { value: 'П' } });
    await userEvent.click(screen.getByRole('button', { name: 'Сачувај профил' }));
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Назив мора имати најмање 2 знака.');
    expect(screen.getByRole('alert')).toHaveTextContent('Назив мора имати најмање 2 знака.');
    expect(sent(fetchMock)).toHaveLength(0);
    fireEvent.change(name, { target: { value: 'Газдинство Петровић и синови' } });
    await userEvent.click(screen.getByRole('button', { name: 'Сачувај профил' }));
    await waitFor(() => expect(sent(fetchMock)).toHaveLength(1));
    expect(sent(fetchMock)[0]).toMatchObject({ name: 'Газдинство Петровић и синови', location: 'Чачак' });
  });

  it('a field the server refuses: beside it, focused, in Serbian by its rule, never the server\'s English', async () => {
    await i18n.changeLanguage('sr');
    stubFetch((url, init) => (init?.method === 'PATCH'
      ? new Response(JSON.stringify({ error: 'Invalid body', code: 'validation_failed', details: [{ field: 'location', message: 'Too big: expected string to have <=120 characters', rule: 'too_big' }] }), { status: 400 })
      : new Response(JSON.stringify(HOUSEHOLD), { status: 200 })));
    renderWithClient(<HouseholdSection householdId={HOUSEHOLD.id} UploadField={NoUpload} />);
    await screen.findByLabelText('Назив домаћинства');
    await userEvent.click(screen.getByRole('button', { name: 'Сачувај профил' }));
    const location = screen.getByLabelText('Место');
    await waitFor(() => expect(location).toHaveFocus());
    expect(location).toHaveAttribute('aria-invalid', 'true');
    expect(location).toHaveAccessibleDescription('Место може имати највише 120 знакова.');
    expect(document.body).not.toHaveTextContent('Too big');
  });
});
