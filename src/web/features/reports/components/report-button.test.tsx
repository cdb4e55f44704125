import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '#web/lib/i18n.ts';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { ReportButton } from './report-button.tsx';

const TARGET = '5f0c6f3e-0000-4000-8000-000000000000';

afterEach(() => vi.restoreAllMocks());

async function openReport() {
  await i18n.changeLanguage('en');
  render(
    <TranslationProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}><ReportButton targetType="product" targetId={TARGET} size="default" /></QueryClientProvider>
    </TranslationProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Report' }));
  return screen.findByRole('dialog', { name: 'Report' });
}

describe('ReportButton', () => {
  it('refuses a note the contract refuses beside it, focused, and sends nothing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    await openReport();
    const note = screen.getByLabelText('Note (optional)');
    fireEvent.change(note, { target: { value: 'bad\u0007note' } });
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(note).toHaveFocus());
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('The note may hold no control characters and at most 1000 characters.');
    expect(note).toHaveAccessibleDescription('The note may hold no control characters and at most 1000 characters.');
    expect(fetch).not.toHaveBeenCalled();

    // Typing again clears the refusal.
    fireEvent.change(note, { target: { value: 'fine note' } });
    expect(note).not.toHaveAttribute('aria-invalid');
  });
});
