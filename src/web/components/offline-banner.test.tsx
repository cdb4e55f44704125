import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '#web/test/render.tsx';
import { OfflineBanner } from './offline-banner.tsx';

const routes = [{ path: '*', element: <OfflineBanner /> }];

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe('OfflineBanner', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is an empty live region while online and announces going offline and back', async () => {
    await renderRoutes({ routes });
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();

    goOffline(true);
    expect(status).toHaveTextContent('You are offline.');
    expect(status).toHaveTextContent('ordering needs a connection');

    goOffline(false);
    expect(status).toBeEmptyDOMElement();
  });

  it('speaks the active language', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await renderRoutes({ routes, language: 'sr' });
    expect(screen.getByRole('status')).toHaveTextContent('Нисте повезани на интернет.');
  });
});
