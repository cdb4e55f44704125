import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { apiLogin, prepareStorage } from './support/session.ts';

/**
 * The operator console: a buyer reports a product from its page; the demo operator
 * signs in, opens the console from the profile, hides the product from the reports queue and
 * restores it, promotes a product until a date, suspends and reinstates a household and a
 * user, and finds every action in the audit log and the stats.
 */
const OPERATOR = { email: 'admin@domace.rs', password: 'domace-demo' };
const REPORTER = 'stefan@domace.rs';

interface ApiProduct { id: string; name: string; householdId: string; householdName: string; description: string; promoted: boolean }

async function products(request: APIRequestContext, query = ''): Promise<ApiProduct[]> {
  return ((await (await request.get(`/api/products${query}`)).json()) as { items: ApiProduct[] }).items;
}

async function logInAsOperator(page: Page) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('domace.language')) localStorage.setItem('domace.language', 'en');
  });
  await page.goto('/login');
  const form = page.locator('main form');
  await form.getByLabel('Email').fill(OPERATOR.email);
  await form.getByLabel('Password').fill(OPERATOR.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test('an operator works the console: report -> hide -> restore, promotion, household and user suspension, audit, stats', async ({ browser, page, request }, testInfo) => {
  const pick = testInfo.project.name === 'phone' ? 0 : 1;
  const all = await products(request, '?limit=30');
  const reported = all[pick]!;
  // One that is not promoted yet (its row offers Promote), and not the reported one.
  const promoted = all.filter((p) => !p.promoted && p.id !== reported.id)[pick + 2]!;

  // A buyer reports the product from its page.
  const reporterSession = await apiLogin(request, REPORTER);
  const buyerContext = await browser.newContext({ ...testInfo.project.use });
  const buyerPage = await buyerContext.newPage();
  await prepareStorage(buyerPage, { language: 'en', session: reporterSession });
  await buyerPage.goto(`/product/${reported.id}`);
  await expect(buyerPage.getByRole('heading', { name: reported.name })).toBeVisible();
  // The product's own Report button, in the row of its actions (each review has one too).
  const productActions = buyerPage.getByRole('button', { name: 'Add to basket', exact: true }).locator('..');
  await productActions.getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = buyerPage.getByRole('dialog', { name: 'Report' });
  await dialog.getByLabel('Reason').selectOption('fake');
  await dialog.getByLabel('Note (optional)').fill('Not home-made at all');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(buyerPage.getByText('Thank you, the report was sent.')).toBeVisible();
  await buyerContext.close();

  // A buyer has no console.
  await logInAsOperator(page);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Operator console' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Operator console' })).toBeVisible();

  // Reports: the reported text is shown; hide takes the product off the public answers; restore brings it back.
  await page.getByRole('tab', { name: 'Reports' }).click();
  const report = page.getByRole('listitem', { name: reported.name });
  await expect(report.getByText('Not home-made at all', { exact: false })).toBeVisible();
  if (reported.description) await expect(report.getByText(reported.description.slice(0, 20), { exact: false })).toBeVisible();
  await report.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByText('No reports.')).toBeVisible();
  await expect.poll(async () => (await request.get(`/api/products/${reported.id}`)).status()).toBe(404);
  await page.getByRole('button', { name: 'Resolved' }).click();
  const resolved = page.getByRole('listitem', { name: reported.name }).first();
  await expect(resolved.getByText('Hidden')).toBeVisible();
  await resolved.getByRole('button', { name: 'Restore' }).click();
  await expect.poll(async () => (await request.get(`/api/products/${reported.id}`)).status()).toBe(200);

  // Promotions with an end date.
  await page.getByRole('tab', { name: 'Promotions' }).click();
  await page.getByRole('searchbox', { name: 'Search products' }).fill(promoted.name);
  const row = page.getByRole('listitem', { name: promoted.name }).first();
  await row.getByLabel('End date').fill('2099-12-31');
  await row.getByRole('button', { name: 'Promote' }).click();
  await expect(row.getByText('until 2099-12-31')).toBeVisible();
  await expect.poll(async () => (await products(request, '?promoted=true&limit=100')).map((p) => p.id)).toContain(promoted.id);
  await row.getByRole('button', { name: 'End promotion' }).click();
  await expect.poll(async () => (await products(request, '?promoted=true&limit=100')).map((p) => p.id)).not.toContain(promoted.id);

  // Producers: suspend a household with a reason (it vanishes), then reinstate it.
  await page.getByRole('tab', { name: 'Producers' }).click();
  await page.getByRole('button', { name: 'Approved' }).click();
  const household = page.getByRole('listitem', { name: promoted.householdName });
  await household.getByRole('textbox', { name: `Reason for ${promoted.householdName}` }).fill('Checking the papers');
  await household.getByRole('button', { name: 'Suspend' }).click();
  await expect.poll(async () => (await request.get(`/api/households/${promoted.householdId}`)).status()).toBe(404);
  await page.getByRole('button', { name: 'Suspended' }).click();
  await page.getByRole('listitem', { name: promoted.householdName }).getByRole('button', { name: 'Reinstate' }).click();
  await expect.poll(async () => (await request.get(`/api/households/${promoted.householdId}`)).status()).toBe(200);

  // Users: a suspended user's token stops working at once; reinstated, they log in again.
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Search by e-mail or name' }).fill(REPORTER);
  const user = page.getByRole('listitem', { name: REPORTER });
  await user.getByRole('button', { name: 'Suspend' }).click();
  await expect(user.getByText('Suspended')).toBeVisible();
  await expect.poll(async () => (await request.get('/api/me', { headers: { authorization: `Bearer ${reporterSession.accessToken}` } })).status()).toBe(401);
  expect((await request.post('/api/auth/login', { data: { email: REPORTER, password: 'domace-demo' } })).status()).toBe(403);
  await user.getByRole('button', { name: 'Reinstate' }).click();
  await expect(user.getByText('Suspended')).toHaveCount(0);
  expect((await request.post('/api/auth/login', { data: { email: REPORTER, password: 'domace-demo' } })).status()).toBe(200);

  // The audit log has every action; the stats show the 30 days.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  for (const action of ['report.hide', 'content.restore', 'product.promote', 'product.unpromote', 'producer.suspend', 'producer.reinstate', 'user.suspend', 'user.reinstate']) {
    await expect(page.getByRole('cell', { name: action }).first()).toBeVisible();
  }
  await page.getByRole('tab', { name: 'Stats' }).click();
  await expect(page.getByText('Revenue')).toBeVisible();
  await expect(page.getByText('cancelled orders not counted')).toBeVisible();
});

test('a buyer at /admin is told the console is for operators', async ({ page, request }) => {
  await prepareStorage(page, { language: 'en', session: await apiLogin(request, 'jelena@domace.rs') });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Operators only' })).toBeVisible();
});
