import { randomUUID } from 'node:crypto';
import { expect, test, waitForAppOnNavigation, type APIRequestContext } from './support/test.ts';
import { apiLogin, prepareStorage, type StoredSession } from './support/session.ts';
import { HOUSEHOLDS } from '../src/server/db/seed/data.ts';
import { model97Reference } from '../src/shared/ips.ts';
import { belgradeToday } from '../src/shared/time.ts';

/**
 * Payment told, confirmed and matched (docs/payments.md): a buyer orders from a household with
 * an IPS account, pays by IPS and presses "I have paid"; the producer sees the payment
 * reported, imports a bank statement (CSV, Windows-style semicolons and decimal comma) and
 * sees the row matched and the order paid. Each browser project places an order of its own.
 */
const BUYER = 'jelena@domace.rs';
const FARM = HOUSEHOLDS.find((h) => h.key === 'arilje')!;

interface PlacedOrder { id: string; number: number; total: number }

async function placeIpsOrder(request: APIRequestContext, buyer: StoredSession): Promise<PlacedOrder> {
  const auth = { Authorization: `Bearer ${buyer.accessToken}` };
  const households = (await (await request.get('/api/households?limit=100')).json()).items as { id: string; name: string }[];
  const householdId = households.find((h) => h.name === FARM.name)!.id;
  const products = (await (await request.get(`/api/products?householdId=${householdId}&limit=100`)).json()).items as { id: string; price: number; availability: boolean; stock: number | null }[];
  const product = products.filter((p) => p.availability && (p.stock === null || p.stock > 2)).sort((a, b) => b.price - a.price)[0]!;
  const slots = (await (await request.get(`/api/households/${householdId}/slots?from=${belgradeToday()}&days=7`)).json()) as { pickup: { pickupPointId: string; date: string; opens: string }[] };
  // Not today: a window closing while the journey runs would refuse the order.
  const slot = slots.pickup.find((s) => s.date !== belgradeToday())!;
  const res = await request.post('/api/orders', {
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
    data: {
      items: [{ productId: product.id, quantity: 1 }], contactPhone: '064 123 4567',
      households: [{ householdId, deliveryType: 'pickup', pickupPointId: slot.pickupPointId, date: slot.date, time: slot.opens, paymentMethod: 'ips_qr' }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const order = (await res.json()).orders[0] as PlacedOrder;
  return { id: order.id, number: order.number, total: order.total };
}

/** The amount as a Serbian bank writes it: 1.234,50. */
const bankAmount = (rsd: number) => {
  const [whole, decimals] = rsd.toFixed(2).split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${decimals}`;
};

test('a buyer reports an IPS payment; the producer imports a statement and sees the order matched and paid', async ({ page, request, browser }) => {
  const buyer = await apiLogin(request, BUYER);
  const order = await placeIpsOrder(request, buyer);

  // The buyer: the QR, then "I have paid", then "Payment reported".
  await prepareStorage(page, { language: 'en', session: buyer });
  await page.goto('/orders');
  const card = page.locator(`[data-order-id="${order.id}"]`);
  await expect(card.getByRole('img', { name: `NBS IPS QR code for order #${order.number}` })).toBeVisible();
  await card.getByRole('button', { name: 'I have paid' }).click();
  await expect(card.getByRole('status')).toContainText('Payment reported');
  await expect(card.getByTestId('payment-status')).toHaveText('Payment reported');
  await expect(card.getByRole('button', { name: 'I have paid' })).toHaveCount(0);

  // The producer: "Payment reported" on the order, then the statement import from the dashboard.
  const producerContext = await browser.newContext();
  const producerPage = waitForAppOnNavigation(await producerContext.newPage());
  try {
    const producer = await apiLogin(request, FARM.email);
    await prepareStorage(producerPage, { language: 'en', session: producer });
    await producerPage.goto('/producer/dashboard?tab=orders');
    await expect(producerPage.getByText('Payment reported').first()).toBeVisible();
    await producerPage.getByRole('link', { name: 'Import bank statement' }).click();
    await expect(producerPage.getByRole('heading', { level: 1, name: 'Bank statement import' })).toBeVisible();

    const csv = [
      'Datum;Iznos;Platilac;Poziv na broj',
      `${belgradeToday()};${bankAmount(order.total)};Jelena Petrović;97 ${model97Reference(String(order.number)).slice(2, 4)} ${order.number}`,
      `${belgradeToday()};1,00;=HYPERLINK("http://example.com");`,
    ].join('\r\n');
    await producerPage.getByLabel('Bank statement (CSV file)').setInputFiles({ name: 'izvod.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await producerPage.getByRole('button', { name: 'Import statement' }).click();
    const table = producerPage.getByRole('table', { name: 'Statement rows' });
    await expect(table.getByRole('row', { name: /^2 / })).toContainText(`Paid: order #${order.number}`);
    const formulaRow = table.getByRole('row', { name: /^3 / });
    await expect(formulaRow).toContainText('=HYPERLINK("http://example.com")');
    await expect(formulaRow).toContainText('No such order');
    await expect(producerPage.getByRole('status').filter({ hasText: 'matched' })).toContainText('1 matched');

    // The same file again pays nothing twice.
    await producerPage.getByRole('button', { name: 'Import statement' }).click();
    await expect(table.getByRole('row', { name: /^2 / })).toContainText('Already paid');
  } finally {
    await producerContext.close();
  }

  await page.reload();
  await expect(card.getByTestId('payment-status')).toHaveText('Paid');
});
