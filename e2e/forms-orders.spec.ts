import { expect, test } from './support/test.ts';
import { bearer, languageOf, newAccount, newProduct, openAs, OPEN_EVERY_DAY, placeOrder, setUpHousehold, submitRefused, textIn } from './support/forms.ts';

/**
 * A buyer's forms around orders, each with a new producer, product and buyer of its own: the
 * order message and the standing order (create, skip, pause, change). Each saves, refuses one
 * wrong field beside it (nothing sent), and reads back after a reload. Serbian on the phone,
 * English on the desktop.
 */

test('order message: a too long message refused beside the field, a message sent and read back after a reload', async ({ page, request }, testInfo) => {
  test.fixme(true, 'The form breaks the rule (focus and message beside the field), pending the shared form helper: a too long message is refused beside the field but focus stays on Send');
  const lang = languageOf(testInfo);
  const t = (key: string, values?: Record<string, string | number>) => textIn(lang, 'messages', key, values);
  const producer = await newAccount(request, testInfo, { userType: 'producer', name: 'Poruka Gazdinstvo' });
  await setUpHousehold(request, producer, OPEN_EVERY_DAY);
  const product = await newProduct(request, producer, { name: `Кајмак за поруку ${testInfo.project.name}`, price: 900 });
  const buyer = await newAccount(request, testInfo, { userType: 'customer', name: 'Купац Порука' });
  const order = await placeOrder(request, buyer, product);

  await openAs(page, buyer, lang, `/orders?order=${order.id}`);
  const conversation = page.getByRole('region', { name: t('titleFor', { id: order.id.slice(0, 8) }) });
  const field = conversation.getByLabel(t('label'));
  await field.fill('Ж'.repeat(1001));
  await submitRefused(page, () => conversation.getByRole('button', { name: t('send') }).click(), field, t('tooLong', { max: 1000 }));

  await field.fill('Долазим у 10, може ли без кесе?');
  await conversation.getByRole('button', { name: t('send') }).click();
  const list = conversation.getByRole('list', { name: t('list') });
  await expect(list.getByText('Долазим у 10, може ли без кесе?')).toBeVisible();
  await expect(field).toHaveValue('');

  await page.reload();
  await expect(list.getByText('Долазим у 10, може ли без кесе?')).toBeVisible();
  const stored = await request.get(`/api/orders/${order.id}/messages`, { headers: bearer(buyer) });
  expect(JSON.stringify(await stored.json())).toContain('Долазим у 10, може ли без кесе?');
});

test('standing order: an empty phone refused beside the field, started, read back after a reload, skipped, paused and changed', async ({ page, request }, testInfo) => {
  test.fixme(true, 'The form breaks the rule (focus and message beside the field), pending the shared form helper: the missing phone’s message is not tied to the field (no aria-invalid, no aria-describedby) and focus stays on the submit button');
  const lang = languageOf(testInfo);
  const t = (key: string, values?: Record<string, string | number>) => textIn(lang, 'standing', key, values);
  const producer = await newAccount(request, testInfo, { userType: 'producer', name: 'Stalna Gazdinstvo' });
  await setUpHousehold(request, producer, OPEN_EVERY_DAY);
  const name = `Млеко сваке недеље ${testInfo.project.name}`;
  const product = await newProduct(request, producer, { name, price: 120, unit: 'l', category: 'dairy' });
  const buyer = await newAccount(request, testInfo, { userType: 'customer', name: 'Купац Стални' });
  await openAs(page, buyer, lang, `/product/${product.id}`);

  await page.getByRole('main').getByRole('button', { name: t('create.open') }).click();
  const dialog = page.getByRole('dialog', { name: t('create.title') });
  const phone = dialog.getByLabel(t('create.phone'));
  await dialog.getByLabel(t('quantityOf', { name })).fill('2');
  await phone.fill('');
  await submitRefused(page, () => dialog.getByRole('button', { name: t('create.submit') }).click(), phone, t('create.issues.phone'));
  await phone.fill('+381631239876');
  await dialog.getByRole('button', { name: t('create.submit') }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/orders');
  await page.reload();
  const card = page.getByRole('list', { name: t('title') }).getByRole('listitem').filter({ hasText: 'Stalna Gazdinstvo' }).first();
  await expect(card.getByLabel(t('quantityOf', { name }))).toHaveValue('2');

  // Skip the next date, pause three weeks, change the quantity: each read back after a reload.
  const skip = card.getByLabel(t('skipLabel'));
  const next = await skip.inputValue();
  await card.getByRole('button', { name: t('skip'), exact: true }).click();
  await expect(skip).not.toHaveValue(next);
  const until = new Date(Date.parse(`${next}T12:00:00Z`) + 21 * 86_400_000).toISOString().slice(0, 10);
  await card.getByLabel(t('pauseUntilLabel')).fill(until);
  await card.getByRole('button', { name: t('pause'), exact: true }).click();
  await expect(card.getByText(t('status.paused'), { exact: true })).toBeVisible();
  await card.getByLabel(t('quantityOf', { name })).fill('3');
  await card.getByRole('button', { name: t('saveQuantities') }).click();
  await expect(page.getByText(t('saved'))).toBeVisible();

  await page.reload();
  await expect(card.getByText(t('status.paused'), { exact: true })).toBeVisible();
  await expect(card.getByLabel(t('quantityOf', { name }))).toHaveValue('3');
  const res = await request.get('/api/standing-orders', { headers: bearer(buyer) });
  const [so] = ((await res.json()) as { items: { skipDates: string[]; pausedUntil: string | null; status: string }[] }).items;
  expect(so).toMatchObject({ skipDates: [next], pausedUntil: until });
});
