import { expect, test } from './support/test.ts';
import { saveScreen, text } from './support/session.ts';

/**
 * Browsing without an account: the feed, search, a product, a household, the
 * story viewer. Serbian, the default language; texts come from the locale files.
 */
test.use({ locale: 'sr-RS' });

test('the feed shows products and the story viewer opens from a story circle and closes with Escape', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('/');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: text('sr', 'catalog', 'feed.tabs.all') })).toHaveAttribute('aria-selected', 'true');

  // A link (it works before the app starts); once running, it opens the viewer in place.
  const storyButton = page.getByRole('link', { name: new RegExp(text('sr', 'catalog', 'feed.openStories').replace('{{name}}', '.+')) }).first();
  await storyButton.click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('button', { name: text('sr', 'catalog', 'story.next') })).toBeVisible();
  await expect(viewer.getByRole('progressbar')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(storyButton).toBeFocused();

  await page.getByRole('tab', { name: text('sr', 'catalog', 'feed.tabs.featured') }).click();
  await expect(page.getByRole('tabpanel').getByTestId('product-card').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('searching "med" finds honey; the product page and its household follow (login required)', async ({ page }) => {
  await page.goto('/search');
  await expect(page.getByText(text('sr', 'catalog', 'search.startSearching'))).toBeVisible();
  await page.getByLabel(text('sr', 'catalog', 'search.label')).fill('med');
  await expect(page).toHaveURL(/\?q=med$/);
  const honey = page.getByTestId('product-card').filter({ hasText: /med|мед/i }).first();
  await expect(honey).toBeVisible();

  await page.getByLabel(text('sr', 'catalog', 'search.label')).fill('nema-takvog-proizvoda');
  await expect(page.getByText(/nema-takvog-proizvoda/).last()).toBeVisible();
  await page.getByLabel(text('sr', 'catalog', 'search.label')).fill('med');
  await page.getByTestId('product-card').filter({ hasText: /med|мед/i }).first().locator('a').nth(1).click();

  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/med|мед/i);
  await expect(page.getByRole('button', { name: text('sr', 'catalog', 'product.review') })).toBeVisible();
  await expect(page.getByRole('heading', { name: text('sr', 'catalog', 'product.reviews') })).toBeVisible();

  // The household page: following needs an account.
  await page.locator('main a[href^="/household/"]').first().click();
  await expect(page).toHaveURL(/\/household\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: text('sr', 'catalog', 'household.products') })).toBeVisible();
  await page.getByRole('button', { name: text('sr', 'catalog', 'household.follow') }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('search finds a town, ranks the whole word first, and offers nearby spellings and categories when nothing matches', async ({ page }, testInfo) => {
  await page.goto('/search');
  const box = page.getByLabel(text('sr', 'catalog', 'search.label'));
  const cards = page.getByTestId('product-card');
  await box.fill('Leskovac');
  await expect(cards.filter({ hasText: 'Ајвар благи' })).toBeVisible();

  await box.fill('sir');
  await expect(cards.first()).toContainText('Sjenički sir');
  await expect(cards.filter({ hasText: 'Sirup od malina' })).toBeVisible();

  await box.fill('ajvr');
  await expect(page.getByText(text('sr', 'catalog', 'search.didYouMean'))).toBeVisible();
  await expect(page.getByRole('button', { name: text('sr', 'common', 'categories.honey') })).toBeVisible();
  await saveScreen(page, testInfo, 'search-suggestions');
  await page.getByRole('button', { name: /Ајвар/ }).first().click();
  await expect(page).toHaveURL(/\?q=/);
  await expect(cards.filter({ hasText: /Ајвар/ }).first()).toBeVisible();
});

test('an unknown product answers 404 and shows the not-found message with a way back to the feed', async ({ page }) => {
  const response = await page.goto('/product/00000000-0000-4000-8000-000000000000');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: text('sr', 'catalog', 'product.notFound') })).toBeVisible();
  await page.getByRole('link', { name: text('sr', 'catalog', 'backToFeed') }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a household or buyer that does not exist answers 404, a real one 200', async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the server\'s answer does not depend on the screen: once');
  const missing = '00000000-0000-4000-8000-000000000000';
  expect((await request.get(`/household/${missing}`)).status()).toBe(404);
  expect((await request.get(`/buyer/${missing}`)).status()).toBe(404);
  expect((await request.get('/product/not-an-id')).status()).toBe(404);
  const households = await (await request.get('/api/households')).json() as { items: { id: string }[] };
  expect((await request.get(`/household/${households.items[0]!.id}`)).status()).toBe(200);
});

test('a shared product link is served with its title and Open Graph tags', async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the server\'s answer does not depend on the screen: once');
  const products = await (await request.get('/api/products?limit=1')).json() as { items: { id: string; name: string }[] };
  const product = products.items[0]!;
  const html = await (await request.get(`/product/${product.id}`)).text();
  expect(html).toContain('<meta property="og:type" content="product" />');
  expect(html).toMatch(/<title>[^<]+ — [\d.,]+ RSD \/ [^<]+ · Domaće<\/title>/);
  expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\/media\//);
});
