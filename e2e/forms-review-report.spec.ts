import { expect, test } from './support/test.ts';
import { bearer, languageOf, newAccount, newProduct, openAs, operatorSession, submitRefused, textIn } from './support/forms.ts';

/**
 * A buyer's review and report of a product, each on a new producer's own new product (the
 * sample products' ratings are read by other journeys) and a new buyer. Serbian on the phone,
 * English on the desktop.
 */

test('review: a too short review refused beside the field, written, read back after a reload, edited', async ({ page, request }, testInfo) => {
  test.fixme(true, 'The form breaks the rule (focus and message beside the field), pending the shared form helper: the short review’s message is not tied to the field (aria-describedby names only the counter) and focus stays on Submit');
  const lang = languageOf(testInfo);
  const t = (key: string, values?: Record<string, string | number>) => textIn(lang, 'catalog', key, values);
  const producer = await newAccount(request, testInfo, { userType: 'producer', name: 'Recenzija Gazdinstvo' });
  const product = await newProduct(request, producer, { name: `Сир за оцену ${testInfo.project.name}`, price: 800 });
  const buyer = await newAccount(request, testInfo, { userType: 'customer', name: 'Купац Оцена' });
  await openAs(page, buyer, lang, `/product/${product.id}`);
  const dialog = page.getByRole('dialog', { name: t('review.title') });
  const comment = dialog.getByLabel(t('review.comment'));

  await page.getByRole('button', { name: t('product.review') }).click();
  await dialog.getByRole('radiogroup', { name: t('review.rating') }).getByRole('radio').nth(3).click();
  await comment.fill('Добар.');
  await submitRefused(page, () => dialog.getByRole('button', { name: t('review.submit') }).click(), comment, t('review.commentTooShort', { min: 10 }));
  await comment.fill('Благ, масан таман колико треба.');
  await dialog.getByRole('button', { name: t('review.submit') }).click();
  await expect(page.getByText(t('review.submitted'))).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  const reviews = page.getByRole('region', { name: t('product.reviews') });
  await expect(reviews.getByText('Благ, масан таман колико треба.')).toBeVisible();

  // Writing again edits the review: the dialog starts from it.
  await page.getByRole('button', { name: t('product.review') }).click();
  await expect(comment).toHaveValue('Благ, масан таман колико треба.');
  await dialog.getByRole('radiogroup', { name: t('review.rating') }).getByRole('radio').nth(4).click();
  await comment.fill('Најбољи сир који сам пробала ове године.');
  await dialog.getByRole('button', { name: t('review.submit') }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(reviews.getByText('Најбољи сир који сам пробала ове године.')).toBeVisible();
  await expect(reviews.getByText('Благ, масан таман колико треба.')).toHaveCount(0);
});

test('report: a note with a forbidden character refused beside the field, the report sent and in the operators\' queue', async ({ page, request }, testInfo) => {
  test.fixme(true, 'The form breaks the rule (focus and message beside the field), pending the shared form helper: the server’s refusal of the note is told only in a toast, not beside the field');
  const lang = languageOf(testInfo);
  const t = (key: string) => textIn(lang, 'admin', key);
  const producer = await newAccount(request, testInfo, { userType: 'producer', name: 'Prijava Gazdinstvo' });
  const product = await newProduct(request, producer, { name: `Сумњив сир ${testInfo.project.name}`, price: 700 });
  const buyer = await newAccount(request, testInfo, { userType: 'customer', name: 'Купац Пријава' });
  await openAs(page, buyer, lang, `/product/${product.id}`);
  // The product's own Report button, in the row of its actions.
  const actions = page.getByRole('button', { name: textIn(lang, 'catalog', 'product.addToBasket'), exact: true }).locator('..');
  const dialog = page.getByRole('dialog', { name: t('report.title') });
  const note = dialog.getByLabel(t('report.note'));

  await actions.getByRole('button', { name: t('report.action'), exact: true }).click();
  await dialog.getByLabel(t('report.reason')).selectOption('fake');
  await note.fill('Није домаће\u0007');
  await submitRefused(page, () => dialog.getByRole('button', { name: t('report.send') }).click(), note, lang === 'en' ? /not allowed/ : /[\u0400-\u04FF]{3}/, { server: true });
  const queue = async () => {
    const res = await request.get('/api/admin/reports?status=open&limit=100', { headers: bearer(await operatorSession(request)) });
    return ((await res.json()) as { items: { targetId: string; note: string | null }[] }).items.filter((r) => r.targetId === product.id);
  };
  expect(await queue()).toEqual([]);

  await note.fill('Није домаће, фабричко паковање.');
  await dialog.getByRole('button', { name: t('report.send') }).click();
  await expect(page.getByText(t('report.sent'))).toBeVisible();
  await expect(dialog).toBeHidden();
  // Read back: the operators' queue has it, after the buyer's page is reloaded too.
  await page.reload();
  await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
  await expect.poll(async () => (await queue()).map((r) => r.note)).toEqual(['Није домаће, фабричко паковање.']);
});
