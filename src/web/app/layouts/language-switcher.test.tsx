import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '#web/lib/i18n.ts';
import { lazyToast } from '#web/lib/lazy-toast.ts';
import { renderRoutes } from '#web/test/render.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

const routes = [{ path: '*', element: <LanguageSwitcher /> }];

describe('LanguageSwitcher', () => {
  afterEach(() => vi.restoreAllMocks());

  it('switches the page to the chosen language', async () => {
    await renderRoutes({ routes, path: '/' });
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'ru' } });
    await waitFor(() => expect(screen.getByLabelText('Язык')).toHaveValue('ru'));
  });

  it('stays in the current language and says why when the other one cannot be downloaded', async () => {
    await renderRoutes({ routes, path: '/' });
    vi.spyOn(i18n, 'changeLanguage').mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'));
    const error = vi.spyOn(lazyToast, 'error').mockImplementation(() => undefined);
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'sr' } });
    await waitFor(() => expect(error).toHaveBeenCalledWith('Cannot reach the server. Check your internet connection.'));
    expect(screen.getByLabelText('Language')).toHaveValue('en');
  });
});
