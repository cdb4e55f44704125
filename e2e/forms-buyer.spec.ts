import { randomUUID } from 'node:crypto';
import { expect, oneViewportFor, test, type APIRequestContext } from './support/test.ts';
import { apiLogin, prepareStorage, text, type StoredSession } from './support/session.ts';
import { bearer, deleteAccount, expectRefused, freshAccount } from './support/accounts.ts';
import { HOUSEHOLDS } from '../src/server/db/seed/data.ts';

/**
 * The buyer's forms, in Serbian (the default) and English (docs/input-rules.md "Every form saves,
 * or says why"): profile, saved address, review, report, order message, standing order (create,
 * skip, pause). Each is refused with one wrong field (its message beside it, announced, the focus
 * on it), saved with valid input, and read back after a reload. Every journey signs up a buyer of
 * its own and deletes it at the end (its reviews go with it); orders and standing orders it
 * placed are cancelled and reports it made are dismissed, so what later journeys read is unchanged.
 */
const LANGS = ['sr', 'en'] as const;
type Lang = (typeof LANGS)[number];
const OPERATOR = 'admin@domace.rs';

// An account signed up and a form worked through in a real browser, on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** A text of the app with its {{values}} filled in. */
function say(language: Lang, namespace: string, key: string, values: Record<string, string | number> = {}): string {
  return text(language, namespace, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

interface ApiProduct { id: string; name: string; householdId: string; householdName: string; price: number; availability: boolean; stock: number | null }

async function productOf(request: APIRequestContext, household: string, name?: string): Promise<ApiProduct> {
  const res = await request.get('/api/products?limit=100');
  expect(res.status()).toBe(200);
  const householdName = HOUSEHOLDS.find((h) => h.key === household)!.name;
  const found = ((await res.json()).items as ApiProduct[])
    .filter((p) => p.householdName === householdName && p.availability && (p.stock === null || p.stock >= 10))
    .find((p) => name === undefined || p.name === name);
  if (!found) throw new Error(`no product of ${household}`);
  return found;
}

const tag = (what: string, language: Lang, project: string) => `forms-${what}-${language}-${project}`;

for (const language of LANGS) {
  test(`profile and saved address (${language}): refused beside the field, saved, edited, read back`, async ({ page, request }, testInfo) => {
    oneViewportFor(language, testInfo.project.name);
    const buyer = await freshAccount(request, { tag: tag('profile', language, testInfo.project.name), language });
    const t = (ns: string, key: string, values?: Record<string, string | number>) => say(language, ns, key, values);
    try {
      await prepareStorage(page, { language, session: buyer });
      await page.goto('/profile');

      // Profile: a phone that is not one is refused beside it; then it saves.
      await page.getByRole('button', { name: t('profile', 'actions.editProfile') }).click();
      let dialog = page.getByRole('dialog', { name: t('profile', 'edit.title') });
      const phone = dialog.getByLabel(t('profile', 'fields.phone'));
      await phone.fill('not a phone');
      await dialog.getByRole('button', { name: t('profile', 'edit.save') }).click();
      await expectRefused(phone, t('profile', 'edit.invalidPhone'));
      await phone.fill('+381 64 555 1234');
      await dialog.getByLabel(t('profile', 'fields.location')).fill('Ваљево');
      await dialog.getByRole('button', { name: t('profile', 'edit.save') }).click();
      await expect(page.getByText(t('profile', 'edit.saved'))).toBeVisible();
      await expect(dialog).toBeHidden();

      await page.reload();
      await page.getByRole('button', { name: t('profile', 'actions.editProfile') }).click();
      dialog = page.getByRole('dialog', { name: t('profile', 'edit.title') });
      await expect(dialog.getByLabel(t('profile', 'fields.phone'))).toHaveValue(/5\D*5\D*5\D*1\D*2\D*3\D*4$/);
      await expect(dialog.getByLabel(t('profile', 'fields.location'))).toHaveValue('Ваљево');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // Saved address: add (refused without a name), then edit the address.
      await page.getByRole('button', { name: t('profile', 'actions.savedLocations') }).click();
      dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: t('saved', 'addresses.add') }).click();
      await dialog.getByLabel(t('saved', 'form.area'), { exact: true }).fill('Нови Сад');
      await dialog.getByLabel(t('saved', 'form.address'), { exact: true }).fill('Булевар ослобођења 1');
      await dialog.getByRole('button', { name: t('saved', 'form.save') }).click();
      await expectRefused(dialog.getByLabel(t('saved', 'form.label'), { exact: true }), t('saved', 'form.labelInvalid', { max: 40 }));
      await dialog.getByLabel(t('saved', 'form.label'), { exact: true }).fill('Кућа');
      await dialog.getByRole('button', { name: t('saved', 'form.save') }).click();
      await expect(dialog.getByTestId('saved-address')).toContainText('Булевар ослобођења 1');

      await dialog.getByRole('button', { name: t('saved', 'addresses.edit', { label: 'Кућа' }) }).click();
      await dialog.getByLabel(t('saved', 'form.address'), { exact: true }).fill('Булевар ослобођења 2');
      await dialog.getByRole('button', { name: t('saved', 'form.save') }).click();
      await expect(dialog.getByTestId('saved-address')).toContainText('Булевар ослобођења 2');

      await page.reload();
      await page.getByRole('button', { name: t('profile', 'actions.savedLocations') }).click();
      await expect(page.getByRole('dialog').getByTestId('saved-address')).toHaveCount(1);
      await expect(page.getByRole('dialog').getByTestId('saved-address')).toContainText('Булевар ослобођења 2');
    } finally {
      await deleteAccount(request, buyer);
    }
  });

  test(`review and report (${language}): refused beside the field, sent, read back`, async ({ page, request }, testInfo) => {
    oneViewportFor(language, testInfo.project.name);
    const buyer = await freshAccount(request, { tag: tag('review', language, testInfo.project.name), language });
    const t = (ns: string, key: string, values?: Record<string, string | number>) => say(language, ns, key, values);
    const product = await productOf(request, testInfo.project.name === 'phone' ? 'zlatibor' : 'sombor');
    const note = `Forms ${language} ${testInfo.project.name} ${randomUUID().slice(0, 8)}`;
    try {
      await prepareStorage(page, { language, session: buyer });
      await page.goto(`/product/${product.id}`);

      // Review: a comment too short is refused beside it; then it is sent and shows after a reload.
      await page.getByRole('button', { name: t('catalog', 'product.review'), exact: true }).click();
      let dialog = page.getByRole('dialog', { name: t('catalog', 'review.title') });
      await dialog.getByRole('radio', { name: new RegExp(`^4 `) }).click();
      const comment = dialog.getByLabel(t('catalog', 'review.comment'));
      await comment.fill('Кратко');
      await dialog.getByRole('button', { name: t('catalog', 'review.submit') }).click();
      await expectRefused(comment, t('catalog', 'review.commentTooShort', { min: 10 }));
      await comment.fill(`Одлично, ${note}`);
      await dialog.getByRole('button', { name: t('catalog', 'review.submit') }).click();
      await expect(page.getByText(t('catalog', 'review.submitted'))).toBeVisible();
      await expect(dialog).toBeHidden();
      await page.reload();
      await expect(page.getByRole('region', { name: t('catalog', 'product.reviews') }).or(page.locator('section[aria-labelledby="reviews-heading"]')).first()).toContainText(note);

      // Report: a note with a control character is refused beside it; then the report is sent.
      const actions = page.getByRole('button', { name: t('catalog', 'product.addToBasket'), exact: true }).locator('..');
      await actions.getByRole('button', { name: t('admin', 'report.action'), exact: true }).click();
      dialog = page.getByRole('dialog', { name: t('admin', 'report.title') });
      const noteField = dialog.getByLabel(t('admin', 'report.note'));
      await noteField.fill(`bad\u0007${note}`);
      await dialog.getByRole('button', { name: t('admin', 'report.send') }).click();
      await expectRefused(noteField, t('admin', 'report.noteInvalid'));
      await dialog.getByLabel(t('admin', 'report.reason')).selectOption('fake');
      await noteField.fill(note);
      await dialog.getByRole('button', { name: t('admin', 'report.send') }).click();
      await expect(page.getByText(t('admin', 'report.sent'))).toBeVisible();
      await expect(dialog).toBeHidden();
    } finally {
      // The operator reads the report back, then dismisses it: the queue stays as it was.
      const operator = await apiLogin(request, OPERATOR);
      const open = (await (await request.get('/api/admin/reports?status=open&limit=100', { headers: bearer(operator) })).json()) as { items: { id: string; note: string | null; reason: string; targetId: string }[] };
      const mine = open.items.filter((r) => r.note === note);
      for (const r of mine) expect((await request.post(`/api/admin/reports/${r.id}/resolve`, { headers: bearer(operator), data: { action: 'dismiss' } })).ok()).toBe(true);
      await deleteAccount(request, buyer);
      expect(mine.map((r) => [r.reason, r.targetId])).toEqual([['fake', product.id]]);
    }
  });

  test(`order message (${language}): refused beside the field, sent, read back`, async ({ page, request }, testInfo) => {
    oneViewportFor(language, testInfo.project.name);
    const buyer = await freshAccount(request, { tag: tag('message', language, testInfo.project.name), language });
    const t = (ns: string, key: string, values?: Record<string, string | number>) => say(language, ns, key, values);
    const orderId = await placePickupOrder(request, buyer, await productOf(request, 'leskovac'));
    const body = `Стижем у 10 — ${language} ${testInfo.project.name}`;
    try {
      await prepareStorage(page, { language, session: buyer });
      await page.goto(`/orders?order=${orderId}`);
      const conversation = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`).getByTestId('order-conversation');
      const field = conversation.getByLabel(t('messages', 'label'));
      await field.fill('я'.repeat(1001));
      await conversation.getByRole('button', { name: t('messages', 'send') }).click();
      await expectRefused(field, t('messages', 'tooLong', { max: 1000 }));
      await field.fill(body);
      await conversation.getByRole('button', { name: t('messages', 'send') }).click();
      await expect(conversation.getByTestId('message').last()).toContainText(body);
      await expect(field).toHaveValue('');
      await page.reload();
      const again = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`).getByTestId('order-conversation');
      const toggle = again.locator('button[aria-expanded]').first();
      await expect(toggle).toBeVisible();
      if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
      await expect(again.getByTestId('message').last()).toContainText(body);
    } finally {
      expect((await request.post(`/api/orders/${orderId}/cancel`, { headers: bearer(buyer) })).ok()).toBe(true);
      await deleteAccount(request, buyer);
    }
  });

  test(`standing order (${language}): created, skipped and paused, each refused beside a wrong field first, read back`, async ({ page, request }, testInfo) => {
    oneViewportFor(language, testInfo.project.name);
    const buyer = await freshAccount(request, { tag: tag('standing', language, testInfo.project.name), language });
    const t = (ns: string, key: string, values?: Record<string, string | number>) => say(language, ns, key, values);
    const tomatoes = await productOf(request, 'sombor', 'Paradajz');
    try {
      await prepareStorage(page, { language, session: buyer });
      await page.goto(`/product/${tomatoes.id}`);
      await page.getByRole('main').getByRole('button', { name: t('standing', 'create.open') }).click();
      const dialog = page.getByRole('dialog', { name: t('standing', 'create.title') });
      // Above the household's minimum order.
      await dialog.getByLabel(t('standing', 'quantityOf', { name: tomatoes.name })).fill('3');
      const phone = dialog.getByLabel(t('standing', 'create.phone'));
      await expect(phone).toHaveValue(/^\+381/);
      await phone.fill('');
      await dialog.getByRole('button', { name: t('standing', 'create.submit') }).click();
      await expectRefused(phone, t('standing', 'create.issues.phone'));
      await phone.fill('+381631239876');
      await dialog.getByRole('button', { name: t('standing', 'create.submit') }).click();
      await expect(dialog).toBeHidden();

      await page.goto('/orders');
      const card = page.getByTestId('standing-order-card');
      await expect(card).toHaveCount(1);
      // Skip the first coming date.
      const skipSelect = card.getByLabel(t('standing', 'skipLabel'));
      const skipped = await skipSelect.inputValue();
      await card.getByRole('button', { name: t('standing', 'skip'), exact: true }).click();
      await expect(card.getByText(new RegExp(`^${t('standing', 'skippedDates', { dates: '' })}`))).toBeVisible();
      // Pause: a day before today is refused beside the field; a day in a month pauses it.
      const pause = card.getByLabel(t('standing', 'pauseUntilLabel'));
      await pause.fill('2020-01-06');
      await card.getByRole('button', { name: t('standing', 'pause'), exact: true }).click();
      await expectRefused(pause, t('standing', 'pauseInvalid'));
      const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      await pause.fill(until);
      await card.getByRole('button', { name: t('standing', 'pause'), exact: true }).click();
      await expect(card.getByRole('status').filter({ hasText: t('standing', 'pausedUntil', { date: '' }).trim() })).toBeVisible();

      await page.reload();
      const own = (await (await request.get('/api/standing-orders', { headers: bearer(buyer) })).json()) as { items: { status: string; pausedUntil: string | null; skipDates: string[] }[] };
      expect(own.items).toEqual([expect.objectContaining({ status: 'paused', pausedUntil: until, skipDates: [skipped] })]);
      await expect(page.getByTestId('standing-order-card').getByText(new RegExp(`^${t('standing', 'skippedDates', { dates: '' })}`))).toBeVisible();
      await expect(page.getByTestId('standing-order-card').getByRole('status')).toContainText(t('standing', 'pausedUntil', { date: '' }).trim());
    } finally {
      const own = (await (await request.get('/api/standing-orders', { headers: bearer(buyer) })).json()) as { items: { id: string; status: string }[] };
      for (const s of own.items.filter((x) => x.status !== 'cancelled')) expect((await request.delete(`/api/standing-orders/${s.id}`, { headers: bearer(buyer) })).ok()).toBe(true);
      await deleteAccount(request, buyer);
    }
  });
}

/** An order for pickup at the product's household, placed through the API (as e2e/messages.spec.ts does). */
async function placePickupOrder(request: APIRequestContext, buyer: StoredSession, product: ApiProduct): Promise<string> {
  const quantity = Math.min(10, Math.max(1, Math.ceil(1000 / product.price)));
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const res = await request.post('/api/orders', {
    headers: { ...bearer(buyer), 'idempotency-key': randomUUID() },
    data: { items: [{ productId: product.id, quantity }], deliveryType: 'pickup', pickupDate: day, pickupTime: '10:00', contactPhone: '+381641234567' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { orders: { id: string }[] }).orders[0]!.id;
}
