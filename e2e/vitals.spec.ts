import { expect, test } from '@playwright/test';
import { text } from './support/session.ts';

/**
 * Field data (src/web/lib/vitals.ts, docs/decisions/0029-start-after-load.md): a sampled visit
 * reports its Core Web Vitals once, when the page is hidden, and the server counts them in the
 * histograms of /metrics under the page's kind.
 */
test.use({ locale: 'en-US' });

test('a sampled visit of the feed reports its vitals when hidden, and /metrics counts them for the feed', async ({ page, request }) => {
  // Reports counted for the feed, over the three histograms.
  const count = async () => {
    const body = await (await request.get('/metrics')).text();
    return [...body.matchAll(/^domace_web_vitals_\w+_count\{page="feed"\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
  };
  const before = await count();
  await page.addInitScript(() => { Math.random = () => 0; }); // this visit is in the sample
  await page.goto('/');
  await page.keyboard.press('Shift'); // the visitor reaches for the page: the app starts
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await page.getByRole('button', { name: new RegExp(`^${text('en', 'catalog', 'product.addToBasket')}`) }).first().click();
  // The reporter is loaded when the browser is idle after the start; the page is then hidden
  // (again, until the reporter is there to hear it).
  // Hidden again and again: a metric the library finalizes on the same event (LCP) goes out with
  // the next one. LCP and CLS at least (INP too when the tap's paint was measured).
  await expect.poll(async () => {
    // Hidden for the event only: a reporter that loads after it must still find a visible page.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    });
    return count();
  }, { timeout: 20_000 }).toBeGreaterThanOrEqual(before + 2);
});
