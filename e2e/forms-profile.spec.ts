import { expect, test } from './support/test.ts';
import { languageOf, newAccount, openAs, submitRefused, textIn } from './support/forms.ts';

/**
 * The buyer's profile forms, each on a new buyer of its own: the profile itself and the saved
 * delivery addresses. Each saves, refuses one wrong field beside it (nothing sent), and reads
 * back after a reload; an address is added, then edited. Serbian on the phone, English on the
 * desktop.
 */

test('profile: saved and read back after a reload; a wrong phone refused beside the field', async ({ page, request }, testInfo) => {
  const lang = languageOf(testInfo);
  const t = (key: string) => textIn(lang, 'profile', key);
  const buyer = await newAccount(request, testInfo, { userType: 'customer', name: 'Купац Профил' });
  await openAs(page, buyer, lang, '/profile');
  const dialog = page.getByRole('dialog', { name: t('edit.title') });

  await page.getByRole('button', { name: t('actions.editProfile') }).click();
  await dialog.getByLabel(t('fields.name')).fill('Весна Профиловић');
  await dialog.getByLabel(t('fields.location')).fill('Ниш');
  await dialog.getByLabel(t('fields.bio')).fill('Волим домаћи сир.');
  await dialog.getByRole('button', { name: t('edit.save') }).click();
  await expect(page.getByText(t('edit.saved'))).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Весна Профиловић' })).toBeVisible();
  await page.getByRole('button', { name: t('actions.editProfile') }).click();
  await expect(dialog.getByLabel(t('fields.location'))).toHaveValue('Ниш');
  await expect(dialog.getByLabel(t('fields.bio'))).toHaveValue('Волим домаћи сир.');

  // Edit: a phone that is not one is refused beside the field; nothing is sent.
  const phone = dialog.getByLabel(t('fields.phone'));
  await dialog.getByLabel(t('fields.location')).fill('Лесковац');
  await phone.fill('позови ме');
  await submitRefused(page, () => dialog.getByRole('button', { name: t('edit.save') }).click(), phone, t('edit.invalidPhone'));
  await phone.fill('+381 64 123 4567');
  await dialog.getByRole('button', { name: t('edit.save') }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await page.getByRole('button', { name: t('actions.editProfile') }).click();
  await expect(dialog.getByLabel(t('fields.location'))).toHaveValue('Лесковац');
  await expect(phone).toHaveValue(/64 ?123 ?4567/);
});

test('saved address: added, read back after a reload, edited; an empty name refused beside the field', async ({ page, request }, testInfo) => {
  const lang = languageOf(testInfo);
  const t = (key: string, values?: Record<string, string | number>) => textIn(lang, 'saved', key, values);
  const buyer = await newAccount(request, testInfo, { userType: 'customer', name: 'Купац Адреса' });
  await openAs(page, buyer, lang, '/profile');
  const open = () => page.getByRole('button', { name: textIn(lang, 'profile', 'actions.savedLocations') }).click();
  const dialog = page.getByRole('dialog');
  const list = dialog.getByRole('list', { name: t('addresses.title') });

  await open();
  await dialog.getByRole('button', { name: t('addresses.add') }).click();
  const form = dialog.getByRole('form', { name: t('addresses.addTitle') });
  const label = form.getByLabel(t('form.label'));
  await form.getByLabel(t('form.area')).fill('Нови Сад');
  await form.getByLabel(t('form.address'), { exact: true }).fill('Булевар Михајла Пупина 10, стан 4');
  // One wrong field: no name.
  await submitRefused(page, () => form.getByRole('button', { name: t('form.save') }).click(), label, t('form.labelInvalid', { max: 40 }));
  await label.fill('Кућа');
  await form.getByRole('button', { name: t('form.save') }).click();
  await expect(list.getByText('Булевар Михајла Пупина 10, стан 4')).toBeVisible();

  await page.reload();
  await open();
  await expect(list.getByText('Кућа')).toBeVisible();
  await expect(list.getByText('Нови Сад')).toBeVisible();

  // Edit it: another flat; read back after a reload.
  await dialog.getByRole('button', { name: t('addresses.edit', { label: 'Кућа' }) }).click();
  const edit = dialog.getByRole('form', { name: t('addresses.editTitle') });
  await edit.getByLabel(t('form.address'), { exact: true }).fill('Булевар Михајла Пупина 10, стан 7');
  await edit.getByRole('button', { name: t('form.save') }).click();
  await expect(list.getByText('Булевар Михајла Пупина 10, стан 7')).toBeVisible();
  await page.reload();
  await open();
  await expect(list.getByText('Булевар Михајла Пупина 10, стан 7')).toBeVisible();
  await expect(list.getByText('стан 4')).toHaveCount(0);
});
