import type { APIRequestContext, TestInfo } from '@playwright/test';
import { expect, test, type Page } from './support/test.ts';
import { bearer, languageOf, newAccount, newProduct, openAs, OPEN_EVERY_DAY, setUpHousehold, submitRefused, textIn, type NewProduct } from './support/forms.ts';
import { prepareStorage, type Language } from './support/session.ts';
import { addDays, belgradeToday } from '../src/shared/time.ts';

/**
 * The checkout by pickup, by delivery and by a drop, each with a new producer (who picks up,
 * delivers and hosts a drop) and a new buyer of its own: one wrong field refused beside it
 * (nothing sent), the order placed, and read back on the Orders page after a reload. Serbian
 * on the phone, English on the desktop.
 */

interface Cast { product: NewProduct; household: string; dropTitle: string; dropId: string }

async function castOf(request: APIRequestContext, testInfo: TestInfo, kind: string): Promise<Cast & { buyer: Awaited<ReturnType<typeof newAccount>> }> {
  const household = `Kasa ${kind} ${testInfo.project.name} ${Date.now().toString(36)}`;
  const producer = await newAccount(request, testInfo, { userType: 'producer', name: household });
  await setUpHousehold(request, producer, {
    ...OPEN_EVERY_DAY,
    delivery: { enabled: true, areas: ['Ниш'], fee: 200, freeFrom: null, leadDays: 0, weekdays: [1, 2, 3, 4, 5, 6, 7] },
    minimumOrder: 0,
  });
  const product = await newProduct(request, producer, { name: `Ајвар ${kind} ${testInfo.project.name}`, price: 650 });
  const dropTitle = `Паркинг ${kind} ${testInfo.project.name}`;
  const date = addDays(belgradeToday(), 4);
  const drop = await request.post('/api/drops', {
    headers: bearer(producer),
    data: { title: dropTitle, place: { name: 'Паркинг', address: 'Трг 1', town: 'Ниш' }, date, opens: '17:00', closes: '18:00', orderBy: new Date(`${addDays(date, -1)}T10:00:00Z`).toISOString() },
  });
  expect(drop.status(), await drop.text()).toBe(201);
  const dropId = ((await drop.json()) as { id: string }).id;
  const buyer = await newAccount(request, testInfo, { userType: 'customer', name: 'Купац Каса' });
  return { product, household, dropTitle, dropId, buyer };
}

/** The buyer on /checkout with one of the product in the basket (as the app keeps it). */
async function openCheckout(page: Page, request: APIRequestContext, lang: Language, cast: Awaited<ReturnType<typeof castOf>>) {
  const product = await (await request.get(`/api/products/${cast.product.id}`)).json();
  await prepareStorage(page, { basket: [{ product, quantity: 2 }] });
  await openAs(page, cast.buyer, lang, '/checkout');
  const part = page.getByRole('region', { name: cast.household });
  await expect(part).toBeVisible();
  return part;
}

const placeButton = (page: Page, lang: Language) => page.getByRole('button', { name: new RegExp(textIn(lang, 'checkout', 'placeOrder', { total: '' }).replace(/[·\s]+$/, '').trim()) });

async function expectOrderReadBack(page: Page, lang: Language, cast: Cast, text: string | RegExp) {
  await expect(page).toHaveURL(/\/orders/);
  await page.reload();
  const card = page.getByRole('main').getByRole('listitem').filter({ hasText: cast.household }).first();
  await expect(card).toContainText(cast.product.name);
  await expect(card).toContainText(text);
  void lang;
}

test('checkout by pickup: a wrong phone refused beside the field, the order placed and read back after a reload', async ({ page, request }, testInfo) => {
  const lang = languageOf(testInfo);
  const t = (ns: string, key: string) => textIn(lang, ns, key);
  const cast = await castOf(request, testInfo, 'preuzimanje');
  const part = await openCheckout(page, request, lang, cast);

  await part.getByLabel(t('logistics', 'pickup'), { exact: true }).check();
  await part.getByLabel(t('logistics', 'when')).selectOption({ index: 1 });
  await part.getByLabel(t('logistics', 'cash')).check();
  const phone = page.getByLabel(t('checkout', 'phone'));
  await phone.fill('позови ме');
  await submitRefused(page, () => placeButton(page, lang).click(), phone, t('checkout', 'validation.phoneInvalid'));
  await phone.fill('064 123 4567');
  await placeButton(page, lang).click();
  await expectOrderReadBack(page, lang, cast, 'Dvorište');
});

test('checkout by delivery: a missing address refused beside the field, the order placed and read back after a reload', async ({ page, request }, testInfo) => {
  test.fixme(true, 'The form breaks the rule (focus and message beside the field), pending the shared form helper: the missing address is shown beside the field but focus does not move to it');
  const lang = languageOf(testInfo);
  const t = (ns: string, key: string) => textIn(lang, ns, key);
  const cast = await castOf(request, testInfo, 'dostava');
  const part = await openCheckout(page, request, lang, cast);

  await part.getByLabel(t('logistics', 'delivery'), { exact: true }).check();
  await part.getByLabel(t('logistics', 'town')).selectOption('Ниш');
  await part.getByLabel(t('logistics', 'deliveryDate')).selectOption({ index: 1 });
  await part.getByLabel(t('logistics', 'cash')).check();
  await page.getByLabel(t('checkout', 'phone')).fill('064 123 4567');
  const address = part.getByLabel(t('logistics', 'address'));
  await address.fill('');
  await submitRefused(page, () => placeButton(page, lang).click(), address, t('checkout', 'validation.address'));
  await address.fill('Обреновићева 14, стан 3');
  await placeButton(page, lang).click();
  await expectOrderReadBack(page, lang, cast, 'Обреновићева 14, стан 3');
});

test('checkout by drop: a missing phone refused beside the field, the order placed and read back after a reload', async ({ page, request }, testInfo) => {
  const lang = languageOf(testInfo);
  const t = (ns: string, key: string) => textIn(lang, ns, key);
  const cast = await castOf(request, testInfo, 'drop');
  // As a buyer fills a basket for a drop: from the drop's page.
  await openAs(page, cast.buyer, lang, `/drop/${cast.dropId}`);
  await page.getByRole('button', { name: textIn(lang, 'catalog', 'card.addToBasket', { name: cast.product.name }) }).click();
  await page.goto('/checkout');
  const part = page.getByRole('region', { name: cast.household });

  await part.getByLabel(t('drops', 'checkout.option'), { exact: true }).check();
  await part.getByRole('radio', { name: new RegExp(cast.dropTitle) }).check();
  await part.getByLabel(t('logistics', 'cash')).check();
  const phone = page.getByLabel(t('checkout', 'phone'));
  await phone.fill('');
  await submitRefused(page, () => placeButton(page, lang).click(), phone, t('checkout', 'validation.phone'));
  await phone.fill('064 123 4567');
  await placeButton(page, lang).click();
  await expectOrderReadBack(page, lang, cast, cast.dropTitle);
});
