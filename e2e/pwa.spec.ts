import { expect, test } from './support/test.ts';
import { BUYER_EMAIL, apiLogin, prepareStorage, sampleIds, saveScreen, text } from './support/session.ts';

/**
 * The installable app: a manifest with its icons, and a service worker that keeps the app
 * shell so a reload without network still opens the app, says it is offline, and shows the
 * basket (which lives on the device). API answers are never served from the cache.
 */
test.use({ serviceWorkers: 'allow' });

test('the manifest names the app and its icons load', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await request.get(href!)).json()) as {
    name: string; short_name: string; start_url: string; display: string;
    icons: Array<{ src: string; sizes: string; purpose?: string }>;
  };
  expect(manifest).toMatchObject({ name: 'Domaće', start_url: '/', display: 'standalone' });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']),
  );
  for (const icon of manifest.icons) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', /\.png$/);
});

test('offline, a reload opens the cached app, says it is offline and still shows the basket', async ({ page, context, playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const buyer = await apiLogin(api, BUYER_EMAIL);
  const { product } = await sampleIds(api, buyer);
  await api.dispose();
  await prepareStorage(page, { language: 'sr', session: buyer, basket: [{ product, quantity: 3 }] });

  await page.goto('/basket');
  await expect(page.getByText(String(product.name)).first()).toBeVisible();
  // The worker installs after load, precaches the shell, and takes control of the page.
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
  }, undefined, { timeout: 20_000 });

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: text('sr', 'common', 'offline.title') })).toBeVisible();
    await expect(page.getByText(String(product.name)).first()).toBeVisible();
    // The API is never answered from the cache.
    const apiReachable = await page.evaluate(() => fetch('/api/products?limit=1').then(() => true, () => false));
    expect(apiReachable).toBe(false);
    await saveScreen(page, testInfo, 'offline-basket');
  } finally {
    await context.setOffline(false);
  }
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: text('sr', 'common', 'offline.title') })).toHaveCount(0);
});
