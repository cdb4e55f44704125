import { expect, test } from './support/test.ts';
import { saveScreen, text } from './support/session.ts';

/**
 * A code chunk that cannot be downloaded (offline just after the page loaded, a blocked file)
 * never leaves a blank page: optional parts are left out, a page says what happened and offers
 * to reload, and the header and navigation stay.
 */
// The service worker precaches the chunks and would answer them past page.route: blocked here.
test.use({ locale: 'sr-RS', serviceWorkers: 'block' });

test('without the toaster\'s code the page works on: adding to the basket still counts', async ({ page }) => {
  await page.route(/\/assets\/toaster-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  const card = page.getByTestId('product-card').first();
  await card.getByRole('button').last().click();
  const nav = page.getByRole('navigation', { name: text('sr', 'common', 'nav.label') });
  await expect(nav.getByRole('link', { name: new RegExp(text('sr', 'common', 'nav.basket')) })).toContainText('1');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
});

test('a page whose code cannot be downloaded says so and offers a reload; the navigation stays', async ({ page }, testInfo) => {
  // Blocked from the start: the app loads the code of the pages a public page links to once it is idle.
  let blocked = 0;
  await page.route(/\/assets\/search-[^/]+\.js$/, (route) => {
    blocked += 1;
    return route.abort('internetdisconnected');
  });
  await page.goto('/');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  const nav = page.getByRole('navigation', { name: text('sr', 'common', 'nav.label') });
  await nav.getByRole('link', { name: text('sr', 'common', 'nav.search') }).click();
  await expect(page.getByText(text('sr', 'common', 'appError.chunkMessage'))).toBeVisible();
  expect(blocked).toBeGreaterThanOrEqual(2); // tried again once before giving up
  await expect(nav).toBeVisible();
  await saveScreen(page, testInfo, 'chunk-failed');

  await page.unroute(/\/assets\/search-[^/]+\.js$/);
  await page.getByRole('button', { name: text('sr', 'common', 'appError.reload') }).click();
  await expect(page.getByLabel(text('sr', 'catalog', 'search.label'))).toBeVisible();
});
