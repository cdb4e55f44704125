import { expect, test } from './support/test.ts';
import { languageOf, newAccount, newProduct, openAs, OPEN_EVERY_DAY, placeOrder, setUpHousehold, submitRefused, textIn } from './support/forms.ts';

/**
 * The producer's weighing of a line sold by weight, on a new producer's own wheel of cheese
 * ordered by a new buyer: weighed, read back after a reload, corrected (a weight that is not
 * one refused beside the field first). Serbian on the phone (decimal comma), English on the
 * desktop (decimal point).
 */

test('weighing: weighed, read back after a reload, corrected; a weight that is not one refused beside the field', async ({ page, request }, testInfo) => {
  test.fixme(true, 'The form breaks the rule (focus and message beside the field), pending the shared form helper: the refused weight is tied to the field but focus stays on Save weights');
  const lang = languageOf(testInfo);
  const t = (key: string, values?: Record<string, string | number>) => textIn(lang, 'orders', `weight.${key}`, values);
  const decimal = (value: string) => (lang === 'en' ? value : value.replace('.', ','));
  const producer = await newAccount(request, testInfo, { userType: 'producer', name: 'Vaga Gazdinstvo' });
  await setUpHousehold(request, producer, OPEN_EVERY_DAY);
  const name = `Колут сира ${testInfo.project.name}`;
  const product = await newProduct(request, producer, { name, price: 1400, unit: 'wheel', pricing: 'weight', pieceWeight: 1.2, stock: 10 });
  const buyer = await newAccount(request, testInfo, { userType: 'customer', name: 'Купац Вага' });
  await placeOrder(request, buyer, product);

  await openAs(page, producer, lang, '/producer/dashboard?tab=orders');
  const form = page.getByRole('form', { name: t('title') });
  const field = form.getByLabel(t('field', { name }));
  await field.fill(decimal('1.25'));
  await form.getByRole('button', { name: t('save') }).click();
  await expect(page.getByText(t('saved'), { exact: true })).toBeVisible();

  await page.reload();
  await expect(field).toHaveValue(decimal('1.25'));
  await expect(page.getByText(t('weighed', { weight: decimal('1.25') })).first()).toBeVisible();

  // Correct it: a weight that is not one is refused beside the field; then a good one.
  await field.fill('тешко');
  await submitRefused(page, () => form.getByRole('button', { name: t('save') }).click(), field, t('invalid'));
  await field.fill(decimal('1.3'));
  await form.getByRole('button', { name: t('save') }).click();
  await expect(page.getByText(t('saved'), { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(field).toHaveValue(decimal('1.3'));
});
