import { randomUUID } from 'node:crypto';
import type { TestInfo } from '@playwright/test';
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { apiLogin, prepareStorage, type StoredSession } from './support/session.ts';
import { HOUSEHOLDS } from '../src/server/db/seed/data.ts';

/**
 * Standing orders (docs/standing-orders.md) in a real browser: a buyer starts one from a
 * product page, from a past order (a delivery, prefilled) and from the basket; on the Orders
 * page skips a date, pauses until a date and resumes, changes a quantity and cancels (after a
 * confirmation); the producer's dashboard shows what the standing orders commit, as the API
 * adds it up. Each project signs in as its own buyer, so phone and desktop do not meet.
 */

interface ApiProduct { id: string; name: string; householdId: string; householdName: string; unit: string; availability: boolean }

const buyerOf = (testInfo: TestInfo) => (testInfo.project.name === 'phone' ? 'stefan@domace.rs' : 'jelena@domace.rs');
const householdName = (key: string) => HOUSEHOLDS.find((h) => h.key === key)!.name;

async function productOf(request: APIRequestContext, household: string, name: string): Promise<ApiProduct> {
  const res = await request.get('/api/products?limit=100');
  expect(res.status()).toBe(200);
  const found = ((await res.json()).items as ApiProduct[]).find((p) => p.householdName === householdName(household) && p.name === name);
  if (!found) throw new Error(`no product ${name}`);
  return found;
}

async function signIn(page: Page, session: StoredSession) {
  await prepareStorage(page, { language: 'en', session });
}

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Order this regularly' });
const standingCard = (page: Page, household: string) => page.getByTestId('standing-order-card').filter({ hasText: householdName(household) });

async function ownStanding(request: APIRequestContext, session: StoredSession) {
  const res = await request.get('/api/standing-orders', { headers: { authorization: `Bearer ${session.accessToken}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).items as { id: string; householdName: string; status: string; skipDates: string[]; pausedUntil: string | null; nextDate: string | null; items: { name: string; quantity: number }[]; deliveryType: string; deliveryArea: string | null; deliveryAddress: string | null }[];
}

test('a buyer starts a standing order from a product page, and the producer sees the committed demand', async ({ page, request, browser }, testInfo) => {
  const buyer = await apiLogin(request, buyerOf(testInfo));
  const tomatoes = await productOf(request, 'sombor', 'Paradajz');
  await signIn(page, buyer);
  await page.goto(`/product/${tomatoes.id}`);
  await page.getByRole('main').getByRole('button', { name: 'Order this every week' }).click();
  const dialog = dialogOf(page);
  await expect(dialog.getByText(householdName('sombor'), { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Pickup', { exact: true })).toBeChecked();
  // The household does not deliver: the dialog says so and offers pickup only.
  await expect(dialog.getByLabel('Delivery', { exact: true })).toBeDisabled();
  await dialog.getByLabel('Quantity of Paradajz').fill('2');
  await dialog.getByLabel('Day').selectOption({ label: 'Fri' });
  await expect(dialog.getByText(/^First order: /)).toBeVisible();
  // The phone comes from the profile; without one the dialog asks for it.
  await expect(dialog.getByLabel('Contact phone')).toHaveValue(/^\+381/);
  await dialog.getByLabel('Contact phone').fill('');
  await dialog.getByRole('button', { name: 'Start standing order' }).click();
  await expect(dialog.getByText('Enter a contact phone.')).toBeVisible();
  await dialog.getByLabel('Contact phone').fill('+381631239876');
  await dialog.getByRole('button', { name: 'Start standing order' }).click();
  await expect(page.getByText(/Standing order started: first order for/)).toBeVisible();
  await expect(dialog).toBeHidden();

  const mine = (await ownStanding(request, buyer)).find((s) => s.householdName === householdName('sombor') && s.status === 'active');
  expect(mine?.items).toEqual([expect.objectContaining({ name: 'Paradajz', quantity: 2 })]);

  // The producer's forecast: the table shows what the API adds up for each day.
  const producer = await apiLogin(request, 'sombor@domace.rs');
  const demand = await request.get('/api/producer/standing-demand?days=14', { headers: { authorization: `Bearer ${producer.accessToken}` } });
  const days = (await demand.json()).days as { date: string; products: { name: string; quantity: number }[] }[];
  const day = days.find((d) => d.date === mine!.nextDate)!;
  const committed = day.products.find((p) => p.name === 'Paradajz')!.quantity;
  expect(committed).toBeGreaterThanOrEqual(2);

  const context = await browser.newContext({ ...testInfo.project.use });
  const producerPage = await context.newPage();
  await prepareStorage(producerPage, { language: 'en', session: producer });
  await producerPage.goto('/producer/dashboard?tab=orders');
  const table = producerPage.getByRole('table', { name: 'Standing orders: coming demand' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Paradajz' }).first()).toContainText(`${committed} kg`);
  await context.close();
});

test('a buyer orders a past delivery every week, then skips, pauses, resumes, changes and cancels it on the Orders page', async ({ page, request }, testInfo) => {
  const buyer = await apiLogin(request, buyerOf(testInfo));
  const pindjur = await productOf(request, 'leskovac', 'Пинђур');
  const slots = (await (await request.get(`/api/households/${pindjur.householdId}/slots?days=14`)).json()) as { delivery: { date: string }[] };
  const address = `Обреновићева ${testInfo.project.name === 'phone' ? 11 : 12}`;
  const placed = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${buyer.accessToken}`, 'idempotency-key': randomUUID() },
    data: {
      items: [{ productId: pindjur.id, quantity: 2 }], contactPhone: '+381641110000',
      households: [{ householdId: pindjur.householdId, deliveryType: 'delivery', date: slots.delivery[0]!.date, deliveryArea: 'Ниш', deliveryAddress: address, paymentMethod: 'cash' }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { orders: { id: string }[] }).orders[0]!.id;

  await signIn(page, buyer);
  await page.goto('/orders');
  const orderCard = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
  await orderCard.getByRole('button', { name: 'Order this every week' }).click();
  const dialog = dialogOf(page);
  // Prefilled from the order: its lines, delivery town and address, payment and phone.
  await expect(dialog.getByLabel('Quantity of Пинђур')).toHaveValue('2');
  await expect(dialog.getByLabel('Delivery', { exact: true })).toBeChecked();
  await expect(dialog.getByLabel('Town')).toHaveValue('Ниш');
  await expect(dialog.getByLabel('Delivery address')).toHaveValue(address);
  await expect(dialog.getByLabel('Contact phone')).toHaveValue('+381641110000');
  await expect(dialog.getByLabel('Payment')).toHaveValue('cash');
  // The checkout plan's rules, in the dialog: this household delivers on Wednesdays and Saturdays only.
  await dialog.getByLabel('Day').selectOption({ label: 'Mon' });
  await dialog.getByRole('button', { name: 'Start standing order' }).click();
  await expect(dialog.getByText('The household does not deliver on that day.')).toBeVisible();
  await dialog.getByLabel('Day').selectOption({ label: 'Sat' });
  await expect(dialog.getByText('The household does not deliver on that day.')).toBeHidden();
  await dialog.getByRole('button', { name: 'Start standing order' }).click();
  await expect(page.getByText(/Standing order started/)).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = standingCard(page, 'leskovac');
  await expect(card).toContainText(`Delivery to Ниш, ${address}`);
  await expect(card).toContainText('Every week, Sat');
  let so = (await ownStanding(request, buyer)).find((s) => s.householdName === householdName('leskovac') && s.status === 'active')!;
  expect(so).toMatchObject({ deliveryType: 'delivery', deliveryArea: 'Ниш', deliveryAddress: address });

  // Skip a date: the first one offered is the next; after it the card names the skip and the next date moves on.
  const skipSelect = card.getByLabel('Skip a date');
  const first = await skipSelect.inputValue();
  expect(first).toBe(so.nextDate);
  await card.getByRole('button', { name: 'Skip', exact: true }).click();
  await expect(card.getByText(/^Skipped: /)).toBeVisible();
  await expect.poll(async () => (await ownStanding(request, buyer)).find((s) => s.id === so.id)!.skipDates).toEqual([first]);
  await expect(skipSelect).not.toHaveValue(first);

  // Pause until a date three weeks ahead, then resume.
  so = (await ownStanding(request, buyer)).find((s) => s.id === so.id)!;
  const until = new Date(Date.parse(`${so.nextDate}T12:00:00Z`) + 21 * 86_400_000).toISOString().slice(0, 10);
  await card.getByLabel('Pause until').fill(until);
  await card.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(card.getByRole('status').filter({ hasText: /^Paused until / })).toBeVisible();
  await expect(card.getByText('Paused', { exact: true })).toBeVisible();
  await expect.poll(async () => (await ownStanding(request, buyer)).find((s) => s.id === so.id)!.pausedUntil).toBe(until);
  await card.getByRole('button', { name: 'Resume' }).click();
  await expect(card.getByRole('status').filter({ hasText: /^Next order: / })).toBeVisible();
  await expect(card.getByLabel('Pause until')).toBeVisible();

  // Change a quantity: zero is refused beside the field on Save, the focus there; 3 is saved and stays after a reload.
  const quantity = card.getByLabel('Quantity of Пинђур');
  await quantity.fill('0');
  await card.getByRole('button', { name: 'Save quantities' }).click();
  await expect(card.getByText('Enter a quantity above zero.')).toBeVisible();
  await expect(quantity).toBeFocused();
  await quantity.fill('3');
  await card.getByRole('button', { name: 'Save quantities' }).click();
  await expect(page.getByText('Standing order saved')).toBeVisible();
  await page.reload();
  await expect(standingCard(page, 'leskovac').getByLabel('Quantity of Пинђур')).toHaveValue('3');

  // Cancel asks first; "Keep it" keeps it.
  await standingCard(page, 'leskovac').getByRole('button', { name: 'Cancel standing order' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this standing order?' });
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(confirm).toBeHidden();
  await expect(standingCard(page, 'leskovac')).toBeVisible();
  await standingCard(page, 'leskovac').getByRole('button', { name: 'Cancel standing order' }).click();
  await confirm.getByRole('button', { name: 'Cancel standing order' }).click();
  await expect(page.getByText('Standing order cancelled')).toBeVisible();
  await expect(standingCard(page, 'leskovac')).toHaveCount(0);
  expect((await ownStanding(request, buyer)).find((s) => s.id === so.id)!.status).toBe('cancelled');
  // The order it came from is untouched.
  await expect(orderCard).toBeVisible();
});

test('a buyer starts a standing order for one household of the basket', async ({ page, request }, testInfo) => {
  const buyer = await apiLogin(request, buyerOf(testInfo));
  const honey = await productOf(request, 'irig', 'Bagremov med');
  await signIn(page, buyer);
  await page.goto(`/product/${honey.id}`);
  await page.getByRole('main').getByRole('button', { name: 'Add to basket', exact: true }).click();
  await expect(page.getByText('Added to basket').first()).toBeVisible();
  await page.goto('/basket');
  await page.getByRole('button', { name: `Order from ${householdName('irig')} every week` }).click();
  const dialog = dialogOf(page);
  await expect(dialog.getByLabel('Quantity of Bagremov med')).toHaveValue('1');
  await expect(dialog.getByLabel('Pickup point')).toBeVisible();
  await dialog.getByRole('button', { name: 'Start standing order' }).click();
  await expect(page.getByText(/Standing order started/)).toBeVisible();
  // The basket stays as it was: the standing order is its own.
  await expect(page.getByText('Bagremov med').first()).toBeVisible();
  await page.goto('/orders');
  await expect(standingCard(page, 'irig')).toContainText('Quantity of Bagremov med');
});
