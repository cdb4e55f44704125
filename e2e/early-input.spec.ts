import { expect, test, type Page } from '@playwright/test';
import { text } from './support/session.ts';

/**
 * A complete public page starts the app only when the visitor reaches for it (or after a few
 * quiet seconds): what the visitor does before the app is ready is held and replayed, never lost
 * (src/web/lib/early-start.ts, docs/decisions/0021-start-on-intent.md). These journeys act at
 * once after the page has loaded, without waiting for the app, as a quick visitor (or a test
 * written from outside) does.
 */
test.use({ locale: 'en-US' });

function watchErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()); });
  page.on('pageerror', (error) => problems.push(String(error)));
  return problems;
}

test('the server marks complete public pages, and only those, for a start on intent', async ({ request }) => {
  const products = (await (await request.get('/api/products?limit=1')).json()) as { items: Array<{ id: string; householdId: string }> };
  const [product] = products.items;
  const complete = async (url: string) => /id="ssr-state" data-complete>/.test(await (await request.get(url)).text());
  for (const url of ['/', '/search', `/product/${product!.id}`, `/household/${product!.householdId}`]) expect(await complete(url), url).toBe(true);
  for (const url of ['/search?q=med', `/household/${product!.householdId}?story=1`, '/basket', '/orders', '/login', '/product/00000000-0000-4000-8000-000000000000']) {
    expect(await complete(url), url).toBe(false);
  }
  // Not complete is not without data: a household opened on its stories arrives with its products.
  const household = (await (await request.get(`/api/households/${product!.householdId}`)).json()) as { name: string };
  expect(await (await request.get(`/household/${product!.householdId}?story=1`)).text()).toContain(household.name.replace(/&/g, '&amp;'));
});

test('a complete page loads no app code until the visitor reaches for it', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname); });
  await page.goto('/');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await page.waitForTimeout(1_500);
  // Only the small boot script: no React, no app, no hydration work while the visitor reads.
  expect(scripts.filter((s) => !/\/assets\/(index|boot)-/.test(s))).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();
  // What the server's page shows a visitor without an account, before any app: the log-in and
  // sign-up buttons, and the households' pictures in the story circles.
  await expect(page.getByRole('link', { name: text('en', 'common', 'header.login'), exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: text('en', 'common', 'header.signup'), exact: true })).toBeVisible();
  const circle = page.getByRole('region', { name: text('en', 'catalog', 'feed.storiesLabel') }).locator('img').first();
  await expect(circle).toBeVisible();
  expect(await circle.evaluate((img) => getComputedStyle(img).opacity)).toBe('1');
  await page.keyboard.press('Shift');
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
});

test('with nobody touching it, the page starts its app by itself a few seconds after loading', async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', undefined, { timeout: 15_000 });
});

test('"Add to basket" tapped before the app is ready puts the product in the basket', async ({ page, request }) => {
  const problems = watchErrors(page);
  const products = (await (await request.get('/api/products?limit=50')).json()) as { items: Array<{ id: string; availability: boolean; stock: number | null }> };
  const product = products.items.find((p) => p.availability && (p.stock === null || p.stock > 2))!;
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: text('en', 'catalog', 'product.addToBasket'), exact: true }).click();
  const nav = page.getByRole('navigation', { name: text('en', 'common', 'nav.label') });
  await expect(nav.getByRole('link', { name: new RegExp(text('en', 'common', 'nav.basket')) })).toContainText('1');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('domace.basket') ?? '[]') as Array<{ quantity: number }>);
  expect(stored.map((line) => line.quantity)).toEqual([1]);
  expect(problems).toEqual([]);
});

test('a search typed before the app is ready is searched', async ({ page }) => {
  const problems = watchErrors(page);
  await page.goto('/search');
  await page.getByRole('searchbox').fill('med');
  await expect(page).toHaveURL(/\/search\?q=med$/);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('a language chosen before the app is ready is the language the page switches to', async ({ page }) => {
  const problems = watchErrors(page);
  await page.goto('/');
  await page.getByLabel(text('en', 'common', 'header.language')).selectOption('ru');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1, name: text('ru', 'catalog', 'feed.title') })).toBeVisible();
  expect(problems).toEqual([]);
});

test('when the app code cannot be downloaded, the page says so and its reload brings the app', async ({ page, request }) => {
  const products = (await (await request.get('/api/products?limit=1')).json()) as { items: Array<{ id: string }> };
  const appChunk = /\/assets\/app-[\w-]+\.js$/;
  const failed: string[] = [];
  await page.route(appChunk, (route) => { failed.push(route.request().url()); return route.abort('internetdisconnected'); });
  await page.goto(`/product/${products.items[0]!.id}`);
  // A tap on a button before the app: the app starts, cannot be downloaded (twice), and the
  // page says what happened instead of silently ignoring the tap.
  await page.getByRole('button', { name: text('en', 'catalog', 'product.addToBasket'), exact: true }).click();
  const notice = page.getByRole('alert').filter({ hasText: text('en', 'common', 'appError.chunkMessage') });
  await expect(notice).toBeVisible();
  expect(failed.length).toBeGreaterThanOrEqual(1);
  // The server's page still works as a page: its links lead on.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.unroute(appChunk);
  await notice.getByRole('button', { name: text('en', 'common', 'appError.reload'), exact: true }).click();
  await page.keyboard.press('Shift');
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await expect(notice).toHaveCount(0);
});
