import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { BUYER_EMAIL, apiLogin, prepareStorage, saveScreen, type StoredSession } from './support/session.ts';

/**
 * Saved items and saved places (docs/saved.md): a buyer saves a product from a card of the feed and
 * finds it in the profile's saved items; adds a saved address in the profile and picks it at
 * checkout. The demo buyer's saved lists are emptied through the API before and after (both
 * projects and other journeys use that buyer).
 */

async function clearSaved(request: APIRequestContext, session: StoredSession) {
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const products = (await (await request.get('/api/me/saved-products?limit=100', { headers })).json()).items as Array<{ id: string }>;
  for (const p of products) expect((await request.delete(`/api/me/saved-products/${p.id}`, { headers })).status()).toBe(204);
  const addresses = (await (await request.get('/api/me/addresses', { headers })).json()).items as Array<{ id: string }>;
  for (const a of addresses) expect((await request.delete(`/api/me/addresses/${a.id}`, { headers })).status()).toBe(204);
}

/** WCAG 2.1 A/AA and 2.2 AA (touch targets) of what is on screen, as e2e/a11y.spec.ts checks every route. */
async function axeViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  if (include) builder = builder.include(include);
  return (await builder.analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

// Emptied again afterwards: other journeys check out as the same buyer and expect no saved address.
test.afterEach(async ({ request }) => {
  await clearSaved(request, await apiLogin(request, BUYER_EMAIL));
});

async function signedIn(page: Page, request: APIRequestContext) {
  const session = await apiLogin(request, BUYER_EMAIL);
  await clearSaved(request, session);
  await prepareStorage(page, { language: 'en', session });
  return session;
}

test('a guest who taps Save on a card is sent to log in', async ({ page }) => {
  await prepareStorage(page, { language: 'en' });
  await page.goto('/');
  const card = page.getByTestId('product-card').first();
  await card.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a buyer saves a product from a card and finds it in the profile; a saved address is offered at checkout', async ({ page, request }, testInfo) => {
  await signedIn(page, request);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));

  // Save from the feed's first card.
  await page.goto('/');
  const card = page.getByTestId('product-card').first();
  const name = (await card.locator('a').nth(1).innerText()).trim();
  const save = card.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await save.click();
  await expect(card.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await saveScreen(page, testInfo, 'saved-card');
  expect(await axeViolations(page, '[data-testid="product-card"]')).toEqual([]);
  // Still saved after a reload: it is the server's list.
  await page.reload();
  await expect(page.getByTestId('product-card').first().getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // The profile's saved items list it; its link leads to the product.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Saved items' }).click();
  const items = page.getByRole('dialog', { name: 'Saved items' });
  await expect(items.getByRole('link', { name })).toBeVisible();
  await saveScreen(page, testInfo, 'saved-items');
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  await items.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await saveScreen(page, testInfo, 'saved-product-page');

  // Add a saved address as the default.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Saved locations' }).click();
  const places = page.getByRole('dialog');
  await expect(places.getByText('No saved addresses yet.')).toBeVisible();
  await places.getByRole('button', { name: 'Add address' }).click();
  await places.getByLabel('Name', { exact: true }).fill('Posao');
  await places.getByLabel('Town or area').fill('Novi Sad');
  await places.getByLabel('Address', { exact: true }).fill('Bulevar oslobođenja 30, 2. sprat');
  await places.getByLabel('Use as my default address').check();
  await places.getByRole('button', { name: 'Save address' }).click();
  const listed = places.getByTestId('saved-address');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Posao');
  await expect(listed).toContainText('Default');
  await saveScreen(page, testInfo, 'saved-locations');
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  await page.keyboard.press('Escape');

  // Checkout: delivery offers it, filled in as the default; choosing it again after a change refills the field.
  // From a household that delivers to Novi Sad (the seeded beekeeper of Irig).
  await page.goto('/search?q=Irig');
  await page.getByTestId('product-card').filter({ has: page.getByRole('button', { name: /^Add to basket: / }) }).first()
    .getByRole('button', { name: /^Add to basket: / }).click();
  await page.goto('/checkout');
  await page.getByLabel('Delivery', { exact: true }).check();
  const picker = page.getByLabel('Saved address');
  await expect(picker).toBeVisible();
  const field = page.getByLabel('Delivery address');
  await expect(field).toHaveValue('Bulevar oslobođenja 30, 2. sprat, Novi Sad');
  await field.fill('somewhere else');
  await picker.selectOption({ label: 'Posao — Bulevar oslobođenja 30, 2. sprat, Novi Sad' });
  await expect(field).toHaveValue('Bulevar oslobođenja 30, 2. sprat, Novi Sad');
  await saveScreen(page, testInfo, 'checkout-saved-address');
  expect(errors).toEqual([]);
});
