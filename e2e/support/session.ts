import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { toSerbianLatin } from '../../src/shared/serbian-latin.ts';

/** Demo accounts of the seed (src/server/db/seed/data.ts): one buyer, one producer. */
export const DEMO_PASSWORD = 'domace-demo';
export const BUYER_EMAIL = 'kupac@domace.rs';
export const PRODUCER_EMAIL = 'leskovac@domace.rs';

export const LANGUAGES = ['sr', 'sr-Latn', 'en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/** What the web app keeps in localStorage for a session (features/auth/lib/session-store.ts). */
export interface StoredSession {
  user: { id: string; email: string; name: string; userType: 'customer' | 'producer' };
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

function decodeJwtPayload(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Logs in through the API (no form), the way the app stores the answer. */
export async function apiLogin(request: APIRequestContext, email: string): Promise<StoredSession> {
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  if (!res.ok()) throw new Error(`login ${email} failed: ${res.status()} ${await res.text()}`);
  const tokens = (await res.json()) as { idToken: string; accessToken: string; refreshToken: string };
  const claims = decodeJwtPayload(tokens.idToken);
  return {
    user: {
      id: String(claims.sub),
      email: String(claims.email),
      name: String(claims.name ?? ''),
      userType: claims['custom:userType'] === 'producer' ? 'producer' : 'customer',
    },
    idToken: tokens.idToken,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
  };
}

/**
 * Before every page load of `page`: the language choice, and optionally a signed-in session
 * and basket lines, written to localStorage as the app itself writes them.
 */
export async function prepareStorage(
  page: Page,
  { language, session, basket }: { language?: Language; session?: StoredSession | null; basket?: unknown[] },
): Promise<void> {
  await page.addInitScript(
    ({ language, session, basket }) => {
      if (language) localStorage.setItem('domace.language', language);
      if (session) {
        localStorage.setItem('domace.user', JSON.stringify(session.user));
        localStorage.setItem('domace.idToken', session.idToken);
        localStorage.setItem('domace.accessToken', session.accessToken);
        localStorage.setItem('domace.refreshToken', session.refreshToken);
      }
      if (basket && localStorage.getItem('domace.basket') === null) localStorage.setItem('domace.basket', JSON.stringify(basket));
    },
    { language, session: session ?? null, basket: basket ?? null },
  );
}

/** Ids for the pages with a parameter, read from the seeded API. */
export interface SampleIds {
  product: Record<string, unknown> & { id: string; householdId: string };
  buyerId: string;
}

export async function sampleIds(request: APIRequestContext, buyer: StoredSession): Promise<SampleIds> {
  const res = await request.get('/api/products?limit=1');
  if (!res.ok()) throw new Error(`GET /api/products failed: ${res.status()}`);
  const { items } = (await res.json()) as { items: SampleIds['product'][] };
  if (!items[0]) throw new Error('the seed has no products');
  return { product: items[0], buyerId: buyer.user.id };
}

type LocaleTree = { [key: string]: string | LocaleTree };

/** A text of the web app (locales/<language>/<namespace>.json, dotted key), so specs assert what users read. */
export function text(language: Language, namespace: string, key: string): string {
  // Serbian Latin is made from the Cyrillic files when the app is built.
  if (language === 'sr-Latn') return toSerbianLatin(text('sr', namespace, key));
  const file = path.resolve('src/web/locales', language, `${namespace}.json`);
  let node: string | LocaleTree = JSON.parse(fs.readFileSync(file, 'utf8')) as LocaleTree;
  for (const part of key.split('.')) {
    if (typeof node === 'string' || !(part in node)) throw new Error(`no text ${language}/${namespace}:${key}`);
    node = node[part]!;
  }
  if (typeof node !== 'string') throw new Error(`${language}/${namespace}:${key} is not a text`);
  return node;
}

/** test-results/screens/<name>-<project>.png: the last screen of a journey, kept as an artefact. */
export async function saveScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: path.join('test-results/screens', `${name}-${testInfo.project.name}.png`), fullPage: false });
}

const inflight = new WeakMap<Page, Set<unknown>>();

/** Counts the page's requests in flight, so `settle` can wait for a quiet network quickly. */
function track(page: Page): Set<unknown> {
  let pending = inflight.get(page);
  if (!pending) {
    const set = new Set<unknown>();
    page.on('request', (request) => set.add(request));
    page.on('requestfinished', (request) => set.delete(request));
    page.on('requestfailed', (request) => set.delete(request));
    inflight.set(page, set);
    pending = set;
  }
  return pending;
}

/**
 * Waits until the page has its content: loaded, no request in flight for `quietMs`
 * (shorter than Playwright's 500 ms networkidle), no spinner or skeleton left.
 */
export async function settle(page: Page, quietMs = 200): Promise<void> {
  const pending = track(page);
  await page.waitForLoadState('load');
  const deadline = Date.now() + 10_000;
  let quietSince = pending.size === 0 ? Date.now() : 0;
  while (Date.now() < deadline) {
    await page.waitForTimeout(50);
    if (pending.size > 0) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) break;
  }
  await page
    .locator('[aria-busy="true"], [data-slot="skeleton"], [role="status"] svg.animate-spin')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
}

/** Starts counting requests before the first navigation (call once per page). */
export function watchNetwork(page: Page): void {
  track(page);
}
