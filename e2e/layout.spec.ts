import { expect, test } from './support/test.ts';
import { DEMO_PASSWORD, PRODUCER_EMAIL, saveScreen, text } from './support/session.ts';

/**
 * Where things are on the screen: the navigation at the bottom of a phone and under the header
 * of a desktop screen; a product's name, price and basket button in the first screen; and a
 * producer who logs in lands on the dashboard, whose tab replaces the buyer's orders.
 */
test.use({ locale: 'sr-RS' });

test('the navigation sits at the bottom of a phone and at the top of a desktop screen; a product fits the first screen', async ({ page }, testInfo) => {
  const viewport = page.viewportSize()!;
  const desktop = viewport.width >= 1024;
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: text('sr', 'common', 'nav.label') });
  const navBox = (await nav.boundingBox())!;
  if (desktop) expect(navBox.y).toBeLessThan(150);
  else expect(navBox.y + navBox.height).toBeGreaterThan(viewport.height - 5);

  await page.locator('main a[href^="/product/"]').first().click();
  await expect(page).toHaveURL(/\/product\//);
  // Exact: the feed's cards are named "Додај у корпу: <name>", and the address changes before the product page is shown.
  const addButton = page.getByRole('button', { name: text('sr', 'catalog', 'product.addToBasket'), exact: true });
  await expect(addButton).toBeVisible();
  if (desktop) {
    const box = (await addButton.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    expect(heading.y).toBeLessThan(viewport.height / 2);
  }
  await saveScreen(page, testInfo, 'product-first-screen');
});

test('a producer who logs in lands on the dashboard; its tab replaces Orders, and /orders leads there', async ({ page }, testInfo) => {
  await page.goto('/login');
  const form = page.locator('main form');
  await form.getByLabel(text('sr', 'auth', 'fields.email')).fill(PRODUCER_EMAIL);
  await form.getByLabel(text('sr', 'auth', 'fields.password'), { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: text('sr', 'auth', 'login.submit') }).click();
  await expect(page).toHaveURL(/\/producer\/dashboard$/);
  const nav = page.getByRole('navigation', { name: text('sr', 'common', 'nav.label') });
  await expect(nav.getByRole('link', { name: new RegExp(`^${text('sr', 'common', 'nav.dashboard')}`) })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: text('sr', 'common', 'nav.orders'), exact: true })).toHaveCount(0);
  await saveScreen(page, testInfo, 'producer-dashboard-nav');

  await page.goto('/orders');
  await expect(page).toHaveURL(/\/producer\/dashboard\?tab=orders$/);
});
