import { expect, oneViewportFor, test } from './support/test.ts';
import { apiLogin, prepareStorage, PRODUCER_EMAIL } from './support/session.ts';
import { expectRefused, sendChangedOnce } from './support/accounts.ts';

/**
 * The product form, by the piece and by weight, in Serbian (the default) and English: add, then
 * edit the price and save; a wrong field is refused beside it with the focus on it, by the form
 * and by the server (its refusal said in the page's language, src/web/lib/form.ts readRefusal);
 * the saved price reads back after a reload (docs/input-rules.md "Every form saves, or says why").
 */
const TEXT = {
  sr: {
    add: 'Додај производ', addTitle: 'Додај производ', editTitle: 'Измени производ', edit: (name: string) => `Измени ${name}`,
    name: 'Назив *', price: 'Цена (RSD) *', pricePerKg: 'Цена по кг (RSD) *', byWeight: 'На меру: цена по кг, купац поручује комаде',
    pieceWeight: 'Уобичајена тежина комада (кг) *', save: 'Сачувај', cancel: 'Откажи', created: 'Производ је додат', saved: 'Производ је сачуван',
    priceTooSmall: 'Цена мора бити већа од 0.', nameTooSmall: 'Назив мора имати најмање 2 знака.', decimal: (n: string) => n.replace('.', ','),
    description: 'Опис', descriptionTooBig: 'Опис може имати највише 2000 знакова.',
  },
  en: {
    add: 'Add Product', addTitle: 'Add Product', editTitle: 'Edit Product', edit: (name: string) => `Edit ${name}`,
    name: 'Name *', price: 'Price (RSD) *', pricePerKg: 'Price per kg (RSD) *', byWeight: 'By weight: price per kg, the buyer orders pieces',
    pieceWeight: 'Usual weight of a piece (kg) *', save: 'Save', cancel: 'Cancel', created: 'Product added', saved: 'Product saved',
    priceTooSmall: 'Price must be greater than 0.', nameTooSmall: 'Name must be at least 2 characters.', decimal: (n: string) => n,
    description: 'Description', descriptionTooBig: 'Description must be at most 2000 characters.',
  },
} as const;

for (const language of ['sr', 'en'] as const) {
  for (const pricing of ['unit', 'weight'] as const) {
    test(`product sold ${pricing === 'unit' ? 'by the piece' : 'by weight'} (${language}): add, refuse a wrong field, edit the price, read back`, async ({ page, request }, testInfo) => {
      oneViewportFor(language, testInfo.project.name);
      const t = TEXT[language];
      const session = await apiLogin(request, PRODUCER_EMAIL);
      await prepareStorage(page, { language, session });
      // The product made here is deleted at the end, even when a step fails: it has no picture
      // and would be the newest in the feed, which later journeys read.
      const name = `Forms ${pricing} ${language} ${testInfo.project.name} ${testInfo.repeatEachIndex} ${Date.now().toString(36)}`;
      try {
        const priceLabel = pricing === 'unit' ? t.price : t.pricePerKg;
        await page.goto('/producer/dashboard');

        await page.getByRole('button', { name: t.add }).first().click();
        let dialog = page.getByRole('dialog', { name: t.addTitle });
        await dialog.getByLabel(t.name).fill(name);
        if (pricing === 'weight') {
          await dialog.getByLabel(t.byWeight).check();
          await dialog.getByLabel(t.pieceWeight).fill(t.decimal('1.2'));
        }
        // Refused: price 0, the message beside the price, the focus on it, nothing saved.
        await dialog.getByLabel(priceLabel).fill('0');
        // Leave the field first: its message appears on leaving, and the Save below moves.
        await dialog.getByRole('heading', { name: t.addTitle }).click();
        await dialog.getByRole('button', { name: t.save }).click();
        await expect(dialog.getByText(t.priceTooSmall)).toBeVisible();
        await expect(dialog.getByLabel(priceLabel)).toBeFocused();
        await expect(dialog.getByLabel(priceLabel)).toHaveAttribute('aria-invalid', 'true');
        await dialog.getByLabel(priceLabel).fill(t.decimal('300.50'));
        await dialog.getByRole('button', { name: t.save }).click();
        await expect(page.getByText(t.created)).toBeVisible();
        await expect(dialog).toBeHidden();

        // Edit: refused with an empty name, then the new price saves.
        await page.getByRole('button', { name: t.edit(name) }).first().click();
        dialog = page.getByRole('dialog', { name: t.editTitle });
        // Money reads back to the para ("300,50", not "300,5").
        await expect(dialog.getByLabel(priceLabel)).toHaveValue(t.decimal('300.50'));
        await dialog.getByLabel(t.name).fill('');
        await dialog.getByRole('heading', { name: t.editTitle }).click();
        await dialog.getByRole('button', { name: t.save }).click();
        await expect(dialog.getByText(t.nameTooSmall)).toBeVisible();
        await expect(dialog.getByLabel(t.name)).toBeFocused();
        await dialog.getByLabel(t.name).fill(name);
        // Refused by the server: a description the form's check would stop, sent as an older page
        // could; its rule's message beside the field in the page's language, never the server's English.
        const refused = await sendChangedOnce(page, 'PATCH', /\/api\/products\//, (body) => ({ ...body, description: 'д'.repeat(2001) }));
        await dialog.getByRole('button', { name: t.save }).click();
        expect(await refused.status()).toBe(400);
        await expectRefused(dialog.getByLabel(t.description, { exact: true }), t.descriptionTooBig);
        await dialog.getByLabel(priceLabel).fill(t.decimal('420.75'));
        const patch = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/'));
        await dialog.getByRole('button', { name: t.save }).click();
        expect((await patch).status()).toBe(200);
        await expect(page.getByText(t.saved)).toBeVisible();
        await expect(dialog).toBeHidden();

        // Read back after a reload.
        await page.reload();
        await page.getByRole('button', { name: t.edit(name) }).first().click();
        dialog = page.getByRole('dialog', { name: t.editTitle });
        await expect(dialog.getByLabel(priceLabel)).toHaveValue(t.decimal('420.75'));
        if (pricing === 'weight') await expect(dialog.getByLabel(t.pieceWeight)).toHaveValue(t.decimal('1.2'));
      } finally {
        const headers = { authorization: `Bearer ${session.accessToken}` };
        const own = (await (await request.get('/api/producer/products', { headers })).json()) as { items: { id: string; name: string }[] };
        for (const made of own.items.filter((p) => p.name === name)) {
          expect((await request.delete(`/api/products/${made.id}`, { headers })).ok()).toBe(true);
        }
      }
    });
  }
}
