import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { expectRefusedField } from '#web/lib/expect-refused.ts';
import i18n from '#web/lib/i18n.ts';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { SmsSettings } from './sms-settings.tsx';

afterEach(() => { vi.unstubAllGlobals(); });
afterAll(async () => { await i18n.changeLanguage('en'); });

const SETTINGS = { phone: null, confirmed: false, events: ['order'], quietFrom: '21:00', quietTo: '07:00', script: 'latn' };

/** GET answers `settings`; any write answers `refusal`. */
function serve(settings: object, refusal: { status: number; body: object }) {
  const fetchMock = vi.fn((_url: string, init?: RequestInit) => Promise.resolve((init?.method ?? 'GET') === 'GET'
    ? new Response(JSON.stringify(settings), { status: 200 })
    : new Response(JSON.stringify(refusal.body), { status: refusal.status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderSettings() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(<TranslationProvider i18n={i18n}><QueryClientProvider client={client}><SmsSettings /></QueryClientProvider></TranslationProvider>);
}

describe('SMS settings: the server\'s refusals beside their fields, in the producer\'s language', () => {
  it('a phone the server refuses: the form\'s text for a wrong number in Serbian, focused, not the server\'s English', async () => {
    await i18n.changeLanguage('sr');
    serve(SETTINGS, { status: 400, body: { error: 'Validation failed', code: 'validation_failed', details: [{ field: 'phone', message: 'Not a phone number (for example 064 123 4567 or +381 64 123 4567)' }] } });
    renderSettings();
    const phone = await screen.findByLabelText('Телефон за SMS');
    await userEvent.type(phone, '+381 64 111 2233');
    await userEvent.click(screen.getByRole('button', { name: 'Пошаљи код' }));
    await expectRefusedField(phone, 'Ово није број телефона: упишите га као 064 123 4567 или +381 64 123 4567.');
    expect(document.body).not.toHaveTextContent('Not a phone number');
  });

  it('a code asked for too soon: its code\'s text beside the phone', async () => {
    await i18n.changeLanguage('ru');
    serve(SETTINGS, { status: 429, body: { error: 'A code was sent a moment ago', code: 'sms.code_too_soon', details: [{ field: 'phone', message: 'A code was sent a moment ago; wait before asking for another' }] } });
    renderSettings();
    const phone = await screen.findByRole('textbox');
    await userEvent.type(phone, '064 111 2233');
    await userEvent.click(screen.getAllByRole('button')[0]!);
    await expectRefusedField(phone, i18n.t('errors:sms.code_too_soon'));
    expect(i18n.t('errors:sms.code_too_soon')).not.toMatch(/moment ago/);
  });

  it('a wrong code: said beside the code in Serbian, focused', async () => {
    await i18n.changeLanguage('sr');
    serve({ ...SETTINGS, phone: '+381641112233' }, { status: 400, body: { error: 'The code is incorrect', code: 'sms.code_mismatch', details: [{ field: 'code', message: 'The code is incorrect (4 tries left)' }] } });
    renderSettings();
    const code = await screen.findByLabelText('Код из SMS-а');
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Потврди' }));
    await expectRefusedField(code, 'Код није тачан.');
  });

  it('quiet hours the server refuses: the form\'s text for a time beside the field', async () => {
    await i18n.changeLanguage('sr');
    serve({ ...SETTINGS, phone: '+381641112233', confirmed: true }, { status: 400, body: { error: 'Invalid body', code: 'validation_failed', details: [{ field: 'quietTo', message: 'Invalid string: must match pattern', rule: 'invalid_format' }] } });
    renderSettings();
    const to = await screen.findByLabelText('Тихо до');
    await userEvent.click(screen.getByRole('button', { name: 'Сачувај SMS подешавања' }));
    await expectRefusedField(to, 'Време у дану, на пример 21:00.');
  });
});
