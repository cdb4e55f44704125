import { expect, test, type Page } from '@playwright/test';
import { text } from './support/session.ts';

/**
 * A complete public page starts the app when the visitor needs it, its code fetched into the
 * cache after the load; any other server-rendered page right after its load event. What the
 * visitor does before the app is ready is answered at once ("Add to basket") or held and
 * replayed, never lost (src/web/lib/early-start.ts, docs/decisions/0045-start-when-needed.md).
 * These journeys act at once after the page has loaded, without waiting for the app, as a quick
 * visitor (or a test written from outside) does.
 */
test.use({ locale: 'en-US' });

function watchErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()); });
  page.on('pageerror', (error) => problems.push(String(error)));
  return problems;
}

test('before the app, the server\'s page shows what a visitor without an account sees', async ({ page }) => {
  // The app's code held back: the page as it is before the app starts.
  let release = () => {};
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => { await released; await route.continue(); });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();
  // The log-in and sign-up buttons, and the households' pictures in the story circles.
  await expect(page.getByRole('link', { name: text('en', 'common', 'header.login'), exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: text('en', 'common', 'header.signup'), exact: true })).toBeVisible();
  const circle = page.getByRole('region', { name: text('en', 'catalog', 'feed.storiesLabel') }).locator('img').first();
  await expect(circle).toBeVisible();
  expect(await circle.evaluate((img) => getComputedStyle(img).opacity)).toBe('1');
  release();
  await page.keyboard.press('Shift'); // the visitor reaches for the page: the app starts
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
});

test('a complete page nobody touches does not start the app, but has its code in the cache; a card is a link to its rendered page', async ({ page }) => {
  const problems = watchErrors(page);
  const html = await (await page.request.get('/')).text();
  // No preload in the page itself: the code is named for boot.ts, which fetches it after the load.
  expect(html).not.toMatch(/<link rel="modulepreload"[^>]*\/assets\/app-/);
  const named = /<meta name="app-code" content="([^"]+)"/.exec(html)?.[1]?.split(' ') ?? [];
  expect(named.some((href) => /\/assets\/app-[\w-]+\.js$/.test(href))).toBe(true);
  expect(named.some((href) => /\/assets\/react-dom-[\w-]+\.js$/.test(href))).toBe(true);
  const fetched: string[] = [];
  page.on('requestfinished', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto('/');
  await expect.poll(() => fetched.filter((path) => named.includes(path)).length).toBe(named.length);
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();
  // A card's name is a plain link: its page arrives rendered by the server.
  const link = page.getByTestId('product-card').first().getByRole('link').first();
  const name = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();
  // A tap on a control needs the app: it starts (the code from the cache) and the tap is its own.
  await page.getByRole('button', { name: text('en', 'catalog', 'product.addToBasket'), exact: true }).click();
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  const nav = page.getByRole('navigation', { name: text('en', 'common', 'nav.label') });
  await expect(nav.getByTestId('basket-badge')).toHaveText('1');
  expect(problems).toEqual([]);
});

test('a page that is not complete, or a visitor with a basket, starts the app after the load event with nobody touching it', async ({ page }) => {
  await page.goto('/search?q=med');
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  // Ready without any input: a tap now is the app's at once (nothing held, nothing replayed).
  await page.getByRole('button', { name: new RegExp(`^${text('en', 'catalog', 'product.addToBasket')}`) }).first().click();
  const nav = page.getByRole('navigation', { name: text('en', 'common', 'nav.label') });
  await expect(nav.getByTestId('basket-badge')).toHaveText('1');
  // The stored basket is not in the server's page: the feed starts at once to show it.
  await page.goto('/');
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await expect(nav.getByTestId('basket-badge')).toHaveText('1');
});

test('"Add to basket" tapped before the app is ready is answered at once, and the app takes the basket over', async ({ page, request }) => {
  const problems = watchErrors(page);
  const products = (await (await request.get('/api/products?limit=50')).json()) as { items: Array<{ id: string; availability: boolean; stock: number | null }> };
  const product = products.items.find((p) => p.availability && (p.stock === null || p.stock > 2))!;
  // The app's code held back: the answer must come from the page itself (src/web/lib/early-add.ts).
  let release = () => {};
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => { await released; await route.continue(); });
  await page.goto(`/product/${product.id}`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: text('en', 'catalog', 'product.addToBasket'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: text('en', 'catalog', 'addedToBasket') })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();
  release();
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  const nav = page.getByRole('navigation', { name: text('en', 'common', 'nav.label') });
  await expect(nav.getByTestId('basket-badge')).toHaveText('1');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('domace.basket') ?? '[]') as Array<{ quantity: number }>);
  expect(stored.map((line) => line.quantity)).toEqual([1]); // answered once, not replayed to the app
  // Once the app runs, a tap is the app's own: a second jar.
  await page.getByRole('button', { name: text('en', 'catalog', 'product.addToBasket'), exact: true }).click();
  await expect(nav.getByTestId('basket-badge')).toHaveText('2');
  // The app's toast replaces the early one: one "Added to basket" on screen.
  await expect(page.getByText(text('en', 'catalog', 'addedToBasket'), { exact: true })).toHaveCount(1);
  expect(problems).toEqual([]);
});

test('a card\'s "Add to basket" tapped on the feed before the app is ready goes into the basket once', async ({ page }) => {
  const problems = watchErrors(page);
  let release = () => {};
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => { await released; await route.continue(); });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const card = page.getByTestId('product-card').filter({ has: page.getByRole('button', { name: new RegExp(`^${text('en', 'catalog', 'product.addToBasket')}`) }) }).first();
  const name = (await card.getByRole('link').first().textContent())!.trim();
  await card.getByRole('button', { name: new RegExp(`^${text('en', 'catalog', 'product.addToBasket')}`) }).click();
  await expect(page.getByRole('status').filter({ hasText: text('en', 'catalog', 'addedToBasket') })).toBeVisible();
  release();
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  const nav = page.getByRole('navigation', { name: text('en', 'common', 'nav.label') });
  await expect(nav.getByTestId('basket-badge')).toHaveText('1');
  // The basket page is for signed-in buyers: the stored basket is what a guest's basket holds.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('domace.basket') ?? '[]') as Array<{ product: { name: string }; quantity: number }>);
  expect(stored.map((line) => [line.product.name, line.quantity])).toEqual([[name, 1]]);
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
