import { expect, test } from './support/test.ts';
import { BUYER_EMAIL, apiLogin } from './support/session.ts';

/**
 * Two tabs restoring an expired session at the same moment (a browser reopening its tabs):
 * they refresh once between them (Web Locks; at most twice, never refused) and both stay signed in
 * with the same live tokens.
 * Before the grace window the second refresh with the already rotated token ended the session.
 */
test('two tabs restoring an expired session share a refresh and both stay signed in', async ({ context, request }) => {
  const session = await apiLogin(request, BUYER_EMAIL);
  // The stored access token has expired (the app reads only its `exp`): both tabs must refresh.
  const expired = `${Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ sub: session.user.id, token_use: 'access', exp: Math.floor(Date.now() / 1000) - 60 })).toString('base64url')}.x`;
  await context.addInitScript((stored) => {
    if (localStorage.getItem('e2e.stored')) return; // once per context, not on every page load
    localStorage.setItem('e2e.stored', '1');
    localStorage.setItem('domace.language', 'en');
    localStorage.setItem('domace.user', JSON.stringify(stored.user));
    localStorage.setItem('domace.idToken', stored.idToken);
    localStorage.setItem('domace.accessToken', stored.accessToken);
    localStorage.setItem('domace.refreshToken', stored.refreshToken);
  }, { ...session, accessToken: expired });

  const refreshes: number[] = [];
  context.on('response', (response) => {
    if (response.url().endsWith('/api/auth/refresh')) refreshes.push(response.status());
  });

  const [tabA, tabB] = await Promise.all([context.newPage(), context.newPage()]);
  await Promise.all([tabA.goto('/profile'), tabB.goto('/profile')]);
  for (const tab of [tabA, tabB]) {
    await expect(tab).toHaveURL(/\/profile$/);
    await expect(tab.getByRole('heading', { name: session.user.name })).toBeVisible();
  }
  // Never a refused refresh. Usually one for both tabs (the other takes the tokens from storage
  // under the lock); but localStorage reaches another renderer process asynchronously, so on a
  // loaded machine the second tab may get the lock before it sees the first tab's tokens and
  // refresh too, with the rotated token, which the server's grace window answers.
  expect(refreshes.length).toBeGreaterThanOrEqual(1);
  expect(refreshes.length).toBeLessThanOrEqual(2);
  expect(refreshes.every((status) => status === 200)).toBe(true);

  const [a, b] = await Promise.all([tabA, tabB].map((tab) => tab.evaluate(() => localStorage.getItem('domace.accessToken'))));
  expect(a).toBe(b);
  expect(a).not.toBe(expired);
  expect((await request.get('/api/me', { headers: { authorization: `Bearer ${a}` } })).status()).toBe(200);
  // Within the grace window the rotated login token still yields a working pair (a retry after a lost answer).
  expect((await request.post('/api/auth/refresh', { data: { refreshToken: session.refreshToken } })).status()).toBe(200);
});
