import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Page } from '@playwright/test';

/**
 * Pages arrive server-rendered; a complete public page starts its app when the visitor needs it
 * (a key, a tap on a control), any other right after its load event (src/web/lib/early-start.ts).
 * A tap before the app is ready is held and replayed (e2e/early-input.spec.ts covers that path);
 * most journeys wait for the app as a person waits for a page to respond (a Shift press, which
 * does nothing else, stands for the person's reach and starts the app), and the app marks
 * `<html data-ready>` once it has rendered. Pages that are not the app
 * (robots.txt, the offline page) have no #root.
 */
export async function appReady(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.ready === 'true');
}

/** Makes goto and reload wait for the app, as a user waits for a page to respond. */
export function waitForAppOnNavigation(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await appReady(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await appReady(page);
    return response;
  };
  return page;
}

export const test = base.extend({
  page: async ({ page }, use) => {
    await use(waitForAppOnNavigation(page));
  },
});

/**
 * The forms journeys run each language on one viewport, Serbian on the phone and English on the
 * desktop: the form's logic is the same on both, and the suite stays inside CI's time.
 */
export const FORMS_VIEWPORT = { sr: 'phone', en: 'desktop' } as const;

/** Skips the current test unless this project is the one `language` runs on (FORMS_VIEWPORT). */
export function oneViewportFor(language: keyof typeof FORMS_VIEWPORT, projectName: string): void {
  test.skip(projectName !== FORMS_VIEWPORT[language], `${language} runs on ${FORMS_VIEWPORT[language]} only`);
}

/** For a journey that is one test per project: the language it runs in here (FORMS_VIEWPORT read the other way). */
export function formsLanguageOf(projectName: string): keyof typeof FORMS_VIEWPORT {
  const language = (Object.keys(FORMS_VIEWPORT) as (keyof typeof FORMS_VIEWPORT)[]).find((l) => FORMS_VIEWPORT[l] === projectName);
  test.skip(!language, `runs on ${Object.values(FORMS_VIEWPORT).join(' and ')} only`);
  return language!;
}
