import { expect, test } from './support/test.ts';
import { bearer, escapeRegExp, languageOf, newAccount, newProduct, openAs, OPEN_EVERY_DAY, placeOrder, setUpHousehold, submitRefused, textIn } from './support/forms.ts';

/**
 * The producer's bank statement import (docs/payments.md), on a new producer's own IPS order:
 * a file that is not a statement refused beside the file field, then the statement marks the
 * order paid, read back after a reload. Serbian on the phone, English on the desktop.
 */

test('statement import: a file that is not a statement refused beside the field; the statement pays the order, read back after a reload', async ({ page, request }, testInfo) => {
  test.fixme(true, 'The form breaks the rule (focus and message beside the field), pending the shared form helper: the refused file is told in a box under the form, not tied to the file field (no aria-invalid), and focus stays on Import');
  const lang = languageOf(testInfo);
  const t = (key: string, values?: Record<string, string | number>) => textIn(lang, 'payments', key, values);
  const producer = await newAccount(request, testInfo, { userType: 'producer', name: 'Izvod Gazdinstvo' });
  await setUpHousehold(request, producer, OPEN_EVERY_DAY);
  const product = await newProduct(request, producer, { name: `Мед за извод ${testInfo.project.name}`, price: 1234.5 });
  const buyer = await newAccount(request, testInfo, { userType: 'customer', name: 'Купац Извод' });
  const placed = await placeOrder(request, buyer, product, { paymentMethod: 'ips_qr' });
  const order = (await (await request.get(`/api/orders/${placed.id}`, { headers: bearer(buyer) })).json()) as { number: number; payment: { ips: { payload: string } | null } };
  const reference = /\|RO:(\d+)/.exec(order.payment.ips!.payload)![1]!;

  await openAs(page, producer, lang, '/producer/payments');
  const file = page.getByLabel(t('file'));
  await file.setInputFiles({ name: 'izvod.csv', mimeType: 'text/csv', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x00, 0x0d]) });
  await submitRefused(page, () => page.getByRole('button', { name: t('import') }).click(), file, lang === 'en' ? /[A-Za-z]{3}/ : /[\u0400-\u04FF]{3}/, { server: true });

  const csv = `Datum;Iznos;Platilac;Poziv na broj\n28.11.2026;1.234,50;Купац Извод;${reference}\n`;
  await file.setInputFiles({ name: 'izvod.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: t('import') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('result.summary', { matched: 1, unmatched: 0 }) })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(t('result.matched', { number: order.number }));

  // Read back: after a reload the order is paid on the producer's board and for the buyer.
  await page.goto('/producer/dashboard?tab=orders');
  await page.reload();
  // The producer's only order: "Mark unpaid" (in the table, with its number) instead of "Mark paid".
  await expect(page.getByRole('button', { name: new RegExp(`^${escapeRegExp(textIn(lang, 'logistics', 'order.markUnpaid'))}`) }).first()).toBeVisible();
  const after = (await (await request.get(`/api/orders/${placed.id}`, { headers: bearer(buyer) })).json()) as { payment: { status: string } };
  expect(after.payment.status).toBe('paid');
});
