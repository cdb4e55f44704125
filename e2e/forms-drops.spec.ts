import { expect, test } from './support/test.ts';
import { languageOf, newAccount, openAs, submitRefused, textIn } from './support/forms.ts';
import { addDays, belgradeToday } from '../src/shared/time.ts';

/**
 * A producer's drop on a new producer of its own: created (closing before opening refused
 * beside the field first), read back after a reload, edited, then cancelled (a missing reason
 * refused beside the field first). Serbian on the phone, English on the desktop.
 */

test('drop: created, read back, edited and cancelled; one wrong field refused beside it at each step', async ({ page, request }, testInfo) => {
  test.fixme(true, 'The form breaks the rule (focus and message beside the field), pending the shared form helper: the cancel dialog’s missing reason is shown but focus stays on the confirm button');
  const lang = languageOf(testInfo);
  const t = (key: string, values?: Record<string, string | number>) => textIn(lang, 'drops', key, values);
  const f = (key: string) => t(`dashboard.fields.${key}`);
  const producer = await newAccount(request, testInfo, { userType: 'producer', name: 'Drop Gazdinstvo' });
  await openAs(page, producer, lang, '/producer/dashboard?tab=drops');
  const title = `Пијаца у дворишту ${testInfo.project.name}`;
  const date = addDays(belgradeToday(), 9);

  await page.getByRole('button', { name: t('dashboard.create') }).click();
  const form = page.getByRole('dialog', { name: t('dashboard.createTitle') });
  await form.getByLabel(f('title')).fill(title);
  await form.getByLabel(f('placeName')).fill('Двориште школе');
  await form.getByLabel(f('town')).fill('Пожега');
  await form.getByLabel(f('address'), { exact: true }).fill('Школска 3');
  await form.getByLabel(f('date'), { exact: true }).fill(date);
  await form.getByLabel(f('opens')).fill('17:00');
  const closes = form.getByLabel(f('closes'));
  await closes.fill('16:00');
  await form.getByLabel(f('orderByDate')).fill(addDays(date, -1));
  await form.getByLabel(f('orderByTime')).fill('12:00');
  await submitRefused(page, () => form.getByRole('button', { name: t('dashboard.create') }).click(), closes, t('dashboard.invalid.closes'));
  await closes.fill('18:30');
  await form.getByRole('button', { name: t('dashboard.create') }).click();
  await expect(form).toBeHidden();

  await page.reload();
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('17:00');
  await expect(card).toContainText('18:30');
  await expect(card).toContainText('Пожега');

  // Edit: a later closing and another place name; read back after a reload.
  await card.getByRole('button', { name: t('dashboard.edit') }).click();
  const edit = page.getByRole('dialog', { name: t('dashboard.editTitle') });
  await expect(edit.getByLabel(f('title'))).toHaveValue(title);
  await edit.getByLabel(f('placeName')).fill('Двориште цркве');
  await edit.getByLabel(f('closes')).fill('19:00');
  await edit.getByRole('button', { name: t('dashboard.save') }).click();
  await expect(page.getByText(t('dashboard.saved'))).toBeVisible();
  await expect(edit).toBeHidden();
  await page.reload();
  await expect(card).toContainText('19:00');
  await expect(card).toContainText('Двориште цркве');

  // Cancel: the reason is asked for beside its field, then the drop is cancelled for good.
  await card.getByRole('button', { name: t('dashboard.cancel') }).click();
  const confirm = page.getByRole('alertdialog', { name: t('dashboard.cancelTitle', { title }) });
  const reason = confirm.getByLabel(t('dashboard.reason'));
  await submitRefused(page, () => confirm.getByRole('button', { name: t('dashboard.cancelConfirm') }).click(), reason, t('dashboard.invalid.required'));
  await reason.fill('Киша целог дана.');
  await confirm.getByRole('button', { name: t('dashboard.cancelConfirm') }).click();
  await expect(page.getByText(t('dashboard.cancelledToast'))).toBeVisible();
  await page.reload();
  await expect(card.getByText(t('status.cancelled'), { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: t('dashboard.edit') })).toHaveCount(0);
});
