import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { TranslationProvider } from '#web/lib/translate.tsx';
import { describe, expect, it } from 'vitest';
import i18n from '#web/lib/i18n.ts';
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
