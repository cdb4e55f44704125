import { expect, test } from './support/test.ts';
import { BUYER_EMAIL, DEMO_PASSWORD, saveScreen, text } from './support/session.ts';

/**
 * The app shell around every screen (docs/product.md): the 404 page, the login guard that
 * brings you back where you were going, and the language switch that survives a reload.
 * A Serbian browser, as most users have; nothing stored beforehand.
 */
test.use({ locale: 'sr-RS' });

test('an unknown path shows the 404 page, answered with status 404, and leads home', async ({ page }, testInfo) => {
  const response = await page.goto('/no-such-page/at-all');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: text('sr', 'common', 'notFound.title') })).toBeVisible();
  await expect(page.getByText(text('sr', 'common', 'notFound.message'))).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(text('sr', 'common', 'notFound.title')));
  await saveScreen(page, testInfo, 'not-found');

  await page.getByRole('link', { name: text('sr', 'common', 'notFound.home') }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: text('sr', 'common', 'notFound.title') })).toHaveCount(0);
});

test('a signed-out visit to /orders goes to the login page, and logging in returns to /orders', async ({ page }, testInfo) => {
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: text('sr', 'auth', 'login.title') })).toBeVisible();

  await page.getByLabel(text('sr', 'auth', 'fields.email')).fill(BUYER_EMAIL);
  await page.getByLabel(text('sr', 'auth', 'fields.password'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: text('sr', 'auth', 'login.submit') }).click();

  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('button', { name: text('sr', 'common', 'header.accountMenu') })).toBeVisible();
  await expect(page.getByRole('link', { name: text('sr', 'common', 'header.login') })).toHaveCount(0);
  await saveScreen(page, testInfo, 'login-guard');
});

test('the language switch goes sr -> en -> ru and the choice survives a reload', async ({ page }, testInfo) => {
  await page.goto('/');
  const html = page.locator('html');
  const nav = page.getByRole('navigation', { name: text('sr', 'common', 'nav.label') });
  await expect(html).toHaveAttribute('lang', 'sr');
  await expect(nav.getByRole('link', { name: text('sr', 'common', 'nav.feed') })).toBeVisible();

  await page.getByLabel(text('sr', 'common', 'header.language')).selectOption('en');
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('navigation', { name: text('en', 'common', 'nav.label') }).getByRole('link', { name: text('en', 'common', 'nav.search') })).toBeVisible();

  await page.getByLabel(text('en', 'common', 'header.language')).selectOption('ru');
  await expect(html).toHaveAttribute('lang', 'ru');
  const ruNav = page.getByRole('navigation', { name: text('ru', 'common', 'nav.label') });
  await expect(ruNav.getByRole('link', { name: text('ru', 'common', 'nav.basket') })).toBeVisible();

  await page.reload();
  await expect(html).toHaveAttribute('lang', 'ru');
  await expect(ruNav.getByRole('link', { name: text('ru', 'common', 'nav.orders') })).toBeVisible();
  await expect(page.getByLabel(text('ru', 'common', 'header.language'))).toHaveValue('ru');
  await saveScreen(page, testInfo, 'language-switch');
});

test('Serbian Latin is a language of its own: chosen in the header, rendered by the server, kept after a reload', async ({ page }, testInfo) => {
  await page.goto('/');
  const html = page.locator('html');
  await page.getByLabel(text('sr', 'common', 'header.language')).selectOption({ label: 'Srpski (latinica)' });
  await expect(html).toHaveAttribute('lang', 'sr-Latn');
  const nav = page.getByRole('navigation', { name: text('sr-Latn', 'common', 'nav.label') });
  await expect(nav.getByRole('link', { name: text('sr-Latn', 'common', 'nav.search') })).toBeVisible();
  expect(text('sr-Latn', 'common', 'nav.search')).not.toBe(text('sr', 'common', 'nav.search'));

  const served = await (await page.request.get('/', { headers: { Cookie: 'domace_language=sr-Latn' } })).text();
  expect(served).toContain('<html lang="sr-Latn"');
  expect(served).toContain(text('sr-Latn', 'catalog', 'feed.title'));

  await page.reload();
  await expect(html).toHaveAttribute('lang', 'sr-Latn');
  await expect(nav.getByRole('link', { name: text('sr-Latn', 'common', 'nav.feed') })).toBeVisible();
  await expect(page.getByLabel(text('sr-Latn', 'common', 'header.language'))).toHaveValue('sr-Latn');
  await saveScreen(page, testInfo, 'language-serbian-latin');
});

test('pages arrive rendered with their data in the visitor\'s language, and hydrate without errors or refetching', async ({ page, request }) => {
  // The HTML itself, before any JavaScript: the feed's products, in English for an English browser.
  const products = (await (await request.get('/api/products')).json()) as { items: Array<{ id: string; name: string }> };
  const html = await (await request.get('/', { headers: { 'Accept-Language': 'en-US,en;q=0.9' } })).text();
  expect(html).toContain('<html lang="en"');
  expect(html).toContain(text('en', 'catalog', 'feed.title'));
  for (const product of products.items.slice(0, 4)) expect(html).toContain(product.name.replace(/&/g, '&amp;'));
  // The stored choice (cookie) beats Accept-Language.
  const ru = await (await request.get(`/product/${products.items[0]!.id}`, { headers: { 'Accept-Language': 'en', Cookie: 'domace_language=ru' } })).text();
  expect(ru).toContain('<html lang="ru"');
  expect(ru).toContain(text('ru', 'catalog', 'product.addToBasket'));

  // In the browser: hydration keeps the markup (no errors) and asks the API for nothing the page already had.
  const problems: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()); });
  page.on('pageerror', (error) => problems.push(String(error)));
  const apiCalls: string[] = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url()); });
  await page.goto('/');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await page.getByRole('tab', { name: text('sr', 'catalog', 'feed.tabs.all') }).focus();
  expect(problems).toEqual([]);
  expect(apiCalls).toEqual([]);
});

test('a page rendered in another language than the stored choice hydrates, then switches, without hydration errors', async ({ page }) => {
  // The choice is stored in the browser but the server does not know it (no cookie): the server
  // renders Serbian for this browser, the page hydrates in Serbian, then follows the choice.
  await page.addInitScript(() => { if (!sessionStorage.getItem('seeded')) { localStorage.setItem('domace.language', 'en'); sessionStorage.setItem('seeded', '1'); } });
  const problems: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()); });
  page.on('pageerror', (error) => problems.push(String(error)));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: text('en', 'catalog', 'feed.title') })).toBeVisible();
  await expect(page.getByTestId('product-card').first().getByRole('button', { name: text('en', 'catalog', 'product.addToBasket') })).toBeVisible();
  expect(problems).toEqual([]);
});
