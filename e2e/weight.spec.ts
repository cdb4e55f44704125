import { expect, test, waitForAppOnNavigation, type APIRequestContext } from './support/test.ts';
import { apiLogin, BUYER_EMAIL, prepareStorage, type StoredSession } from './support/session.ts';

/**
 * Sold by weight (docs/weight-pricing.md): the buyer sees a wheel of Sjenica cheese priced per
 * kg with its estimate, orders one; the producer weighs it on a phone (one field, decimal
 * comma) at more than 15 % above the estimate; the buyer accepts the final total and sees it,
 * with the IPS QR for that amount.
 */
const PRODUCER_EMAIL = 'sjenica@domace.rs';
const WHEEL = 'Sjenički sir, ceo kolut';

interface ApiProduct { id: string; name: string; householdId: string; pricing: string }

async function wheel(request: APIRequestContext): Promise<ApiProduct> {
  const res = await request.get(`/api/products?q=${encodeURIComponent('kolut')}&limit=20`);
  const items = (await res.json()).items as ApiProduct[];
  return items.find((p) => p.name === WHEEL && p.pricing === 'weight')!;
}

/** One wheel from the farm's first pickup window after today, paid by IPS QR. */
async function orderOne(request: APIRequestContext, buyer: StoredSession, product: ApiProduct): Promise<{ id: string; number: number }> {
  const slots = await (await request.get(`/api/households/${product.householdId}/slots?days=14`)).json() as { pickup: { pickupPointId: string; date: string; opens: string }[] };
  const today = new Date().toISOString().slice(0, 10);
  const slot = slots.pickup.find((s) => s.date > today)!;
  const res = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${buyer.accessToken}`, 'idempotency-key': `weight-${Date.now()}-${Math.random()}` },
    data: {
      items: [{ productId: product.id, quantity: 1 }], contactPhone: '+381641234567',
      households: [{ householdId: product.householdId, deliveryType: 'pickup', pickupPointId: slot.pickupPointId, date: slot.date, paymentMethod: 'ips_qr' }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const [created] = (await res.json()).orders as { id: string; number: number; total: number; estimate: boolean }[];
  expect(created).toMatchObject({ total: 1680, estimate: true });
  return created!;
}

test('the producer weighs a wheel on a phone with a decimal comma; the buyer accepts and sees the final total', async ({ page, request, browser }) => {
  // Two people, two browser contexts and a dozen screens: more than the default minute under load.
  test.slow();
  const product = await wheel(request);
  const buyer = await apiLogin(request, BUYER_EMAIL);

  // The buyer sees the price per kg and the marked estimate of one wheel.
  await prepareStorage(page, { language: 'sr-Latn', session: buyer });
  await page.goto(`/product/${product.id}`);
  await expect(page.getByTestId('product-price')).toHaveText('1.400 RSD / kg');
  await expect(page.getByTestId('product-estimate')).toContainText('kolut ≈ 1,2 kg · ≈ 1.680 RSD, procena');

  const order = await orderOne(request, buyer, product);
  await page.goto('/orders');
  const card = page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
  await expect(card.getByTestId('order-total')).toHaveText('≈ 1.680,00 RSD, procena');
  await expect(card.getByTestId('ips-after-weighing')).toBeVisible();

  // The producer, on a phone: one field for the wheel, labelled by its name, a decimal keyboard.
  const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const producerPage = waitForAppOnNavigation(await phone.newPage());
  await prepareStorage(producerPage, { language: 'sr-Latn', session: await apiLogin(request, PRODUCER_EMAIL) });
  await producerPage.goto('/producer/dashboard?tab=orders');
  const incoming = producerPage.locator(`[data-testid="producer-order"][data-order-id="${order.id}"]`);
  const field = incoming.getByLabel(`${WHEEL}, kg`);
  await expect(incoming).toBeVisible({ timeout: 30_000 });
  await expect(field).toHaveAttribute('inputmode', 'decimal');
  // A point is not the Serbian decimal separator: refused in the form, nothing sent.
  await field.fill('2.1');
  await incoming.getByRole('button', { name: 'Sačuvaj težine' }).click();
  await expect(incoming.getByText('Unesite težinu u kg', { exact: false })).toBeVisible();
  // 2,1 kg × 1.400 = 2.940 RSD: more than 15 % above 1.680, so the buyer decides.
  await field.fill('2,1');
  await incoming.getByRole('button', { name: 'Sačuvaj težine' }).click();
  await expect(incoming.getByTestId('order-total')).toHaveText('2.940,00 RSD');
  await expect(incoming.getByText('Čeka da kupac prihvati konačan iznos', { exact: false })).toBeVisible();

  // The buyer accepts; the final total and the IPS QR for it.
  await page.reload();
  await expect(card.getByTestId('consent-panel')).toContainText('2.940,00 RSD');
  await card.getByRole('button', { name: 'Prihvati iznos' }).click();
  await expect(card.getByTestId('consent-panel')).toHaveCount(0);
  await expect(card.getByTestId('order-total')).toHaveText('2.940,00 RSD');
  await expect(card.getByText('Procena je bila 1.680,00 RSD')).toBeVisible();
  await expect(card.getByRole('img', { name: new RegExp(String(order.number)) })).toBeVisible();
  await phone.close();
});
