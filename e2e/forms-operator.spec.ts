import { expect, test } from './support/test.ts';
import { bearer, languageOf, newAccount, newProduct, openAs, operatorSession, setUpHousehold, submitRefused, textIn } from './support/forms.ts';

/**
 * The operator's forms on the console, each on a new producer (and report) of its own: approve
 * a producer (a reason with a forbidden character refused beside its field first), verify a
 * producer's papers, resolve a report; each read back after a reload. Serbian on the phone,
 * English on the desktop.
 */

test('approve a producer: a reason with a forbidden character refused beside the field, approved, read back after a reload', async ({ page, request }, testInfo) => {
  test.fixme(true, 'The form breaks the rule (focus and message beside the field), pending the shared form helper: a refused reason is told only in a toast, not beside the reason field');
  const lang = languageOf(testInfo);
  const t = (key: string, values?: Record<string, string | number>) => textIn(lang, 'admin', key, values);
  const name = `Nova Farma ${testInfo.project.name} ${Date.now().toString(36)}`;
  const producer = await newAccount(request, testInfo, { userType: 'producer', name, approve: false });
  await openAs(page, await operatorSession(request), lang, '/admin');
  await page.getByRole('tab', { name: t('tabs.producers') }).click();
  const row = page.getByRole('listitem', { name });
  const reason = row.getByRole('textbox', { name: t('reason', { name }) });

  await reason.fill('Папири у реду\u0007');
  await submitRefused(page, () => row.getByRole('button', { name: t('producers.approve') }).click(), reason,
    lang === 'en' ? /not allowed/ : /[\u0400-\u04FF]{3}/, { server: true });
  expect((await request.get(`/api/households/${producer.user.id}`)).status()).toBe(404);

  await reason.fill('Папири у реду');
  await row.getByRole('button', { name: t('producers.approve') }).click();
  await expect(page.getByText(t('done'), { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.reload();
  await page.getByRole('tab', { name: t('tabs.producers') }).click();
  await expect(page.getByRole('button', { name: t('producers.status.pending') })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('listitem', { name })).toHaveCount(0);
  expect((await request.get(`/api/households/${producer.user.id}`)).status()).toBe(200);
});

test('verify papers: the operator marks a producer\'s papers checked, read back after a reload', async ({ page, request }, testInfo) => {
  const lang = languageOf(testInfo);
  const t = (key: string, values?: Record<string, string | number>) => textIn(lang, 'admin', key, values);
  const p = (key: string, values?: Record<string, string | number>) => textIn(lang, 'papers', key, values);
  const name = `Papiri Farma ${testInfo.project.name} ${Date.now().toString(36)}`;
  // Pending (the short list), with papers entered.
  const producer = await newAccount(request, testInfo, { userType: 'producer', name, approve: false });
  await setUpHousehold(request, producer, { legal: { form: 'rpg', holdingNumber: '123456789012', pib: null, registrations: [] } });
  await openAs(page, await operatorSession(request), lang, '/admin');
  await page.getByRole('tab', { name: t('tabs.producers') }).click();
  const row = page.getByRole('listitem', { name });
  await expect(row.getByText(p('notVerified'))).toBeVisible();

  await row.getByRole('button', { name: p('admin.verifyNamed', { name }) }).click();
  await expect(row.getByText(p('verified'), { exact: false })).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: t('tabs.producers') }).click();
  await expect(row.getByText(p('verified'), { exact: false })).toBeVisible();
  await expect(row.getByRole('button', { name: p('admin.verifyNamed', { name }) })).toHaveCount(0);
});

test('resolve a report: the operator dismisses a buyer\'s report, read back among the resolved after a reload', async ({ page, request }, testInfo) => {
  const lang = languageOf(testInfo);
  const t = (key: string, values?: Record<string, string | number>) => textIn(lang, 'admin', key, values);
  const producer = await newAccount(request, testInfo, { userType: 'producer', name: 'Spor Gazdinstvo' });
  const product = await newProduct(request, producer, { name: `Пријављен сир ${testInfo.project.name} ${Date.now().toString(36)}`, price: 500 });
  const buyer = await newAccount(request, testInfo, { userType: 'customer', name: 'Купац Спор' });
  const reported = await request.post('/api/reports', { headers: bearer(buyer), data: { targetType: 'product', targetId: product.id, reason: 'fake', note: 'Купљено у продавници' } });
  expect(reported.status(), await reported.text()).toBe(201);

  await openAs(page, await operatorSession(request), lang, '/admin');
  await page.getByRole('tab', { name: t('tabs.reports') }).click();
  const row = page.getByRole('listitem', { name: product.name });
  await expect(row).toContainText('Купљено у продавници');
  await row.getByRole('button', { name: t('reports.dismiss') }).click();
  await expect(page.getByText(t('done'), { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.reload();
  await page.getByRole('tab', { name: t('tabs.reports') }).click();
  await expect(page.getByRole('listitem', { name: product.name })).toHaveCount(0);
  await page.getByRole('button', { name: t('reports.status.resolved') }).click();
  await expect(page.getByRole('listitem', { name: product.name })).toBeVisible();
  expect((await request.get(`/api/products/${product.id}`)).status()).toBe(200);
});
