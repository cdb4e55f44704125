import { expect, formsLanguageOf, test } from './support/test.ts';
import { apiLogin, prepareStorage, text } from './support/session.ts';
import { bearer, deleteAccount, expectRefused, freshAccount, sendChangedOnce } from './support/accounts.ts';
import { smsCode } from './support/outbox.ts';

/**
 * A producer's SMS settings (docs/notifications.md, "SMS"): a phone that is not one is refused
 * beside the field; a real one gets a code by SMS (read from the e2e server's DATA_DIR/sms-outbox),
 * a second code asked for at once is refused beside the phone, a wrong code beside its field (the
 * server's refusals, in the page's language), the right one confirms; events and quiet hours are
 * saved (a quiet hour the server refuses is said beside it) and read back after a reload.
 * Serbian on the phone, English on the desktop; its own producer.
 */
test('a producer confirms a phone for SMS and chooses what to get', async ({ page, request }, testInfo) => {
  const language = formsLanguageOf(testInfo.project.name);
  const t = (ns: string, key: string) => text(language, ns, key);
  const producer = await freshAccount(request, { tag: 'sms', userType: 'producer', language });
  const operator = await apiLogin(request, 'admin@domace.rs');
  expect((await request.post(`/api/admin/producers/${producer.user.id}/approve`, { headers: bearer(operator), data: {} })).status()).toBe(200);
  const digits = String(Date.now()).slice(-7);
  const e164 = `+38164${digits}`;
  try {
    await prepareStorage(page, { language, session: producer });
    const openSettings = async () => {
      await page.getByRole('button', { name: new RegExp(`^${t('notifications', 'bell')}`) }).click();
      await page.getByRole('dialog').getByRole('button', { name: t('notifications', 'settings.open') }).click();
    };
    await page.goto('/producer/dashboard');
    await openSettings();

    const phone = page.getByLabel(t('notifications', 'sms.phone'));
    await phone.fill('064 12');
    await page.getByRole('button', { name: t('notifications', 'sms.sendCode') }).click();
    await expectRefused(phone, t('notifications', 'sms.phoneInvalid'));

    await phone.fill(`064 ${digits.slice(0, 3)} ${digits.slice(3)}`);
    await page.getByRole('button', { name: t('notifications', 'sms.sendCode') }).click();
    const code = page.getByLabel(t('notifications', 'sms.code'));
    const right = await smsCode(e164);
    await page.getByRole('button', { name: t('notifications', 'sms.sendCode') }).click();
    await expectRefused(phone, t('errors', 'sms.code_too_soon'));
    await code.fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: t('notifications', 'sms.confirm') }).click();
    await expectRefused(code, t('errors', 'sms.code_mismatch'));
    await code.fill(right);
    await page.getByRole('button', { name: t('notifications', 'sms.confirm') }).click();

    const cutoff = page.getByRole('checkbox', { name: t('notifications', 'sms.event.drop_cutoff') });
    await expect(cutoff).not.toBeChecked();
    await cutoff.check();
    await page.getByLabel(t('notifications', 'sms.quietFrom')).fill('22:00');
    // Refused by the server: a quiet hour that is not a time of day (what an older page could send).
    const refused = await sendChangedOnce(page, 'PATCH', /\/api\/me\/sms$/, (body) => ({ ...body, quietTo: '25:00' }));
    await page.getByRole('button', { name: t('notifications', 'sms.save') }).click();
    expect(await refused.status()).toBe(400);
    await expectRefused(page.getByLabel(t('notifications', 'sms.quietTo')), t('notifications', 'sms.timeInvalid'));
    await page.getByRole('button', { name: t('notifications', 'sms.save') }).click();
    await expect(page.getByText(t('notifications', 'sms.saved'))).toBeVisible();

    await page.reload();
    await openSettings();
    await expect(page.getByText(e164)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: t('notifications', 'sms.event.drop_cutoff') })).toBeChecked();
    await expect(page.getByLabel(t('notifications', 'sms.quietFrom'))).toHaveValue('22:00');
  } finally {
    await deleteAccount(request, producer);
  }
});
