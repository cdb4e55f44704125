import { expect, test, type Page } from './support/test.ts';
import { prepareStorage, text, type Language } from './support/session.ts';
import { deleteOwnProducer, ownProducer } from './support/own-producer.ts';

/**
 * The household tab's forms, each on a producer account of the journey's own (no seeded
 * household changes): profile, pickup points and hours, delivery, minimum order, IPS account,
 * papers, story. Each is refused with one wrong field (the message beside it, announced, the focus
 * on it), then saved, then read back after a reload; in Serbian and English
 * (docs/input-rules.md "Every form saves, or says why").
 */

/** The field is refused: invalid, described by a shown, announced message, and focused. */
async function refusedHere(page: Page, field: ReturnType<Page['getByLabel']>, message: string) {
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
}

for (const language of ['sr', 'en'] as const satisfies readonly Language[]) {
  const tx = (ns: string, key: string) => text(language, ns, key);
  const decimal = (n: string) => (language === 'en' ? n : n.replace('.', ','));

  test(`household forms (${language}): profile, pickup and hours, delivery, minimum order, IPS account, papers and story save or say why`, async ({ page, request }) => {
    // Seven forms, each refused, saved and read back: more than the default minute on a busy machine.
    test.setTimeout(420_000);
    const session = await ownProducer(request, `household-${language}`);
    try {
      await prepareStorage(page, { language, session });
      await page.goto('/producer/dashboard?tab=household');

      // Profile: an empty name is refused beside it; a new name saves and reads back.
      const name = page.getByLabel(tx('producer', 'household.name'));
      await name.fill('');
      // Leave the field first: its message appears on leaving, and the Save below moves.
      await page.getByRole('heading', { name: tx('producer', 'household.title') }).click();
      await page.getByRole('button', { name: tx('producer', 'household.save') }).click();
      await refusedHere(page, name, tx('producer', 'household.errors.name.too_small'));
      await name.fill(`Domaćinstvo ${language}`);
      await page.getByLabel(tx('producer', 'household.location')).fill('Čačak');
      await page.getByRole('button', { name: tx('producer', 'household.save') }).click();
      await expect(page.getByText(tx('producer', 'household.saved'))).toBeVisible();

      // Pickup point with hours (add): a window closing before it opens is refused beside it.
      const pickup = page.getByRole('form', { name: tx('logistics', 'settings.pickupTitle') });
      await pickup.getByRole('button', { name: tx('logistics', 'settings.addPoint') }).click();
      await pickup.getByLabel(tx('logistics', 'settings.pointName')).fill('Pijaca, tezga 3');
      await pickup.getByLabel(tx('logistics', 'settings.pointAddress')).fill('Trg 1, Čačak');
      await pickup.getByRole('button', { name: tx('logistics', 'settings.addHours') }).click();
      const closes = pickup.getByLabel(tx('logistics', 'settings.closes'), { exact: true });
      await closes.fill('07:00');
      // Delivery and the minimum order on the same form.
      await pickup.getByLabel(tx('logistics', 'settings.deliveryEnabled')).check();
      await pickup.getByLabel(tx('logistics', 'settings.areas')).fill('Čačak, Kraljevo');
      await pickup.getByLabel(tx('logistics', 'settings.fee')).fill(decimal('150.50'));
      await pickup.getByRole('group', { name: tx('logistics', 'settings.deliveryDays') }).getByRole('checkbox').first().check();
      await pickup.getByLabel(tx('logistics', 'settings.minimumOrder')).fill('800');
      await pickup.getByRole('button', { name: tx('logistics', 'settings.save'), exact: true }).click();
      await refusedHere(page, closes, tx('logistics', 'settings.errors.closes'));
      await closes.fill('13:00');
      await pickup.getByRole('button', { name: tx('logistics', 'settings.save'), exact: true }).click();
      await expect(page.getByText(tx('logistics', 'settings.saved'), { exact: true }).first()).toBeVisible();

      // Delivery fee (edit): not a number is refused beside it; the minimum order (edit) saves.
      const fee = pickup.getByLabel(tx('logistics', 'settings.fee'));
      await fee.fill('abc');
      await pickup.getByRole('button', { name: tx('logistics', 'settings.save'), exact: true }).click();
      await refusedHere(page, fee, tx('logistics', 'settings.invalidNumber').replace('{{example}}', decimal('450.50')));
      await fee.fill(decimal('200.50'));
      const minimum = pickup.getByLabel(tx('logistics', 'settings.minimumOrder'));
      await minimum.fill('-5');
      await pickup.getByRole('button', { name: tx('logistics', 'settings.save'), exact: true }).click();
      await refusedHere(page, minimum, tx('logistics', 'settings.invalidNumber').replace('{{example}}', decimal('450.50')));
      await minimum.fill('1000');
      const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/households/'));
      await pickup.getByRole('button', { name: tx('logistics', 'settings.save'), exact: true }).click();
      expect((await saved).status()).toBe(200);

      // IPS account: a wrong account is refused beside it; a right one saves.
      const payment = page.getByRole('form', { name: tx('logistics', 'settings.paymentTitle') });
      const account = payment.getByLabel(tx('logistics', 'settings.ipsAccount'));
      await account.fill('123-45');
      await payment.getByRole('button', { name: tx('logistics', 'settings.save'), exact: true }).click();
      await refusedHere(page, account, tx('logistics', 'settings.errors.ipsAccount'));
      await account.fill('840-955845-10');
      const paid = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/households/'));
      await payment.getByRole('button', { name: tx('logistics', 'settings.save'), exact: true }).click();
      expect((await paid).status()).toBe(200);

      // Papers: a BPG that is not 12 digits is refused beside it; the right one saves.
      const bpg = page.getByLabel(tx('papers', 'holdingNumber.label'));
      await bpg.fill('12345');
      await page.getByRole('button', { name: tx('papers', 'save') }).click();
      await refusedHere(page, bpg, tx('papers', 'errors.holdingNumber'));
      await bpg.fill('716402118735');
      await page.getByLabel(tx('papers', 'pib.label')).fill('108214561');
      await page.getByRole('button', { name: tx('papers', 'save') }).click();
      await expect(page.getByText(tx('papers', 'saved'))).toBeVisible();

      // Read back after a reload.
      await page.reload();
      // The household loads after the tab: on a busy machine that took more than 10 s once.
      await expect(page.getByLabel(tx('producer', 'household.name'))).toHaveValue(`Domaćinstvo ${language}`, { timeout: 30_000 });
      await expect(pickup.getByLabel(tx('logistics', 'settings.pointName'))).toHaveValue('Pijaca, tezga 3');
      await expect(pickup.getByLabel(tx('logistics', 'settings.closes'), { exact: true })).toHaveValue('13:00');
      await expect(pickup.getByLabel(tx('logistics', 'settings.fee'))).toHaveValue(decimal('200.50'));
      await expect(pickup.getByLabel(tx('logistics', 'settings.minimumOrder'))).toHaveValue('1000');
      await expect(payment.getByLabel(tx('logistics', 'settings.ipsAccount'))).toHaveValue(/^840\D?0*955845\D?10$/);
      await expect(page.getByLabel(tx('papers', 'holdingNumber.label'))).toHaveValue('716402118735');
      await expect(page.getByLabel(tx('papers', 'pib.label'))).toHaveValue('108214561');

      // Story: posting with no photo is refused beside the file field; with one it posts.
      await page.goto('/producer/dashboard?tab=stories');
      await page.getByRole('button', { name: tx('producer', 'stories.post') }).click();
      const file = page.getByLabel(tx('producer', 'stories.file'));
      await refusedHere(page, file, tx('producer', 'stories.fileMissing'));
      await file.setInputFiles('e2e/support/story.png');
      await page.getByLabel(tx('producer', 'stories.caption')).fill(`Priča ${language}`);
      await expect(page.getByRole('button', { name: tx('producer', 'stories.post') })).toBeEnabled();
      await page.getByRole('button', { name: tx('producer', 'stories.post') }).click();
      await expect(page.getByText(tx('producer', 'stories.posted'))).toBeVisible();
      await page.reload();
      await expect(page.getByText(`Priča ${language}`).first()).toBeVisible();
    } finally {
      // The account ends and its household is hidden: nothing of it stays public.
      await deleteOwnProducer(request, session);
    }
  });
}
