import { expect, test } from './support/test.ts';
import { BUYER_EMAIL, apiLogin, prepareStorage, saveScreen, text } from './support/session.ts';

/**
 * The feed's story circles: real links, so a tap on the server-rendered feed works
 * before the app has started; households without a story are links too; names are never cut;
 * once the app runs, a story circle opens the viewer in place and the focus comes back to it.
 * And the feed's Following section can show all followed households.
 */
test.use({ locale: 'sr-RS' });

const openStories = new RegExp(text('sr', 'catalog', 'feed.openStories').replace('{{name}}', '.+'));

test('before the app starts (no JavaScript), a story circle and a circle without a story lead to the household', async ({ browser, baseURL }, testInfo) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: 'sr-RS' });
  try {
    const page = await context.newPage();
    await page.goto('/');
    const row = page.getByRole('region', { name: text('sr', 'catalog', 'feed.storiesLabel') });
    const withStory = row.getByRole('link', { name: openStories }).first();
    await expect(withStory).toBeVisible();
    const storyHref = await withStory.getAttribute('href');
    expect(storyHref).toMatch(/^\/household\/[^/?]+\?story=1$/);
    await saveScreen(page, testInfo, 'story-circles-no-js');

    // A household without a story: a link to its page (no "open stories" label).
    const circles = row.getByRole('link');
    const count = await circles.count();
    let plainHref: string | null = null;
    for (let i = 0; i < count; i += 1) {
      const href = await circles.nth(i).getAttribute('href');
      if (href && !href.includes('story=1')) { plainHref = href; break; }
    }
    expect(plainHref, 'a household without a story').toMatch(/^\/household\/[^/?]+$/);

    await withStory.click();
    await expect(page).toHaveURL(new RegExp(`${storyHref!.replace('?', '\\?')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.goto('/');
    await row.locator(`a[href="${plainHref}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${plainHref}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('no circle name is cut: each is shown whole', async ({ page }, testInfo) => {
  await page.goto('/');
  const names = page.getByRole('region', { name: text('sr', 'catalog', 'feed.storiesLabel') }).locator('a span:last-child');
  await expect(names.first()).toBeVisible();
  const cut = await names.evaluateAll((spans) => spans
    .filter((span) => span.scrollWidth > span.clientWidth + 1 || span.scrollHeight > span.clientHeight + 1 || getComputedStyle(span).textOverflow === 'ellipsis')
    .map((span) => span.textContent));
  expect(cut).toEqual([]);
  await saveScreen(page, testInfo, 'story-circles-names');
});

test('with the app running, a story circle opens the viewer in place and the focus returns to it on close; ?story=1 opens it on the household page', async ({ page }) => {
  await page.goto('/');
  const circle = page.getByRole('link', { name: openStories }).first();
  const href = await circle.getAttribute('href');
  await circle.focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(circle).toBeFocused();

  // The link's own target (a tap before hydration lands there): the stories open at once.
  await page.goto(href!);
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).not.toHaveURL(/story=1/);
  await expect(page.getByRole('button', { name: openStories })).toBeFocused();
});

test('the feed shows three followed households and "show all" shows every one', async ({ page, playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const buyer = await apiLogin(api, BUYER_EMAIL);
  const households = (await (await api.get('/api/households?limit=100')).json()) as { items: Array<{ id: string; name: string }> };
  expect(households.items.length).toBeGreaterThan(3);
  const headers = { Authorization: `Bearer ${buyer.accessToken}` };
  // The seeded buyer's follows are restored afterwards: other journeys expect them as seeded.
  const before = (await (await api.get('/api/me/following?limit=100', { headers })).json()) as { items: Array<{ id: string }> };
  const followedBefore = new Set(before.items.map((h) => h.id));
  try {
    for (const h of households.items) {
      if (followedBefore.has(h.id)) continue;
      const res = await api.put(`/api/households/${h.id}/follow`, { headers });
      expect(res.ok(), `follow ${h.name}`).toBe(true);
    }
    await prepareStorage(page, { language: 'sr', session: buyer });

    await page.goto('/');
    const section = page.getByRole('region', { name: text('sr', 'catalog', 'feed.following') });
    await expect(section.getByRole('listitem')).toHaveCount(3);
    const toggle = section.getByRole('button', { name: text('sr', 'catalog', 'feed.showAllFollowing') });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(section.getByRole('listitem')).toHaveCount(households.items.length);
    for (const h of households.items) await expect(section.getByText(h.name, { exact: true })).toBeVisible();
    await saveScreen(page, testInfo, 'feed-following-all');
    await section.getByRole('button', { name: text('sr', 'catalog', 'feed.showFewerFollowing') }).click();
    await expect(section.getByRole('listitem')).toHaveCount(3);
  } finally {
    for (const h of households.items) {
      if (!followedBefore.has(h.id)) await api.delete(`/api/households/${h.id}/follow`, { headers });
    }
    await api.dispose();
  }
});
