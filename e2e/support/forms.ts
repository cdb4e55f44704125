import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect } from './test.ts';
import { apiLogin, DEMO_PASSWORD, prepareStorage, text, type Language, type StoredSession } from './session.ts';

/**
 * Shared steps of the form journeys (e2e/forms-*.spec.ts): one journey per form saves with
 * valid input, is refused with one wrong field (the message beside it, focus on it, nothing
 * sent) and reads back after a reload. Serbian on the phone project, English on the desktop
 * one, so both languages run without doubling the suite.
 */

export const OPERATOR_EMAIL = 'admin@domace.rs';

/** The language a journey runs in: Serbian (the default) on the phone, English on the desktop. */
export function languageOf(testInfo: TestInfo): Language {
  return testInfo.project.name === 'phone' ? 'sr' : 'en';
}

/** A text of the web app in the journey's language (locales/<language>/<namespace>.json). */
export function textIn(language: Language, namespace: string, key: string, values: Record<string, string | number> = {}): string {
  return text(language, namespace, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** An address nobody else in the run uses (the server's data lives for the whole run). */
export function uniqueEmail(kind: string, testInfo: TestInfo): string {
  return `${kind}-${testInfo.project.name}-${testInfo.repeatEachIndex}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@e2e.rs`;
}

function outboxDir(): string {
  const note = path.join(os.tmpdir(), `domace-e2e-${process.env.E2E_PORT ?? '3100'}.datadir`);
  return path.join(fs.readFileSync(note, 'utf8').trim(), 'outbox');
}

/** A mail's body as text: parts in base64 (a mail in Cyrillic) decoded. */
function bodyText(raw: string): string {
  const body = raw.split(/\r?\n\r?\n/).slice(1).join('\n');
  const decoded = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)]
    .map((m) => Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'));
  const unquoted = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return [body, unquoted, ...decoded].join('\n');
}

/** The 6-digit code of the newest mail to `email` (DATA_DIR/outbox; no SMTP_URL in e2e). */
async function mailedCode(email: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const dir = outboxDir();
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse() : [];
    for (const file of files) {
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
      const match = /:\s*(\d{6})\b/.exec(bodyText(raw));
      if (match?.[1]) return match[1];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code mailed to ${email}`);
}

let operator: StoredSession | null = null;

/** The demo operator's session, logged in once per file (the login is rate-limited per account). */
export async function operatorSession(request: APIRequestContext): Promise<StoredSession> {
  operator ??= await apiLogin(request, OPERATOR_EMAIL);
  return operator;
}

export function bearer(session: StoredSession): Record<string, string> {
  return { authorization: `Bearer ${session.accessToken}` };
}

/**
 * A new confirmed account of its own (signed up and confirmed through the API), so a journey
 * never edits what another journey or the sample data reads. A producer's household is
 * approved by the operator unless `approve` is false.
 */
export async function newAccount(
  request: APIRequestContext,
  testInfo: TestInfo,
  { userType, name, approve = true }: { userType: 'customer' | 'producer'; name: string; approve?: boolean },
): Promise<StoredSession> {
  const email = uniqueEmail(userType === 'producer' ? 'farm' : 'buyer', testInfo);
  const signup = await request.post('/api/auth/signup', { data: { email, password: DEMO_PASSWORD, name, userType, language: languageOf(testInfo) } });
  if (!signup.ok()) throw new Error(`signup ${email}: ${signup.status()} ${await signup.text()}`);
  const code = await mailedCode(email);
  const confirmed = await request.post('/api/auth/confirm-signup', { data: { email, code } });
  if (!confirmed.ok()) throw new Error(`confirm ${email}: ${confirmed.status()} ${await confirmed.text()}`);
  const session = await apiLogin(request, email);
  if (userType === 'producer' && approve) {
    const res = await request.post(`/api/admin/producers/${session.user.id}/approve`, { headers: bearer(await operatorSession(request)), data: {} });
    if (!res.ok()) throw new Error(`approve ${email}: ${res.status()} ${await res.text()}`);
  }
  return session;
}

/** Opens `path` signed in as `session`, in the journey's language. */
export async function openAs(page: Page, session: StoredSession, language: Language, url: string): Promise<void> {
  await prepareStorage(page, { language, session });
  await page.goto(url);
}

/**
 * Records the API writes (every method but GET/HEAD) the page sends while `action` runs and
 * shortly after, so a refused submit can be shown to have sent nothing.
 */
export async function writesDuring(page: Page, action: () => Promise<void>): Promise<string[]> {
  const writes: string[] = [];
  const listener = (request: { method(): string; url(): string }) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && !['GET', 'HEAD'].includes(request.method()) && url.pathname !== '/api/vitals') {
      writes.push(`${request.method()} ${url.pathname}`);
    }
  };
  page.on('request', listener);
  try {
    await action();
    await page.waitForTimeout(300);
  } finally {
    page.off('request', listener);
  }
  return writes;
}

/** The visible texts that describe a field (its aria-describedby elements), one per element. */
async function descriptions(field: Locator): Promise<string[]> {
  return field.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean).flatMap((id) => {
    const node = document.getElementById(id);
    if (!node || !(node instanceof HTMLElement) || node.offsetParent === null) return [];
    return [node.innerText.trim()];
  }));
}

/**
 * The rule of every form: the refused field is marked invalid, a message is visible and tied to
 * it (aria-describedby, what a screen reader reads with the field), and focus is on it. `before`
 * holds the field's descriptions before the submit (a hint), which do not count as the message.
 */
export async function expectRefused(field: Locator, message: string | RegExp, before: string[] = []): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const pattern = typeof message === 'string' ? new RegExp(escapeRegExp(message)) : message;
  await expect.poll(async () => (await descriptions(field)).filter((d) => !before.includes(d)).join(' | '), { message: 'a new message beside the field, tied to it' }).toMatch(pattern);
  await expect(field).toHaveAccessibleDescription(pattern);
  await expect(field).toBeFocused();
}

/**
 * A refused submit: the rule above holds, and no write left the page; with `server` the server
 * may be the one that refuses (one request; the journey then shows nothing changed after a reload).
 */
export async function submitRefused(
  page: Page, submit: () => Promise<void>, field: Locator, message: string | RegExp, { server = false }: { server?: boolean } = {},
): Promise<void> {
  const before = await descriptions(field);
  const writes = await writesDuring(page, async () => {
    await submit();
    await expectRefused(field, message, before);
  });
  // The pointer leaves the button, as a finger does: a toast under it stays while hovered.
  await page.mouse.move(0, 0);
  if (server) expect(writes.length, 'refused in the browser or by the server, once').toBeLessThanOrEqual(1);
  else expect(writes, 'a refused submit sends nothing').toEqual([]);
}

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface NewProduct { id: string; name: string; householdId: string }

/** A product of the journey's own producer (POST /api/products), so a review or order touches no sample product. */
export async function newProduct(
  request: APIRequestContext,
  producer: StoredSession,
  body: { name: string; price: number; unit?: string; category?: string; stock?: number | null; pricing?: 'unit' | 'weight'; pieceWeight?: number | null },
): Promise<NewProduct> {
  const res = await request.post('/api/products', {
    headers: bearer(producer),
    data: { unit: 'pc', category: 'dairy', stock: 50, description: '', ...body },
  });
  if (!res.ok()) throw new Error(`POST /api/products: ${res.status()} ${await res.text()}`);
  const product = (await res.json()) as NewProduct;
  return { id: product.id, name: product.name, householdId: product.householdId };
}

/** PATCH /api/households/:id as its producer (pickup points, delivery, payment), the set-up of a journey. */
export async function setUpHousehold(request: APIRequestContext, producer: StoredSession, body: Record<string, unknown>): Promise<void> {
  const res = await request.patch(`/api/households/${producer.user.id}`, { headers: bearer(producer), data: body });
  if (!res.ok()) throw new Error(`PATCH household: ${res.status()} ${await res.text()}`);
}

/** Pickup every day 08:00–18:00 at one point, cash and an IPS account: a household buyers can order from at once. */
export const OPEN_EVERY_DAY = {
  pickupPoints: [{
    name: 'Dvorište', address: 'Glavna 1',
    hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '08:00', closes: '18:00' })),
  }],
  payment: { cash: true, ipsAccount: '840-955845-10' },
};

/** An order of `quantity` of `product` to pick up at the household's first slot (POST /api/orders). */
export async function placeOrder(
  request: APIRequestContext,
  buyer: StoredSession,
  product: NewProduct,
  { quantity = 1, paymentMethod = 'cash' }: { quantity?: number; paymentMethod?: 'cash' | 'ips_qr' } = {},
): Promise<{ id: string; number: string | number }> {
  const slots = (await (await request.get(`/api/households/${product.householdId}/slots`)).json()) as { pickup: { pickupPointId: string; date: string; opens: string }[] };
  const slot = slots.pickup.find((s) => s.date > new Date().toISOString().slice(0, 10));
  if (!slot) throw new Error('the household has no pickup slot');
  const res = await request.post('/api/orders', {
    headers: { ...bearer(buyer), 'idempotency-key': `${buyer.user.id}-${Date.now()}-${Math.random()}` },
    data: {
      items: [{ productId: product.id, quantity }],
      contactPhone: '+381641234567',
      households: [{ householdId: product.householdId, deliveryType: 'pickup', pickupPointId: slot.pickupPointId, date: slot.date, time: slot.opens, paymentMethod }],
    },
  });
  if (res.status() !== 201) throw new Error(`checkout failed: ${res.status()} ${await res.text()}`);
  const order = ((await res.json()) as { orders: { id: string; number: string | number }[] }).orders[0]!;
  return order;
}
