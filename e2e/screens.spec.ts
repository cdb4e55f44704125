import { expect, test } from './support/test.ts';
import { ROUTES } from './support/routes.ts';
import { BUYER_EMAIL, PRODUCER_EMAIL, apiLogin, prepareStorage, sampleIds } from './support/session.ts';
import { visitRoutes } from './support/visit.ts';

/**
 * A screenshot of every screen in Serbian on the phone (390x844), full page, into
 * test-results/screens/<route>-phone.png, for a person to look at (overlap, cut-off text,
 * untranslated strings). Two things a machine can see are asserted as well: nothing wider
 * than the screen (sideways scrolling), and no raw translation key ("feed.title") shown.
 */
// A Serbian browser: native controls (date, time) show Serbian formats as users would see them.
test.use({ serviceWorkers: 'block', locale: 'sr-RS' });

test('every screen in Serbian on the phone: screenshot, no sideways overflow, no raw keys', async ({ page, playwright, viewport }, testInfo) => {
  test.skip(viewport?.width !== 390, 'the visual pass is on the phone viewport');
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const buyer = await apiLogin(request, BUYER_EMAIL);
  const sessions = { buyer, producer: await apiLogin(request, PRODUCER_EMAIL) };
  const ids = await sampleIds(request, buyer);
  await request.dispose();

  await prepareStorage(page, { language: 'sr' });
  await visitRoutes(page, ROUTES, {
    ids,
    sessions,
    check: async (route, path) => {
      await page.screenshot({ path: `test-results/screens/${route.name}-${testInfo.project.name}.png`, fullPage: true });

      const overflow = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        // Content of sideways-scrolling rows (story strips, tabs) may extend past the edge on purpose.
        const inScroller = (el: HTMLElement) => {
          for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
            if (getComputedStyle(up).overflowX !== 'visible') return true;
          }
          return false;
        };
        const wide = [...document.querySelectorAll<HTMLElement>('body *')]
          .filter((el) => {
            const box = el.getBoundingClientRect();
            return box.width > 0 && box.right > width + 1 && getComputedStyle(el).position !== 'fixed' && !inScroller(el);
          })
          // Only the outermost offenders, named so they can be found.
          .filter((el, _i, all) => !all.includes(el.parentElement as HTMLElement))
          .slice(0, 5)
          .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 4).join('.')} "${el.innerText.slice(0, 40)}"`);
        return { scrollWidth: document.documentElement.scrollWidth, width, wide };
      });
      expect.soft(overflow.scrollWidth, `${path} is wider than the screen: ${overflow.wide.join(', ')}`).toBeLessThanOrEqual(overflow.width);

      const rawKeys = await page.evaluate(() =>
        document.body.innerText
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/.test(line) && !/\.(rs|com|org|jpg|png|webp)$/.test(line)),
      );
      expect.soft(rawKeys, `${path}: translation keys shown instead of text`).toEqual([]);
    },
  });
});
