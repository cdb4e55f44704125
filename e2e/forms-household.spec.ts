import { expect, test, type Page } from './support/test.ts';
import { languageOf, newAccount, openAs, submitRefused, textIn } from './support/forms.ts';
import type { Language } from './support/session.ts';

/**
 * The household tab's forms, each on a new producer of its own (the sample households are read
 * by other journeys): the profile, pickup points with hours, delivery and the minimum order,
 * the IPS account and the papers. Each saves, refuses one wrong field beside it, and reads back
 * after a reload. Serbian on the phone, English on the desktop.
 */

/** What a message in the page's language looks like when the locales have no fixed text for it. */
const inLanguage = (language: Language) => (language === 'en' ? /[A-Za-z]{3}/ : /[\u0400-\u04FF]{3}/);

async function openHouseholdTab(page: Page, language: Language, session: Parameters<typeof openAs>[1]) {
  await openAs(page, session, language, '/producer/dashboard?tab=household');
  await expect(page.getByRole('heading', { name: textIn(language, 'producer', 'household.title') })).toBeVisible();
}

test('household profile: saved, a one-letter name refused beside the field, read back after a reload', async ({ page, request }, testInfo) => {
  test.fixme(true, 'The form breaks the rule (focus and message beside the field), pending the shared form helper: a refused name keeps focus on Save instead of moving it to the field');
  const lang = languageOf(testInfo);
  const t = (key: string) => textIn(lang, 'producer', `household.${key}`);
  const producer = await newAccount(request, testInfo, { userType: 'producer', name: 'Profil Gazdinstvo' });
  await openHouseholdTab(page, lang, producer);

  const name = page.getByLabel(t('name'));
  await name.fill('Домаћинство Профиловић');
  await page.getByLabel(t('location')).fill('Лесковац');
  await page.getByLabel(t('description')).fill('Ајвар од печених паприка.');
  await page.getByRole('button', { name: t('save') }).click();
  await expect(page.getByText(t('saved'))).toBeVisible();

  await page.reload();
  await expect(name).toHaveValue('Домаћинство Профиловић');
  await expect(page.getByLabel(t('location'))).toHaveValue('Лесковац');
  await expect(page.getByLabel(t('description'))).toHaveValue('Ајвар од печених паприка.');

  // Edit: a one-letter name is refused beside the field; a good one is saved.
  await page.getByLabel(t('location')).fill('Вучје');
  await name.fill('X');
  await submitRefused(page, () => page.getByRole('button', { name: t('save') }).click(), name, t('errors.name.too_small'));
  await page.reload();
  await expect(page.getByLabel(t('location'))).toHaveValue('Лесковац');
  await name.fill('Домаћинство Профиловић из Вучја');
  await page.getByRole('button', { name: t('save') }).click();
  await expect(page.getByText(t('saved'))).toBeVisible();
  await page.reload();
  await expect(name).toHaveValue('Домаћинство Профиловић из Вучја');
});

test('pickup points and hours, delivery and minimum order: saved, read back, edited; a wrong minimum refused beside it', async ({ page, request }, testInfo) => {
  test.fixme(true, 'The form breaks the rule (focus and message beside the field), pending the shared form helper: the minimum order’s message is not tied to the field (no aria-invalid, no aria-describedby) and focus stays on Save');
  const lang = languageOf(testInfo);
  const t = (key: string, values?: Record<string, string>) => textIn(lang, 'logistics', `settings.${key}`, values);
  const producer = await newAccount(request, testInfo, { userType: 'producer', name: 'Pijaca Gazdinstvo' });
  await openHouseholdTab(page, lang, producer);
  const section = page.getByRole('region', { name: t('pickupTitle') });
  const point = section.getByRole('group', { name: t('pointN', { n: '1' }) });
  const save = section.getByRole('button', { name: t('save'), exact: true });
  const minimum = section.getByLabel(t('minimumOrder'));

  // Add a point with one window of hours, deliver to two towns, a minimum order.
  await section.getByRole('button', { name: t('addPoint') }).click();
  await point.getByLabel(t('pointName')).fill('Зелена пијаца, тезга 7');
  await point.getByLabel(t('pointAddress')).fill('Булевар ослобођења 1, Лесковац');
  await point.getByRole('button', { name: t('addHours') }).click();
  await point.getByLabel(t('opens')).fill('07:30');
  await point.getByLabel(t('closes')).fill('12:00');
  await section.getByLabel(t('deliveryEnabled')).check();
  await section.getByLabel(t('areas')).fill('Лесковац, Ниш');
  await section.getByLabel(t('fee')).fill(lang === 'en' ? '250.50' : '250,50');
  await section.getByRole('group', { name: t('deliveryDays') }).getByRole('checkbox').nth(1).check(); // Tuesday
  await minimum.fill('1500');
  await save.click();
  await expect(page.getByText(t('saved'), { exact: true })).toBeVisible();

  await page.reload();
  await expect(point.getByLabel(t('pointName'))).toHaveValue('Зелена пијаца, тезга 7');
  await expect(point.getByLabel(t('pointAddress'))).toHaveValue('Булевар ослобођења 1, Лесковац');
  await expect(point.getByLabel(t('opens'))).toHaveValue('07:30');
  await expect(point.getByLabel(t('closes'))).toHaveValue('12:00');
  await expect(section.getByLabel(t('deliveryEnabled'))).toBeChecked();
  await expect(section.getByLabel(t('areas'))).toHaveValue('Лесковац, Ниш');
  await expect(section.getByLabel(t('fee'))).toHaveValue(lang === 'en' ? '250.5' : '250,5');
  await expect(section.getByRole('group', { name: t('deliveryDays') }).getByRole('checkbox').nth(1)).toBeChecked();
  await expect(minimum).toHaveValue('1500');

  // Edit: rename the point, close later; a minimum that is not a number is refused beside it.
  await point.getByLabel(t('pointName')).fill('Зелена пијаца, тезга 9');
  await point.getByLabel(t('closes')).fill('13:00');
  await minimum.fill('пет стотина');
  await submitRefused(page, () => save.click(), minimum, t('invalidNumber', { example: lang === 'en' ? '450.50' : '450,50' }));
  await minimum.fill('0');
  await save.click();
  await expect(page.getByText(t('saved'), { exact: true })).toBeVisible();
  await page.reload();
  await expect(point.getByLabel(t('pointName'))).toHaveValue('Зелена пијаца, тезга 9');
  await expect(point.getByLabel(t('closes'))).toHaveValue('13:00');
  await expect(minimum).toHaveValue('0');
});

test('IPS account: saved and read back; a wrong account refused beside the field and nothing changed', async ({ page, request }, testInfo) => {
  test.fixme(true, 'The form breaks the rule (focus and message beside the field), pending the shared form helper: the server’s refusal is shown under the field but not tied to it (aria-describedby names only the hint) and focus stays on Save');
  const lang = languageOf(testInfo);
  const t = (key: string) => textIn(lang, 'logistics', `settings.${key}`);
  const producer = await newAccount(request, testInfo, { userType: 'producer', name: 'Racun Gazdinstvo' });
  await openHouseholdTab(page, lang, producer);
  const section = page.getByRole('region', { name: t('paymentTitle') });
  const account = section.getByLabel(t('ipsAccount'));
  const save = section.getByRole('button', { name: t('save'), exact: true });

  await account.fill('840-955845-10');
  await section.getByLabel(t('ipsPayeeName')).fill('Račun Gazdinstvo');
  await save.click();
  await expect(page.getByText(t('saved'), { exact: true })).toBeVisible();
  await page.reload();
  await expect(account).toHaveValue('840000000095584510');
  await expect(section.getByLabel(t('ipsPayeeName'))).toHaveValue('Račun Gazdinstvo');

  // Edit with a wrong control number: refused beside the field; the saved account stays.
  await account.fill('840-955845-11');
  await submitRefused(page, () => save.click(), account, inLanguage(lang), { server: true });
  await page.reload();
  await expect(account).toHaveValue('840000000095584510');
});

test('papers: saved and read back; a short PIB refused beside the field and nothing changed; a registration edited', async ({ page, request }, testInfo) => {
  test.fixme(true, 'The form breaks the rule (focus and message beside the field), pending the shared form helper: the server’s refusal of the PIB is tied to the field but focus stays on Save');
  const lang = languageOf(testInfo);
  const t = (key: string) => textIn(lang, 'papers', key);
  const producer = await newAccount(request, testInfo, { userType: 'producer', name: 'Papiri Gazdinstvo' });
  await openHouseholdTab(page, lang, producer);
  const section = page.getByRole('region', { name: t('section.title') });
  const pib = section.getByLabel(t('pib.label'));
  const save = section.getByRole('button', { name: t('save') });

  await section.getByLabel(t('form.label')).selectOption('entrepreneur');
  await section.getByLabel(t('holdingNumber.label')).fill('123456789012');
  await pib.fill('100000024'); // a valid check digit
  await section.getByRole('button', { name: t('registrations.add') }).click();
  await section.getByLabel(t('registrations.number'), { exact: true }).fill('RS-123');
  await section.getByRole('checkbox', { name: textIn(lang, 'common', 'categories.dairy') }).check();
  await save.click();
  await expect(page.getByText(t('saved'), { exact: true })).toBeVisible();

  await page.reload();
  await expect(section.getByLabel(t('form.label'))).toHaveValue('entrepreneur');
  await expect(section.getByLabel(t('holdingNumber.label'))).toHaveValue('123456789012');
  await expect(pib).toHaveValue('100000024');
  await expect(section.getByLabel(t('registrations.number'), { exact: true })).toHaveValue('RS-123');
  await expect(section.getByRole('checkbox', { name: textIn(lang, 'common', 'categories.dairy') })).toBeChecked();

  // Edit: a PIB of four digits is refused beside the field (in the browser or by the server).
  await section.getByLabel(t('registrations.number'), { exact: true }).fill('RS-456');
  await pib.fill('1234');
  await submitRefused(page, () => save.click(), pib, inLanguage(lang), { server: true });
  await page.reload();
  await expect(pib).toHaveValue('100000024');
  await expect(section.getByLabel(t('registrations.number'), { exact: true })).toHaveValue('RS-123');

  await section.getByLabel(t('registrations.number'), { exact: true }).fill('RS-456');
  await save.click();
  await expect(page.getByText(t('saved'), { exact: true })).toBeVisible();
  await page.reload();
  await expect(section.getByLabel(t('registrations.number'), { exact: true })).toHaveValue('RS-456');
});
