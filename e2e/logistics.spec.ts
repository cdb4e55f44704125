import { expect, test, waitForAppOnNavigation, type APIRequestContext, type Page } from './support/test.ts';
import { HOUSEHOLDS } from '../src/server/db/seed/data.ts';

/**
 * Where, when and how to pay: a producer sets a Saturday market stall, delivery to
 * two towns and an IPS account; a buyer checks out from that household (pickup at the stall,
 * IPS QR) and from another (delivery to a town it serves, cash), then sees the pickup address,
 * the delivery fee and the QR with account and reference.
 */
const PASSWORD = 'domace-demo';
const BUYER = 'kupac@domace.rs';
/** Households of the sample data without pickup settings: one per browser project (same server). */
const PRODUCERS: Partial<Record<string, string>> = { phone: 'valjevo', desktop: 'nis' };
/** Has pickup points, delivers to Лесковац, Ниш, Врање for 300 RSD and takes cash. */
const DELIVERING = 'leskovac';

interface ApiProduct { id: string; name: string; householdId: string; price: number; availability: boolean; stock: number | null }

async function useEnglish(page: Page) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('domace.language')) localStorage.setItem('domace.language', 'en');
  });
}

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  const form = page.locator('main form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The priciest product on sale of a household (above any minimum order). */
async function productOf(request: APIRequestContext, householdName: string): Promise<ApiProduct> {
  const households = (await (await request.get('/api/households?limit=100')).json()).items as { id: string; name: string }[];
  const id = households.find((h) => h.name === householdName)!.id;
  const items = (await (await request.get(`/api/products?householdId=${id}&limit=100`)).json()).items as ApiProduct[];
  return items.filter((p) => p.availability && (p.stock === null || p.stock > 3)).sort((a, b) => b.price - a.price)[0]!;
}

async function addToBasket(page: Page, product: ApiProduct) {
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Add to basket', exact: true }).click();
  await expect(page.getByText('Added to basket').first()).toBeVisible();
}

test('a producer sets a market stall and delivery; a buyer checks out two households and sees the QR and the pickup address', async ({ page, request, browser }, testInfo) => {
  const producer = HOUSEHOLDS.find((h) => h.key === (PRODUCERS[testInfo.project.name] ?? 'valjevo'))!;
  const delivering = HOUSEHOLDS.find((h) => h.key === DELIVERING)!;
  const stallAddress = `Pijaca ${producer.location}, tezga 7`;

  // The producer: a Saturday stall, delivery to two towns, an IPS account.
  const producerContext = await browser.newContext();
  const producerPage = waitForAppOnNavigation(await producerContext.newPage());
  await useEnglish(producerPage);
  await logIn(producerPage, producer.email);
  await producerPage.goto('/producer/dashboard?tab=household');
  const logistics = producerPage.getByRole('region', { name: 'Pickup and delivery' });
  await logistics.getByRole('button', { name: 'Add pickup point' }).click();
  const stall = logistics.getByRole('group', { name: 'Pickup point 1' });
  await stall.getByLabel('Name').fill('Green market stall');
  await stall.getByLabel('Address').fill(stallAddress);
  await stall.getByRole('button', { name: 'Add hours' }).click();
  await stall.getByLabel('Day').selectOption('6');
  await stall.getByLabel('Opens').fill('07:00');
  await stall.getByLabel('Closes').fill('13:00');
  await logistics.getByLabel('I deliver').check();
  await logistics.getByLabel('Towns you deliver to (separated by commas)').fill(`${producer.location}, Beograd`);
  await logistics.getByLabel('Delivery fee (RSD)').fill('250.50');
  for (const day of ['Fri', 'Sat']) await logistics.getByLabel(day, { exact: true }).check();
  await logistics.getByRole('button', { name: 'Save' }).click();
  await expect(producerPage.getByText('Saved').first()).toBeVisible();

  const payment = producerPage.getByRole('region', { name: 'Payment' });
  await payment.getByLabel('Account for IPS QR payments').fill('840-955845-11');
  await payment.getByRole('button', { name: 'Save' }).click();
  await expect(payment.getByRole('alert')).toContainText('account');
  await payment.getByLabel('Account for IPS QR payments').fill('840-955845-10');
  await payment.getByRole('button', { name: 'Save' }).click();
  await expect(payment.getByLabel('Account for IPS QR payments')).toHaveValue('840000000095584510');

  // The household page says where and when.
  const household = await productOf(request, producer.name);
  await producerPage.goto(`/household/${household.householdId}`);
  const whereWhen = producerPage.getByRole('region', { name: 'Where and when to collect' });
  await expect(whereWhen).toContainText(stallAddress);
  await expect(whereWhen).toContainText('Sat 07:00–13:00');
  await expect(whereWhen).toContainText('Beograd');
  await producerContext.close();

  // The buyer: pickup at the stall paid by IPS QR, delivery from the other household in cash.
  await useEnglish(page);
  const mine = household;
  const other = await productOf(request, delivering.name);
  await logIn(page, BUYER);
  await addToBasket(page, mine);
  await addToBasket(page, other);
  await page.goto('/checkout');

  const atStall = page.getByRole('region', { name: producer.name });
  await expect(atStall.getByText(stallAddress)).toBeVisible();
  await expect(atStall.getByLabel('When')).not.toHaveValue('');
  await expect(atStall.getByLabel('When').locator('option:checked')).toContainText('Sat');
  await atStall.getByLabel('IPS QR (mobile banking)').check();

  const delivered = page.getByRole('region', { name: delivering.name });
  await delivered.getByLabel('Delivery', { exact: true }).check();
  await delivered.getByLabel('Town').selectOption('Ниш');
  await delivered.getByLabel('Delivery day').selectOption({ index: 1 });
  await delivered.getByLabel('Delivery address').fill('Обреновићева 10');
  await delivered.getByLabel('Cash').check();
  await expect(delivered.getByTestId('delivery-fee')).toHaveText(other.price >= 3000 ? 'free' : '300.00 RSD');

  await page.getByLabel('Contact phone').fill('064 123 4567');
  await page.getByRole('button', { name: /Place order/ }).click();
  await expect(page).toHaveURL(/\/orders$/);

  const paid = page.getByTestId('order-card').filter({ hasText: producer.name }).first();
  await expect(paid).toContainText(`Green market stall, ${stallAddress}`);
  await expect(paid.getByTestId('payment-status')).toHaveText('Not paid');
  await expect(paid.getByRole('img', { name: /NBS IPS QR code for order #\d+/ })).toBeVisible();
  await expect(paid.getByTestId('ips-account')).toHaveText('840-0000000955845-10');
  await expect(paid.getByTestId('ips-reference')).toHaveText(/^97\d{2}\d+$/);

  const byDelivery = page.getByTestId('order-card').filter({ hasText: delivering.name }).first();
  await expect(byDelivery).toContainText('Обреновићева 10, Ниш');
  await expect(byDelivery.getByRole('img', { name: /NBS IPS QR/ })).toHaveCount(0);
});
