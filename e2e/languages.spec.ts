import path from 'node:path';
import { expect, test, type Page } from './support/test.ts';
import { BUYER_EMAIL, DEMO_PASSWORD, LANGUAGES, PRODUCER_EMAIL, settle, text, watchNetwork, type Language } from './support/session.ts';

/**
 * The journey of a buyer and a producer in each language on the phone (390x844), and in Serbian
 * Cyrillic (the longest words) and English on a desktop screen (1366x900): the language chosen in the header survives a reload; the feed, a
 * product (on a desktop screen name, price and basket button in the first screen), a search for
 * a town, the checkout, and the producer dashboard (tables on a desktop screen). Screenshots go to
 * test-results/screenshots/<language>-<project>-<page>.png for a person to look at.
 */
// A Serbian browser: the app starts in Serbian Cyrillic, and the visitor changes it.
test.use({ serviceWorkers: 'block', locale: 'sr-RS' });

const SESSION_KEYS = ['domace.user', 'domace.idToken', 'domace.accessToken', 'domace.refreshToken'];

async function shot(page: Page, language: Language, project: string, name: string, fullPage = false) {
  await settle(page);
  await page.screenshot({ path: path.join('test-results/screenshots', `${language}-${project}-${name}.png`), fullPage });
}

async function logIn(page: Page, language: Language, email: string) {
  await page.goto('/login');
  const form = page.locator('main form');
  await form.getByLabel(text(language, 'auth', 'fields.email')).fill(email);
  await form.getByLabel(text(language, 'auth', 'fields.password'), { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: text(language, 'auth', 'login.submit') }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Nothing wider than the screen (no sideways scrolling of the page). */
async function expectNoOverflow(page: Page, where: string) {
  const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: document.documentElement.clientWidth }));
  expect.soft(scrollWidth, `${where} is wider than the screen`).toBeLessThanOrEqual(width);
}

const DESKTOP_LANGUAGES: readonly Language[] = ['sr', 'en'];

for (const language of LANGUAGES) {
  test(`in ${language}: the choice survives a reload; feed, product, town search, checkout and the producer dashboard`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const project = testInfo.project.name;
    test.skip(project === 'desktop' && !DESKTOP_LANGUAGES.includes(language), 'desktop layout: Serbian Cyrillic and English');
    const viewport = page.viewportSize()!;
    const desktop = viewport.width >= 1024;
    watchNetwork(page);

    // The language, chosen as a visitor does: the picker in the header.
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('lang', 'sr');
    await page.getByLabel(text('sr', 'common', 'header.language')).selectOption(language);
    await expect(html).toHaveAttribute('lang', language);
    await page.reload();
    await expect(html).toHaveAttribute('lang', language);
    await expect(page.getByLabel(text(language, 'common', 'header.language'))).toHaveValue(language);
    const nav = page.getByRole('navigation', { name: text(language, 'common', 'nav.label') });
    await expect(nav.getByRole('link', { name: text(language, 'common', 'nav.feed') })).toBeVisible();
    await expect(page.locator('main a[href^="/product/"]').first()).toBeVisible();
    await expectNoOverflow(page, 'feed');
    await shot(page, language, project, 'feed');

    // A product: on a desktop screen its name, price and basket button are in the first screen.
    await page.locator('main a[href^="/product/"]').first().click();
    await expect(page).toHaveURL(/\/product\//);
    const name = page.getByRole('heading', { level: 1 });
    const price = page.getByTestId('product-price');
    const add = page.getByRole('button', { name: text(language, 'catalog', 'product.addToBasket'), exact: true });
    await expect(add).toBeEnabled();
    if (desktop) {
      for (const [what, locator] of [['name', name], ['price', price], ['add to basket', add]] as const) {
        const box = (await locator.boundingBox())!;
        expect(box.y + box.height, `${what} ends within the first screen`).toBeLessThanOrEqual(viewport.height);
      }
    }
    await expectNoOverflow(page, 'product');
    await shot(page, language, project, 'product');
    await add.click();

    // A town finds its producers' products.
    await page.goto('/search');
    await page.getByLabel(text(language, 'catalog', 'search.label')).fill('Leskovac');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expectNoOverflow(page, 'search');
    await shot(page, language, project, 'search');

    // The demo buyer's checkout. (That the seeded history starts read is src/server/db/seed/seed.test.ts's:
    // here other journeys on the same server may have notified the buyer already.)
    await logIn(page, language, BUYER_EMAIL);
    await page.goto('/checkout');
    await expect(page.locator('main form')).toBeVisible();
    await expectNoOverflow(page, 'checkout');
    await shot(page, language, project, 'checkout', true);

    // The demo producer: the dashboard, whose lists are tables on a desktop screen.
    await page.evaluate((keys) => { for (const key of keys) localStorage.removeItem(key); }, SESSION_KEYS);
    await logIn(page, language, PRODUCER_EMAIL);
    await expect(page).toHaveURL(/\/producer\/dashboard/);
    await expect(html).toHaveAttribute('lang', language);
    const products = desktop
      ? page.getByRole('table', { name: text(language, 'producer', 'products.title') }).getByRole('row')
      : page.getByRole('group');
    await expect(products.nth(1)).toBeVisible();
    if (desktop) {
      await expect(page.getByRole('table', { name: text(language, 'producer', 'products.title') }).getByRole('columnheader'))
        .toHaveCount(7);
    }
    await expectNoOverflow(page, 'dashboard');
    await shot(page, language, project, 'dashboard', true);

    await page.getByRole('tab', { name: text(language, 'producer', 'tabs.orders') }).click();
    const orders = page.locator('[data-testid="producer-order"]');
    await expect(orders.first()).toBeVisible();
    if (desktop) {
      const table = page.getByRole('table', { name: text(language, 'orders', 'producer.title') });
      await expect(table.getByRole('columnheader')).toHaveCount(6);
      await expect(table.getByRole('rowheader').first()).toBeVisible();
      await expect(table.getByRole('combobox').first()).toBeVisible();
    }
    await expectNoOverflow(page, 'dashboard orders');
    await shot(page, language, project, 'dashboard-orders', true);
  });
}
