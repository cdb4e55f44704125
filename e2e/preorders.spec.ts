import { randomUUID } from 'node:crypto';
import { expect, formsLanguageOf, test } from './support/test.ts';
import { apiLogin, prepareStorage, text } from './support/session.ts';
import { bearer, deleteAccount, freshAccount } from './support/accounts.ts';
import { addDays, belgradeToday } from '../src/shared/time.ts';

/**
 * Harvest pre-orders and the waitlist (docs/product.md, "Pre-orders and the waitlist"), with a
 * household and buyers of the journey's own: a pre-order with a 30 % deposit shows its deposit
 * and IPS QR code (reference with -1) on the buyer's orders, where the buyer says it is paid; a second buyer finds the product
 * sold out, asks to be told when it is back, and when the first pre-order is cancelled the jar
 * is held for them: the product page says so, "Add to basket" works again, and their checkout
 * takes the held unit though the public stock is 0. Serbian on the phone, English on the desktop.
 */
test('a pre-order shows its deposit and QR; the waitlist holds the returned unit for the buyer who waited', async ({ page, request }, testInfo) => {
  const language = formsLanguageOf(testInfo.project.name);
  const t = (ns: string, key: string) => text(language, ns, key);
  const project = testInfo.project.name;
  const producer = await freshAccount(request, { tag: `preorder-farm-${project}`, userType: 'producer', language });
  const first = await freshAccount(request, { tag: `preorder-a-${project}`, language });
  const second = await freshAccount(request, { tag: `preorder-b-${project}`, language });
  const operator = await apiLogin(request, 'admin@domace.rs');
  const orders: { id: string; who: typeof first }[] = [];
  try {
    expect((await request.post(`/api/admin/producers/${producer.user.id}/approve`, { headers: bearer(operator), data: {} })).status()).toBe(200);
    const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '08:00', closes: '18:00' }));
    const household = await request.patch(`/api/households/${producer.user.id}`, {
      headers: bearer(producer),
      data: { pickupPoints: [{ name: 'Капија', address: 'Сремска 5, Ириг', hours }], payment: { cash: true, ipsAccount: '840-955845-10', ipsPayeeName: 'Malinar' } },
    });
    expect(household.status(), await household.text()).toBe(200);
    const gate = (await household.json()).pickupPoints[0].id as string;
    const harvest = addDays(belgradeToday(new Date()), 30);
    const created = await request.post('/api/products', {
      headers: bearer(producer),
      data: { name: `Малине ${randomUUID().slice(0, 4)}`, price: 900, unit: 'kg', category: 'fruit', availableFrom: harvest, depositPercent: 30, stock: 1 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = await created.json() as { id: string; name: string };
    const checkout = (who: typeof first) => request.post('/api/orders', {
      headers: { ...bearer(who), 'idempotency-key': randomUUID() },
      data: {
        items: [{ productId: product.id, quantity: 1 }], contactPhone: '+381641234567',
        households: [{ householdId: producer.user.id, deliveryType: 'pickup', pickupPointId: gate, date: harvest, time: '10:00', paymentMethod: 'ips_qr' }],
      },
    });

    // The first buyer pre-orders the only kilo: the order waits for its deposit, shown with its QR.
    const placed = await checkout(first);
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()).orders[0] as { id: string; number: number; status: string; deposit: { amount: number; ips: { reference: string } } };
    orders.push({ id: order.id, who: first });
    expect(order).toMatchObject({ status: 'awaiting_deposit', deposit: { amount: 270 } });
    expect(order.deposit.ips.reference).toMatch(new RegExp(`${order.number}-1$`));
    await prepareStorage(page, { language, session: first });
    await page.goto('/orders');
    const deposit = page.getByRole('region', { name: `${t('logistics', 'order.depositTitle')}, #${order.number}` });
    await expect(deposit.getByRole('img')).toBeVisible();
    await expect(deposit.getByTestId('deposit-reference')).toHaveText(order.deposit.ips.reference);
    // Paid by the QR: the buyer says so, the producer will confirm it.
    await deposit.getByRole('button', { name: t('logistics', 'order.depositSentFor').replace('{{number}}', String(order.number)) }).click();
    await expect(deposit.getByRole('status')).toContainText(t('logistics', 'order.reportedTitle'));

    // The second buyer finds it sold out and asks to be told when it is back.
    await prepareStorage(page, { language, session: second });
    await page.goto(`/product/${product.id}`);
    await expect(page.getByText(t('catalog', 'product.soldOut'))).toBeVisible();
    const add = page.getByRole('button', { name: t('catalog', 'product.addToBasket'), exact: true });
    await expect(add).toBeDisabled();
    await page.getByRole('button', { name: t('catalog', 'product.waitlistJoin') }).click();
    await expect(page.getByText(t('catalog', 'product.waitlistOn'))).toBeVisible();

    // The pre-order is cancelled: its kilo is held for the buyer who waited, not put on sale.
    expect((await request.post(`/api/orders/${order.id}/cancel`, { headers: bearer(first), data: {} })).status()).toBe(200);
    expect((await (await request.get(`/api/products/${product.id}`)).json()).stock).toBe(0);
    await page.reload();
    await expect(page.getByText(t('catalog', 'product.heldForYou').split('{{')[0]!.trim())).toBeVisible();
    await expect(add).toBeEnabled();
    await add.click();
    await page.goto('/basket');
    await expect(page.getByText(product.name).first()).toBeVisible();

    // Their checkout takes the held kilo.
    const theirs = await checkout(second);
    expect(theirs.status(), await theirs.text()).toBe(201);
    orders.push({ id: (await theirs.json()).orders[0].id, who: second });
  } finally {
    for (const o of orders) await request.post(`/api/orders/${o.id}/cancel`, { headers: bearer(o.who), data: {} });
    for (const who of [second, first, producer]) await deleteAccount(request, who);
  }
});
