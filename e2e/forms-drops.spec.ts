import { randomUUID } from 'node:crypto';
import { expect, formsLanguageOf, test, type APIRequestContext, type Page } from './support/test.ts';
import { apiLogin, prepareStorage, text, type StoredSession } from './support/session.ts';
import { bearer, deleteAccount, expectRefused, freshAccount, sendChangedOnce } from './support/accounts.ts';
import { model97Reference } from '../src/shared/ips.ts';
import { addDays, belgradeInstant, belgradeToday } from '../src/shared/time.ts';

/**
 * The drop, checkout, weighing and statement-import forms (docs/input-rules.md "Every form saves,
 * or says why"): each refused with one wrong field (its message beside it, announced, the focus
 * on it), saved with valid input, and read back after a reload. Serbian on the phone, English on
 * the desktop. Every journey signs up a producer (approved by the operator) and a buyer of its
 * own, sets the farm up through the API, and deletes both at the end (the household is hidden).
 */
type Lang = ReturnType<typeof formsLanguageOf>;
const OPERATOR = 'admin@domace.rs';
const IPS_ACCOUNT = '840000000095584510';

test.describe.configure({ timeout: 120_000 });

/** A text of the app with its {{values}} filled in. */
function say(language: Lang, namespace: string, key: string, values: Record<string, string | number> = {}): string {
  return text(language, namespace, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** A number typed the language's way: "1,1" in Serbian, "1.1" in English. */
const typed = (language: Lang, value: string) => (language === 'sr' ? value.replace('.', ',') : value);

interface Farm { producer: StoredSession; name: string; pointName: string }
interface ApiProduct { id: string; name: string; price: number; householdId: string }

/** A new producer, approved, with a pickup point open every day 06–22, delivery to one town, cash and IPS. */
async function newFarm(request: APIRequestContext, tag: string, language: Lang): Promise<Farm> {
  const name = `Газдинство ${tag} ${Date.now().toString(36)}`;
  const producer = await freshAccount(request, { tag, userType: 'producer', language, name });
  const operator = await apiLogin(request, OPERATOR);
  const approved = await request.post(`/api/admin/producers/${producer.user.id}/approve`, { headers: bearer(operator), data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  const pointName = `Двориште ${tag}`;
  const res = await request.patch(`/api/households/${producer.user.id}`, {
    headers: bearer(producer),
    data: {
      pickupPoints: [{ name: pointName, address: 'Сеоски пут 1', hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '06:00', closes: '22:00' })) }],
      delivery: { enabled: true, areas: ['Ваљево'], fee: 200, freeFrom: null, leadDays: 1, weekdays: [1, 2, 3, 4, 5, 6, 7] },
      payment: { cash: true, ipsAccount: IPS_ACCOUNT, ipsPayeeName: name.slice(0, 70) },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { producer, name, pointName };
}

async function newProduct(request: APIRequestContext, farm: Farm, body: Record<string, unknown>): Promise<ApiProduct> {
  const res = await request.post('/api/products', { headers: bearer(farm.producer), data: { category: 'other', stock: null, ...body } });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return (await (await request.get(`/api/products/${id}`)).json()) as ApiProduct;
}

/** Puts `product` in the basket (as the product page does), and the drop it came from. */
async function fillBasket(page: Page, product: ApiProduct, dropId?: string) {
  await page.evaluate(({ product, dropId }) => {
    localStorage.setItem('domace.basket', JSON.stringify([{ product, quantity: 2 }]));
    if (dropId) localStorage.setItem('domace.basketDrops', JSON.stringify([dropId]));
    else localStorage.removeItem('domace.basketDrops');
  }, { product, dropId });
}

test('drop (create, edit, cancel): each refused beside a wrong field first, saved, read back', async ({ page, request }, testInfo) => {
  const language = formsLanguageOf(testInfo.project.name);
  const t = (ns: string, key: string, values?: Record<string, string | number>) => say(language, ns, key, values);
  const farm = await newFarm(request, `forms-drop-${language}`, language);
  const title = `Пијаца ${language} ${Date.now().toString(36)}`;
  const date = addDays(belgradeToday(), 5);
  try {
    await prepareStorage(page, { language, session: farm.producer });
    await page.goto('/producer/dashboard?tab=drops');

    // Create: every field but the title; refused beside the title, then created.
    await page.getByRole('button', { name: t('drops', 'dashboard.create') }).click();
    let dialog = page.getByRole('dialog', { name: t('drops', 'dashboard.createTitle') });
    await dialog.getByLabel(t('drops', 'dashboard.fields.placeName')).fill('Паркинг код пијаце');
    await dialog.getByLabel(t('drops', 'dashboard.fields.town')).fill('Ваљево');
    await dialog.getByLabel(t('drops', 'dashboard.fields.address')).fill('Трг 1');
    await dialog.getByLabel(t('drops', 'dashboard.fields.date'), { exact: true }).fill(date);
    await dialog.getByLabel(t('drops', 'dashboard.fields.orderByDate')).fill(addDays(date, -1));
    await dialog.getByRole('button', { name: t('drops', 'dashboard.create') }).click();
    await expectRefused(dialog.getByLabel(t('drops', 'dashboard.fields.title')), t('drops', 'dashboard.invalid.required'));
    await dialog.getByLabel(t('drops', 'dashboard.fields.title')).fill(title);
    await dialog.getByRole('button', { name: t('drops', 'dashboard.create') }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByRole('article', { name: title });
    await expect(card).toContainText('Паркинг код пијаце');

    // Edit: closing before opening is refused beside Closes; then a new place is saved.
    await card.getByRole('button', { name: t('drops', 'dashboard.edit') }).click();
    dialog = page.getByRole('dialog', { name: t('drops', 'dashboard.editTitle') });
    await dialog.getByLabel(t('drops', 'dashboard.fields.closes')).fill('16:00');
    await dialog.getByRole('button', { name: t('drops', 'dashboard.save') }).click();
    await expectRefused(dialog.getByLabel(t('drops', 'dashboard.fields.closes')), t('drops', 'dashboard.invalid.closes'));
    await dialog.getByLabel(t('drops', 'dashboard.fields.closes')).fill('18:30');
    // A day more than 60 days ahead is the server's rule: refused beside the day in the page's language.
    const dateField = dialog.getByLabel(t('drops', 'dashboard.fields.date'), { exact: true });
    await dateField.fill(addDays(belgradeToday(), 70));
    await dialog.getByRole('button', { name: t('drops', 'dashboard.save') }).click();
    await expectRefused(dateField, t('drops', 'dashboard.invalid.date', { max: 60 }));
    await dateField.fill(date);
    await dialog.getByLabel(t('drops', 'dashboard.fields.placeName')).fill('Школско двориште');
    await dialog.getByRole('button', { name: t('drops', 'dashboard.save') }).click();
    await expect(dialog).toBeHidden();

    await page.reload();
    await card.getByRole('button', { name: t('drops', 'dashboard.edit') }).click();
    dialog = page.getByRole('dialog', { name: t('drops', 'dashboard.editTitle') });
    await expect(dialog.getByLabel(t('drops', 'dashboard.fields.placeName'))).toHaveValue('Школско двориште');
    await expect(dialog.getByLabel(t('drops', 'dashboard.fields.closes'))).toHaveValue('18:30');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Cancel: refused without a reason beside it, then cancelled.
    await card.getByRole('button', { name: t('drops', 'dashboard.cancel') }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: t('drops', 'dashboard.cancelConfirm') }).click();
    await expectRefused(confirm.getByLabel(t('drops', 'dashboard.reason')), t('drops', 'dashboard.invalid.required'));
    await confirm.getByLabel(t('drops', 'dashboard.reason')).fill('Киша');
    // Refused by the server: a reason with a control character (what an older page could send).
    const refused = await sendChangedOnce(page, 'POST', /\/api\/drops\/[^/]+\/cancel$/, () => ({ reason: 'Ки\u0007ша' }));
    await confirm.getByRole('button', { name: t('drops', 'dashboard.cancelConfirm') }).click();
    expect(await refused.status()).toBe(400);
    await expectRefused(confirm.getByLabel(t('drops', 'dashboard.reason')), t('common', 'fieldRefused.character'));
    await confirm.getByRole('button', { name: t('drops', 'dashboard.cancelConfirm') }).click();
    await expect(confirm).toBeHidden();

    await page.reload();
    await expect(card).toContainText(t('drops', 'status.cancelled'));
    await expect(card.getByRole('button', { name: t('drops', 'dashboard.edit') })).toHaveCount(0);
  } finally {
    await deleteAccount(request, farm.producer);
  }
});

test('checkout by pickup, by delivery and by drop: each refused beside a wrong field first, placed, read back', async ({ page, request }, testInfo) => {
  const language = formsLanguageOf(testInfo.project.name);
  const t = (ns: string, key: string, values?: Record<string, string | number>) => say(language, ns, key, values);
  const farm = await newFarm(request, `forms-checkout-${language}`, language);
  const buyer = await freshAccount(request, { tag: `forms-checkout-buyer-${language}`, language });
  const placed: string[] = [];
  try {
    const honey = await newProduct(request, farm, { name: `Мед ${language}`, price: 600, unit: 'jar' });
    const dropDate = addDays(belgradeToday(), 3);
    const dropTitle = `Пијаца ${farm.name}`;
    const dropRes = await request.post('/api/drops', {
      headers: bearer(farm.producer),
      data: {
        title: dropTitle, place: { name: 'Паркинг', address: 'Трг 1', town: 'Ваљево' }, date: dropDate, opens: '17:00', closes: '18:00',
        orderBy: belgradeInstant(addDays(dropDate, -1), '20:00').toISOString(),
      },
    });
    expect(dropRes.status(), await dropRes.text()).toBe(201);
    const dropId = ((await dropRes.json()) as { id: string }).id;

    await prepareStorage(page, { language, session: buyer });
    await page.goto('/orders');
    const region = page.getByRole('region', { name: farm.name });
    const placeButton = page.getByRole('button', { name: new RegExp(t('checkout', 'placeOrder', { total: '' }).replace(/\s*·\s*$/, '')) });
    // On the phone, after a refusal, the error toast lies over the button at the foot of the page
    // (above the bottom navigation): pressed from the keyboard, as a person using one would.
    const place = { click: () => placeButton.press('Enter') };
    const placedNow = async () => {
      await expect(page).toHaveURL(/\/orders/);
      const mine = (await (await request.get('/api/orders?limit=10', { headers: bearer(buyer) })).json()) as { items: { id: string }[] };
      placed.push(...mine.items.map((o) => o.id).filter((id) => !placed.includes(id)));
    };

    // By pickup: no window chosen is refused beside "When"; a window places it.
    await fillBasket(page, honey);
    await page.goto('/checkout');
    const when = region.getByLabel(t('logistics', 'when'), { exact: true });
    await when.selectOption('');
    await place.click();
    await expectRefused(when, t('logistics', 'chooseSlot'));
    await when.selectOption({ index: 2 });
    await place.click();
    await placedNow();

    // By delivery: no address is refused beside it.
    await fillBasket(page, honey);
    await page.goto('/checkout');
    await region.getByLabel(t('logistics', 'delivery'), { exact: true }).check();
    await region.getByLabel(t('logistics', 'town'), { exact: true }).selectOption('Ваљево');
    await region.getByLabel(t('logistics', 'deliveryDate')).selectOption({ index: 1 });
    await place.click();
    const address = region.getByLabel(t('logistics', 'address'), { exact: true });
    await expectRefused(address, t('checkout', 'validation.address'));
    await address.fill('Карађорђева 7, Ваљево');
    await place.click();
    await placedNow();

    // By drop (the basket came from the drop's page): a phone that is not one is refused beside it.
    await fillBasket(page, honey, dropId);
    await page.goto('/checkout');
    await expect(region.getByLabel(t('drops', 'checkout.option'), { exact: true })).toBeChecked();
    const phone = page.getByLabel(t('checkout', 'phone'));
    await phone.fill('не телефон');
    await place.click();
    await expectRefused(phone, t('checkout', 'validation.phoneInvalid'));
    await phone.fill('+381 64 765 4321');
    await place.click();
    await placedNow();

    // Read back: three orders, each with its way of getting it.
    expect(placed).toHaveLength(3);
    await page.reload();
    const cards = page.getByTestId('order-card');
    await expect(cards.filter({ hasText: farm.pointName })).toHaveCount(1);
    await expect(cards.filter({ hasText: 'Карађорђева 7, Ваљево' })).toHaveCount(1);
    await expect(cards.filter({ hasText: 'Паркинг' })).toHaveCount(1);
  } finally {
    for (const id of placed) await request.post(`/api/orders/${id}/cancel`, { headers: bearer(buyer) });
    await deleteAccount(request, buyer);
    await deleteAccount(request, farm.producer);
  }
});

/** The amount as a Serbian bank writes it: 1.234,50. */
const bankAmount = (rsd: number) => {
  const [whole, decimals] = rsd.toFixed(2).split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${decimals}`;
};

test('weighing and statement import: each refused beside a wrong field first, saved, read back', async ({ page, request }, testInfo) => {
  const language = formsLanguageOf(testInfo.project.name);
  const t = (ns: string, key: string, values?: Record<string, string | number>) => say(language, ns, key, values);
  const farm = await newFarm(request, `forms-weigh-${language}`, language);
  const buyer = await freshAccount(request, { tag: `forms-weigh-buyer-${language}`, language });
  let orderId: string | null = null;
  try {
    const cheese = await newProduct(request, farm, { name: `Сир ${language}`, price: 1000, unit: 'wheel', pricing: 'weight', pieceWeight: 1 });
    const slots = (await (await request.get(`/api/households/${farm.producer.user.id}/slots?days=7`)).json()) as { pickup: { pickupPointId: string; date: string }[] };
    const slot = slots.pickup.find((s) => s.date > belgradeToday())!;
    const res = await request.post('/api/orders', {
      headers: { ...bearer(buyer), 'idempotency-key': randomUUID() },
      data: {
        items: [{ productId: cheese.id, quantity: 1 }], contactPhone: '+381641234567',
        households: [{ householdId: farm.producer.user.id, deliveryType: 'pickup', pickupPointId: slot.pickupPointId, date: slot.date, paymentMethod: 'ips_qr' }],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const order = ((await res.json()) as { orders: { id: string; number: number }[] }).orders[0]!;
    orderId = order.id;

    // Weighing: text that is not a weight is refused beside the field; 1.1 kg is saved.
    await prepareStorage(page, { language, session: farm.producer });
    await page.goto('/producer/dashboard?tab=orders');
    const incoming = page.locator(`[data-testid="producer-order"][data-order-id="${order.id}"]`);
    const field = incoming.getByLabel(t('orders', 'weight.field', { name: cheese.name }));
    await field.fill('много');
    await incoming.getByRole('button', { name: t('orders', 'weight.save') }).click();
    await expectRefused(field, t('orders', 'weight.invalid'));
    await field.fill(typed(language, '1.1'));
    await incoming.getByRole('button', { name: t('orders', 'weight.save') }).click();
    await expect(page.getByText(t('orders', 'weight.saved')).first()).toBeVisible();
    await page.reload();
    await expect(field).toHaveValue(typed(language, '1.1'));

    // Statement import: Import without a file is refused beside the file field; the file pays the order.
    await page.goto('/producer/payments');
    const file = page.getByLabel(t('payments', 'file'));
    await page.getByRole('button', { name: t('payments', 'import') }).click();
    await expectRefused(file, t('payments', 'fileMissing'));
    const csv = [
      'Datum;Iznos;Platilac;Poziv na broj',
      `${belgradeToday()};${bankAmount(1100)};Kupac;97 ${model97Reference(String(order.number)).slice(2, 4)} ${order.number}`,
    ].join('\r\n');
    // A file that is not text is the server's to refuse: said beside the file field.
    await file.setInputFiles({ name: 'izvod.csv', mimeType: 'text/csv', buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0xff, 0xfe, 0x00, 0x01]) });
    await page.getByRole('button', { name: t('payments', 'import') }).click();
    await expectRefused(file, t('errors', 'statement.not_text'));
    await file.setInputFiles({ name: 'izvod.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await page.getByRole('button', { name: t('payments', 'import') }).click();
    await expect(page.getByRole('table').getByRole('row', { name: /^2 / })).toContainText(t('payments', 'result.matched', { number: order.number }));

    // Read back: the order is paid on the dashboard after a reload.
    await page.goto('/producer/dashboard?tab=orders');
    await expect(incoming.getByText(t('logistics', 'order.markUnpaid'))).toBeVisible();
  } finally {
    if (orderId) await request.post(`/api/orders/${orderId}/cancel`, { headers: bearer(buyer) });
    await deleteAccount(request, buyer);
    await deleteAccount(request, farm.producer);
  }
});
