import { expect, test, type Page } from './support/test.ts';
import { BUYER_EMAIL, apiLogin, prepareStorage, sampleIds, saveScreen, text } from './support/session.ts';

/**
 * The installable app: a manifest with its icons, and a service worker that keeps the app
 * shell so a reload without network still opens the app, says it is offline, and shows the
 * basket (which lives on the device). Visited public pages and the public catalogue reads they
 * made are kept too, so they show offline; answers for a signed-in user are never kept.
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
    // A read this device never made is not invented; the signed-in user's own data is never kept.
    const apiReachable = await page.evaluate(() => fetch('/api/products?limit=1').then(() => true, () => false));
    expect(apiReachable).toBe(false);
    const meReachable = await page.evaluate((token) => fetch('/api/me', { headers: { Authorization: `Bearer ${token}` } }).then(() => true, () => false), buyer.accessToken);
    expect(meReachable).toBe(false);
    await saveScreen(page, testInfo, 'offline-basket');
  } finally {
    await context.setOffline(false);
  }
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: text('sr', 'common', 'offline.title') })).toHaveCount(0);
});

/** Waits until the service worker controls the page (it installs after the first load). */
async function workerInControl(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
  }, undefined, { timeout: 20_000 });
}

test('offline, a visited product page reloads with its product, a search made before shows its results, a new one says it is offline', async ({ page, context, playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const buyer = await apiLogin(api, BUYER_EMAIL);
  const { product } = await sampleIds(api, buyer);
  await api.dispose();
  await prepareStorage(page, { language: 'sr' });

  await page.goto('/');
  await workerInControl(page);
  // Visits while the worker is in control: the product page, and a search.
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: String(product.name) })).toBeVisible();
  await page.goto('/search?q=med');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  const found = await page.getByTestId('product-card').count();

  await context.setOffline(true);
  try {
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('status').filter({ hasText: text('sr', 'common', 'offline.title') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: String(product.name) })).toBeVisible();
    await expect(page.getByTestId('product-skeleton')).toHaveCount(0);
    await saveScreen(page, testInfo, 'offline-product');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: String(product.name) })).toBeVisible();

    await page.goto('/search?q=med');
    await expect(page.getByTestId('product-card')).toHaveCount(found);
    await page.getByLabel(text('sr', 'catalog', 'search.label')).fill('nikad-trazeno');
    await expect(page.getByText(text('sr', 'catalog', 'offline.searchNotSaved'))).toBeVisible();
    await saveScreen(page, testInfo, 'offline-search');

    // A product page never visited: says it was not kept (no placeholders for ever).
    await page.goto('/product/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText(text('sr', 'catalog', 'offline.notSaved'))).toBeVisible({ timeout: 15_000 });
  } finally {
    await context.setOffline(false);
  }
});

test('signed in: answers with an Authorization header are never kept nor served from the cache', async ({ page, context, playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const buyer = await apiLogin(api, BUYER_EMAIL);
  const { product } = await sampleIds(api, buyer);
  await api.dispose();
  await prepareStorage(page, { language: 'sr', session: buyer });

  await page.goto('/');
  await workerInControl(page);
  const url = `/api/products/${product.id}`;
  // Online: the same public read, once anonymous and once signed in; then /api/me and orders.
  const online = await page.evaluate(async ({ url, token }) => {
    const auth = { Authorization: `Bearer ${token}` };
    const statuses = [
      (await fetch(url)).status,
      (await fetch(url, { headers: auth })).status,
      (await fetch('/api/me', { headers: auth })).status,
      (await fetch('/api/orders', { headers: auth })).status,
    ];
    const kept = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) kept.push(new URL(request.url).pathname);
    }
    return { statuses, kept };
  }, { url, token: buyer.accessToken });
  expect(online.statuses).toEqual([200, 200, 200, 200]);
  expect(online.kept).toContain(url);
  expect(online.kept.filter((path) => path.startsWith('/api/me') || path.startsWith('/api/orders'))).toEqual([]);

  await context.setOffline(true);
  try {
    const offline = await page.evaluate(async ({ url, token }) => {
      const auth = { Authorization: `Bearer ${token}` };
      const attempt = (init?: RequestInit, target = url) => fetch(target, init).then((res) => res.status, () => 'failed');
      return {
        anonymous: await attempt(),
        signedIn: await attempt({ headers: auth }),
        me: await attempt({ headers: auth }, '/api/me'),
        orders: await attempt({ headers: auth }, '/api/orders'),
        post: await attempt({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }, '/api/products'),
      };
    }, { url, token: buyer.accessToken });
    // The anonymous copy is public; the signed-in request does not get it, nor anything of its own.
    expect(offline).toEqual({ anonymous: 200, signedIn: 'failed', me: 'failed', orders: 'failed', post: 'failed' });
  } finally {
    await context.setOffline(false);
  }
});

test('a first visit: the feed, opened before the worker took control, reads offline like pages opened after it', async ({ page, context }, testInfo) => {
  await prepareStorage(page, { language: 'sr' });
  // A new visitor: no worker yet, so the feed and the reads it made went past it.
  await page.goto('/');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  const cards = await page.getByTestId('product-card').count();
  await workerInControl(page);
  // The worker keeps what the page had loaded when it took control.
  await page.waitForFunction(async () => {
    const kept = await (await caches.open('domace-pages-v1')).keys();
    return kept.some((request) => new URL(request.url).pathname === '/');
  }, undefined, { timeout: 20_000 });

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: text('sr', 'common', 'offline.title') })).toBeVisible();
    await expect(page.getByTestId('product-card')).toHaveCount(cards);
    await expect(page.getByTestId('offline-not-saved')).toHaveCount(0);
    await saveScreen(page, testInfo, 'offline-first-feed');
  } finally {
    await context.setOffline(false);
  }
});
