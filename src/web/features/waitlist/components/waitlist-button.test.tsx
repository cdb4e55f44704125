import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { fakeTokens } from '#web/test/jwt.ts';
import { renderRoutes } from '#web/test/render.tsx';
import { WaitlistButton } from './waitlist-button.tsx';

const PRODUCT = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

function signIn() {
  const tokens = fakeTokens({ sub: 'b-1', email: 'b@example.rs', name: 'Марија', userType: 'customer' });
  localStorage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify({ id: 'b-1', email: 'b@example.rs', name: 'Марија', userType: 'customer' }));
  localStorage.setItem(SESSION_STORAGE_KEYS.idToken, tokens.idToken);
  localStorage.setItem(SESSION_STORAGE_KEYS.accessToken, tokens.accessToken);
  localStorage.setItem(SESSION_STORAGE_KEYS.refreshToken, tokens.refreshToken);
}

afterEach(() => { vi.unstubAllGlobals(); localStorage.clear(); });

describe('WaitlistButton', () => {
  it('joins; a buyer already waiting reads so and may leave', async () => {
    signIn();
    let waiting = false;
    const calls: string[] = [];
    vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${new URL(url, 'http://x').pathname}`);
      if (method === 'PUT') waiting = true;
      if (method === 'DELETE') { waiting = false; return Promise.resolve(new Response(null, { status: 204 })); }
      const item = { productId: PRODUCT, productName: 'Купине', householdName: 'Радовић', quantity: 1, heldQuantity: 0, heldUntil: null, joinedAt: '2030-06-10T10:00:00.000Z' };
      const body = method === 'PUT' ? item : { items: waiting ? [item] : [] };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
    }));
    await renderRoutes({ routes: [{ path: '*', element: <WaitlistButton userId="b-1" productId={PRODUCT} quantity={1} /> }] });
    const join = await screen.findByRole('button', { name: 'Tell me when it is back' });
    await waitFor(() => expect(join).toBeEnabled());
    await userEvent.click(join);
    expect(await screen.findByText('You are on the waitlist for this product.')).toBeInTheDocument();
    expect(calls).toContain(`PUT /api/products/${PRODUCT}/waitlist`);
    await userEvent.click(screen.getByRole('button', { name: 'Leave the waitlist' }));
    expect(await screen.findByRole('button', { name: 'Tell me when it is back' })).toBeInTheDocument();
    expect(calls).toContain(`DELETE /api/products/${PRODUCT}/waitlist`);
  });
});
