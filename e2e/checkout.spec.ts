import { expect, test, waitForAppOnNavigation, type APIRequestContext, type Page } from './support/test.ts';
import { HOUSEHOLDS } from '../src/server/db/seed/data.ts';
import { mailsTo } from './support/outbox.ts';

/**
 * The buying path: the demo buyer puts products of two households in the basket,
 * checks out and sees two pending orders; the producer of one household confirms its order;
 * the buyer sees "Confirmed" and gets the mail.
 */
const PASSWORD = 'domace-demo';
const BUYER = 'kupac@domace.rs';

interface ApiProduct { id: string; name: string; householdId: string; householdName: string; price: number; availability: boolean; stock: number | null }

async function useEnglish(page: Page) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('domace.language')) localStorage.setItem('domace.language', 'en');
  });
}

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return (await res.json()).accessToken as string;
}

/**
 * Two products of two different households, both on sale without a stock limit worry: the
 * first of a household without pickup points (date and time by hand), the second (its
 * priciest, above its minimum order) of one that delivers.
 */
async function twoProducts(request: APIRequestContext): Promise<[ApiProduct, ApiProduct]> {
  const res = await request.get('/api/products?limit=100');
  expect(res.status()).toBe(200);
  const items = ((await res.json()).items as ApiProduct[]).filter((p) => p.availability && (p.stock === null || p.stock > 5));
  const byName = (key: string) => HOUSEHOLDS.find((h) => h.key === key)!.name;
  const first = items.find((p) => p.householdName === byName('zlatibor'))!;
  const second = items.filter((p) => p.householdName === byName('leskovac')).sort((x, y) => y.price - x.price)[0]!;
  expect(first).toBeTruthy();
  expect(second).toBeTruthy();
  return [first, second];
}

/**
 * The destructive toast of the error catalogue, then closed: on a phone it sits over the
 * bottom of the form, and the pointer resting on it would keep it open (sonner pauses on hover).
 */
async function expectErrorToast(page: Page, message: string) {
  const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem').filter({ hasText: message });
  await expect(toast).toContainText('Error');
  await toast.getByRole('button', { name: 'Close toast' }).click();
  await expect(toast).toHaveCount(0);
}

/** Through the product page's "Add to basket" button, as a buyer does. */
async function addToBasket(page: Page, product: ApiProduct) {
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Add to basket', exact: true }).click();
  // Each visit is a fresh page load: the toast is this click's.
  await expect(page.getByText('Added to basket').first()).toBeVisible();
}

test('a buyer checks out two households at once, and sees the producer confirm', async ({ page, request, browser }, testInfo) => {
  await useEnglish(page);
  const [a, b] = await twoProducts(request);

  await logIn(page, BUYER);
  await addToBasket(page, a);
  await addToBasket(page, b);
  await addToBasket(page, b);

  // Basket: both lines, quantity controls, total with 2 decimals.
  await page.goto('/basket');
  await expect(page.getByRole('heading', { name: 'Basket' })).toBeVisible();
  await expect(page.getByText(a.name).first()).toBeVisible();
  await expect(page.getByText(b.name).first()).toBeVisible();
  await page.getByRole('button', { name: `Decrease quantity of ${b.name}` }).click();
  await page.getByRole('button', { name: `Increase quantity of ${a.name}` }).click();
  await expect(page.getByTestId('basket-total')).toHaveText(/RSD/);
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();

  // Checkout: grouped summary, validation, then one atomic order.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('region', { name: a.householdName })).toBeVisible();
  await expect(page.getByRole('region', { name: b.householdName })).toBeVisible();
  const regionA = page.getByRole('region', { name: a.householdName });
  const regionB = page.getByRole('region', { name: b.householdName });
  await regionB.getByLabel('Delivery', { exact: true }).check();
  const place = page.getByRole('button', { name: /Place order/ });
  await place.click();
  await expect(regionA.getByRole('alert').filter({ hasText: 'Please select pickup date and time' }).first()).toBeVisible();
  await expectErrorToast(page, 'Please select pickup date and time');
  const tomorrow = new Date(Date.now() + 36 * 3600 * 1000).toISOString().slice(0, 10);
  await regionA.getByLabel('Date').fill(tomorrow);
  await regionA.getByLabel('Time').fill('10:30');
  await regionB.getByLabel('Town').selectOption({ index: 1 });
  await regionB.getByLabel('Delivery day').selectOption({ index: 1 });
  await place.click();
  await expect(regionB.getByRole('alert').filter({ hasText: 'Please provide a delivery address' })).toBeVisible();
  await expectErrorToast(page, 'Please provide a delivery address');
  await regionB.getByLabel('Delivery address').fill('Кнез Михаилова 12, Београд');
  await page.getByLabel('Contact phone').fill('064 123 4567');
  await page.getByLabel('Notes').fill(`e2e ${testInfo.project.name}`);
  const mailsBefore = mailsTo(BUYER).length;
  await place.click();

  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByText('2 orders placed successfully')).toBeVisible();
  const cards = page.getByTestId('order-card');
  await expect(cards.first()).toBeVisible();
  const cardA = cards.filter({ hasText: a.householdName }).first();
  const cardB = cards.filter({ hasText: b.householdName }).first();
  await expect(cardA).toContainText('Pending');
  await expect(cardB).toContainText('Pending');
  await expect(cardA).toContainText('RSD');
  await expect(cardA).not.toContainText('$');

  // The basket was emptied.
  await page.goto('/basket');
  await expect(page.getByText('Your basket is empty')).toBeVisible();

  // The producer of household A confirms it on the dashboard's Orders tab.
  const token = await apiToken(request, BUYER);
  const mine = await (await request.get('/api/orders?limit=10', { headers: { authorization: `Bearer ${token}` } })).json();
  const orderA = (mine.items as { id: string; householdId: string; status: string }[]).find((o) => o.householdId === a.householdId && o.status === 'pending')!;
  expect(orderA).toBeTruthy();

  const producerEmail = producerEmailOf(a.householdName);
  const producerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const producerPage = waitForAppOnNavigation(await producerContext.newPage());
  await useEnglish(producerPage);
  await logIn(producerPage, producerEmail);
  await producerPage.goto('/producer/dashboard');
  await producerPage.getByRole('tab', { name: 'Orders' }).click();
  await expect(producerPage.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
  const producerCard = producerPage.locator(`[data-order-id="${orderA.id}"]`);
  await expect(producerCard).toContainText(`e2e ${testInfo.project.name}`);
  await producerCard.getByRole('combobox', { name: new RegExp(`Status of order #?${orderA.id.slice(0, 8)}`) }).click();
  await producerPage.getByRole('option', { name: 'Confirmed' }).click();
  await expect(producerPage.getByText('Order status updated').first()).toBeVisible();
  await expect(producerCard).toContainText('Confirmed');
  await producerContext.close();

  // The buyer sees it, with the history, and got a confirmation and a status mail.
  await page.goto('/orders');
  const confirmed = page.locator(`[data-order-id="${orderA.id}"]`);
  await expect(confirmed).toContainText('Confirmed');
  await confirmed.getByText('Status history').click();
  await expect(confirmed.getByText('Pending').first()).toBeVisible();
  await expect.poll(() => mailsTo(BUYER).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(mailsBefore + 2);
});

/** The demo producer account of a household (seed data: one producer per household). */
function producerEmailOf(householdName: string): string {
  const household = HOUSEHOLDS.find((h) => h.name === householdName);
  if (!household) throw new Error(`no demo producer for household ${householdName}`);
  return household.email;
}
