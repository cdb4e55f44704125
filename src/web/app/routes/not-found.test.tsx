import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '#web/test/render.tsx';
import { AppRoutes, preloadPage } from '../page-routes.tsx';

const routes = [{ path: '*', element: <AppRoutes /> }];

describe('404 page', () => {
  it('shows the texts, a link home, and logs the attempted path', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await preloadPage('/no/such/page'); // as main.tsx does before the first render
    await renderRoutes({ routes, path: '/no/such/page' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('The page you are looking for does not exist')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('404'), '/no/such/page');
  });

  it('is translated (Serbian, Cyrillic)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderRoutes({ routes, path: '/nema', language: 'sr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Страница није пронађена' })).toBeInTheDocument();
  });
});
