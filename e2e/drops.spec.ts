import { expect, test, waitForAppOnNavigation, type APIRequestContext, type Page } from './support/test.ts';
import { apiLogin, prepareStorage, saveScreen, type StoredSession } from './support/session.ts';
import { HOUSEHOLDS, BUYERS } from '../src/server/db/seed/data.ts';
import { addDays, belgradeToday } from '../src/shared/time.ts';

/**
 * Drops (docs/drops.md): a producer announces a drop, a second producer joins it, a follower
 * of the first is told in the notification centre, a buyer orders from both households in one
 * checkout, the cutoff passes and the drop page says ordering is closed, the pick list prints
 * as a PDF, and at the car park, with no network, the producer marks one order handed over and
 * one a no-show: the marks wait on the device (through a reload), go out once the network is
 * back, and a replay of them changes nothing.
 */

/** Households without a minimum order and a buyer of the sample data, one set per browser project (the same server runs both). */
const CAST: Partial<Record<string, { host: string; guest: string; buyer: string; town: string }>> = {
  phone: { host: 'arilje', guest: 'zlatibor', buyer: 'stefan@domace.rs', town: 'Kovin' },
  desktop: { host: 'irig', guest: 'valjevo', buyer: 'milos@domace.rs', town: 'Bečej' },
};

interface ApiProduct { id: string; name: string; householdId: string; price: number; availability: boolean; stock: number | null; quantityStep?: number }
interface ApiOrder { id: string; number: number; status: string; householdId: string; drop: { id: string; title: string } | null }

const bearer = (session: StoredSession) => ({ Authorization: `Bearer ${session.accessToken}` });

/** The priciest product on sale of a household (above any minimum order), with stock to spare. */
async function productOf(request: APIRequestContext, householdId: string, skip: string[] = []): Promise<ApiProduct> {
  const items = (await (await request.get(`/api/products?householdId=${householdId}&limit=100`)).json()).items as ApiProduct[];
  const fit = items.filter((p) => p.availability && (p.stock === null || p.stock > 3) && (p.quantityStep ?? 1) === 1 && !skip.includes(p.id));
  return fit.sort((a, b) => b.price - a.price)[0]!;
}

async function english(page: Page, session: StoredSession) {
  await prepareStorage(page, { language: 'en', session });
}

test.use({ serviceWorkers: 'allow' });

test('a drop from announcement to hand-over, with the network cut at the car park', async ({ browser, request }, testInfo) => {
  test.setTimeout(180_000);
  const cast = CAST[testInfo.project.name] ?? CAST.phone!;
  const hostSeed = HOUSEHOLDS.find((h) => h.key === cast.host)!;
  const guestSeed = HOUSEHOLDS.find((h) => h.key === cast.guest)!;
  const buyerSeed = BUYERS.find((b) => b.email === cast.buyer)!;
  const [host, guest, buyer] = [await apiLogin(request, hostSeed.email), await apiLogin(request, guestSeed.email), await apiLogin(request, buyerSeed.email)];
  const title = `Pijaca ${cast.town} ${Date.now().toString(36)}`;
  const date = addDays(belgradeToday(), 2);

  // The buyer follows the host before the drop is announced.
  expect((await request.put(`/api/households/${host.user.id}/follow`, { headers: bearer(buyer) })).ok()).toBe(true);

  // --- The host announces the drop in the dashboard.
  const hostContext = await browser.newContext({ ...testInfo.project.use, serviceWorkers: 'allow' });
  const hostPage = waitForAppOnNavigation(await hostContext.newPage());
  await english(hostPage, host);
  await hostPage.goto('/producer/dashboard?tab=drops');
  await hostPage.getByRole('button', { name: 'New drop' }).click();
  const form = hostPage.getByRole('dialog', { name: 'Create a drop' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Place').fill('Parking kod pijace');
  await form.getByLabel('Town').fill(cast.town);
  await form.getByLabel('Address').fill('Trg oslobođenja 1');
  await form.getByLabel('Date', { exact: true }).fill(date);
  await form.getByLabel('Opens').fill('17:00');
  await form.getByLabel('Closes').fill('18:30');
  await form.getByLabel('Order by: day').fill(addDays(date, -1));
  await form.getByLabel('Order by: time').fill('12:00');
  await form.getByRole('button', { name: 'New drop' }).click();
  await expect(form).toBeHidden();
  const hostCard = hostPage.getByRole('article', { name: title });
  await expect(hostCard).toBeVisible();
  await expect(hostCard).toContainText('You host it');
  await expect(hostCard).toContainText(`${cast.town}`);

  const found = (await (await request.get(`/api/drops?town=${encodeURIComponent(cast.town)}`)).json()).items as { id: string; title: string }[];
  const dropId = found.find((d) => d.title === title)!.id;

  // --- A second producer finds it by town and joins.
  const guestContext = await browser.newContext({ ...testInfo.project.use });
  const guestPage = waitForAppOnNavigation(await guestContext.newPage());
  await english(guestPage, guest);
  await guestPage.goto('/producer/dashboard?tab=drops');
  await guestPage.getByRole('search', { name: 'Join a drop' }).getByLabel('Town').fill(cast.town);
  await guestPage.getByRole('search', { name: 'Join a drop' }).getByRole('button', { name: 'Search' }).click();
  await guestPage.getByRole('button', { name: `Join ${title}` }).click();
  await expect(guestPage.getByRole('article', { name: title }).filter({ hasText: 'You take part' })).toBeVisible();
  await guestContext.close();

  // --- The follower is told in the notification centre (titles are in the buyer's language).
  const buyerContext = await browser.newContext({ ...testInfo.project.use });
  const buyerPage = waitForAppOnNavigation(await buyerContext.newPage());
  await english(buyerPage, buyer);
  await buyerPage.goto('/');
  await buyerPage.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const centre = buyerPage.getByRole('dialog', { name: 'Notifications' });
  await expect(centre.getByText(new RegExp(`^${hostSeed.name}.*${cast.town}`)).first()).toBeVisible();
  await buyerPage.keyboard.press('Escape');

  // --- The buyer finds the drop by town and orders from both households in one basket.
  await buyerPage.goto('/drops');
  await buyerPage.getByRole('search').getByLabel('Town').fill(cast.town);
  await buyerPage.getByRole('search').getByRole('button', { name: 'Search' }).click();
  const card = buyerPage.getByRole('article', { name: title });
  await expect(card).toContainText(hostSeed.name);
  await expect(card).toContainText(guestSeed.name);
  await card.getByRole('link', { name: title }).click();
  await expect(buyerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const [fromHost, fromGuest] = [await productOf(request, host.user.id), await productOf(request, guest.user.id)];
  for (const product of [fromHost, fromGuest]) {
    await buyerPage.getByRole('button', { name: `Add to basket: ${product.name}` }).click();
  }
  await buyerPage.goto('/checkout');
  for (const seed of [hostSeed, guestSeed]) {
    const part = buyerPage.getByRole('region', { name: seed.name });
    await expect(part.getByLabel('Drop', { exact: true })).toBeChecked();
    await expect(part.getByRole('radio', { name: new RegExp(title) })).toBeChecked();
    const cash = part.getByLabel('Cash');
    if (await cash.count()) await cash.check();
  }
  await buyerPage.getByLabel('Contact phone').fill('064 123 4567');
  await buyerPage.getByRole('button', { name: /Place order/ }).click();
  await expect(buyerPage).toHaveURL(/\/orders$/);
  const dropped = buyerPage.getByTestId('order-card').filter({ hasText: hostSeed.name }).first();
  await expect(dropped.getByTestId('order-drop')).toContainText(title);
  await expect(dropped.getByTestId('order-drop')).toContainText('Parking kod pijace, Trg oslobođenja 1');
  await expect(dropped.getByTestId('order-drop')).toContainText('17:00–18:30');

  // A second order from the host (through the API) for the car park's two marks.
  const more = await productOf(request, host.user.id, [fromHost.id]);
  const second = await request.post('/api/orders', {
    headers: { ...bearer(buyer), 'Idempotency-Key': crypto.randomUUID() },
    data: { items: [{ productId: more.id, quantity: 1 }], contactPhone: '+381641234567', households: [{ householdId: host.user.id, deliveryType: 'drop', dropId, paymentMethod: 'cash' }] },
  });
  expect(second.status(), await second.text()).toBe(201);

  // --- The cutoff passes: the host moves it to a few seconds from now; the page closes ordering.
  const cutoff = new Date(Date.now() + 3_000).toISOString();
  const patched = await request.patch(`/api/drops/${dropId}`, { headers: bearer(host), data: { orderBy: cutoff } });
  expect(patched.status(), await patched.text()).toBe(200);
  await buyerPage.goto(`/drop/${dropId}`);
  await expect(buyerPage.getByText('Ordering is closed')).toBeVisible({ timeout: 15_000 });
  await expect(buyerPage.getByRole('button', { name: /^Add to basket/ })).toHaveCount(0);
  const late = await request.post('/api/orders', {
    headers: { ...bearer(buyer), 'Idempotency-Key': crypto.randomUUID() },
    data: { items: [{ productId: more.id, quantity: 1 }], contactPhone: '+381641234567', households: [{ householdId: host.user.id, deliveryType: 'drop', dropId, paymentMethod: 'cash' }] },
  });
  expect(late.status()).toBe(409);
  expect((await late.json()).code).toBe('order.drop_closed');

  // --- The pick list: two orders, and its PDF.
  await hostPage.reload();
  const ownCard = hostPage.getByRole('article', { name: title });
  await ownCard.getByRole('button', { name: 'Pick list' }).click();
  await expect(ownCard.getByTestId('picklist')).toContainText(buyerSeed.name);
  await ownCard.getByRole('button', { name: 'Print (PDF)' }).click();
  const pdfDialog = hostPage.getByRole('dialog', { name: `Pick list: ${title}` });
  await expect(pdfDialog.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  await pdfDialog.getByRole('button', { name: 'Close' }).click();
  const pdf = await request.get(`/api/producer/drops/${dropId}/picklist?format=pdf`, { headers: bearer(host) });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // --- The car park: the worker has the app; the hand-over screen is opened once with a network.
  await hostPage.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
  }, undefined, { timeout: 20_000 });
  await ownCard.getByRole('link', { name: 'Hand over' }).click();
  await expect(hostPage).toHaveURL(new RegExp(`/producer/drops/${dropId}/handover$`));
  const orders = ((await (await request.get(`/api/producer/drops/${dropId}/picklist`, { headers: bearer(host) })).json()).orders as { id: string; number: number }[])
    .sort((a, b) => a.number - b.number);
  expect(orders).toHaveLength(2);
  const [first, last] = [orders[0]!, orders[1]!];
  await expect(hostPage.getByRole('article', { name: `Order #${first.number}` })).toBeVisible();
  await expect(hostPage.getByTestId('handover-waiting')).toHaveText('All marks sent');

  await hostContext.setOffline(true);
  try {
    await hostPage.getByRole('button', { name: `Handed over: order #${first.number}` }).click();
    await hostPage.getByRole('button', { name: `No show: order #${last.number}` }).click();
    await expect(hostPage.getByTestId('handover-waiting')).toHaveText('2 waiting to send');
    await hostPage.reload();
    await expect(hostPage.getByTestId('handover-waiting')).toHaveText('2 waiting to send');
    await expect(hostPage.getByRole('article', { name: `Order #${first.number}` })).toContainText('Handed over at');
    await expect(hostPage.getByRole('button', { name: `No show: order #${last.number}` })).toHaveAttribute('aria-pressed', 'true');
    await saveScreen(hostPage, testInfo, 'drops-handover-offline');
    // Nothing reached the server meanwhile.
    const meanwhile = (await (await request.get('/api/producer/orders?limit=100', { headers: bearer(host) })).json()).items as ApiOrder[];
    expect(meanwhile.find((o) => o.id === first.id)?.status).not.toBe('completed');
  } finally {
    await hostContext.setOffline(false);
  }

  // --- Back online: the marks go out, once.
  await expect(hostPage.getByTestId('handover-waiting')).toHaveText('All marks sent', { timeout: 30_000 });
  const statuses = async () => {
    const items = (await (await request.get('/api/producer/orders?limit=100', { headers: bearer(host) })).json()).items as ApiOrder[];
    return Object.fromEntries(items.filter((o) => o.drop?.id === dropId).map((o) => [o.id, o.status]));
  };
  expect(await statuses()).toEqual({ [first.id]: 'completed', [last.id]: 'no_show' });

  // A replay of the same marks (the device never heard the answer) applies nothing again.
  const kept = await hostPage.evaluate((userId) => JSON.parse(localStorage.getItem(`domace.handover.${userId}.marks`) ?? '[]') as { clientId: string; orderId: string; state: string; at: string }[], host.user.id);
  expect(kept).toHaveLength(2);
  const replay = await request.post('/api/producer/handovers', {
    headers: bearer(host), data: { items: kept.map(({ clientId, orderId, state, at }) => ({ clientId, orderId, state, at })) },
  });
  expect(replay.status()).toBe(200);
  expect(await replay.json()).toMatchObject({ applied: 0, ignored: 2 });
  expect(await statuses()).toEqual({ [first.id]: 'completed', [last.id]: 'no_show' });

  // The buyer sees the no-show.
  await buyerPage.goto('/orders');
  await expect(buyerPage.getByTestId('order-card').filter({ hasText: `#${last.number}` }).locator('[data-status="no_show"]').first()).toHaveText('No show');
  await buyerContext.close();
  await hostContext.close();
});
