import { expect, type APIRequestContext, type Locator, type Page, type Route } from '@playwright/test';
import { mailedCode } from './outbox.ts';
import { apiLogin, DEMO_PASSWORD, type Language, type StoredSession } from './session.ts';

/**
 * Accounts of a journey's own: signed up and confirmed through the API (the mailed code read
 * from the e2e server's outbox), deleted at the end (`deleteAccount`: its reviews go, its
 * household is hidden), so seeded accounts and what later journeys read stay as they were.
 */
/** A new confirmed account (the demo password), signed in. */
export async function freshAccount(request: APIRequestContext, { tag, userType = 'customer', language = 'sr', name }: {
  tag: string; userType?: 'customer' | 'producer'; language?: Language; name?: string;
}): Promise<StoredSession> {
  const email = `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@e2e.rs`.toLowerCase();
  const signup = await request.post('/api/auth/signup', {
    data: { email, password: DEMO_PASSWORD, name: name ?? `Forms ${tag}`, userType, phone: '+381641234567', language: language === 'sr-Latn' ? 'sr' : language },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const confirm = await request.post('/api/auth/confirm-signup', { data: { email, code: await mailedCode(email) } });
  expect(confirm.status(), await confirm.text()).toBe(200);
  return apiLogin(request, email);
}

/** Deletes an account of `freshAccount` (its reviews and follows go, its household is hidden). */
export async function deleteAccount(request: APIRequestContext, session: StoredSession): Promise<void> {
  const res = await request.delete('/api/me', { headers: { authorization: `Bearer ${session.accessToken}` }, data: { password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
}

export const bearer = (session: StoredSession) => ({ authorization: `Bearer ${session.accessToken}` });

/**
 * The rule of docs/input-rules.md for one refused field: its message is on screen, the field
 * is marked invalid, its description names the message, the message is announced
 * (role="alert"), and the focus is on the field.
 */
export async function expectRefused(field: Locator, message: string | RegExp): Promise<void> {
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const describedBy = await field.getAttribute('aria-describedby');
  expect(describedBy, 'the refused field names its message').toBeTruthy();
  const page = field.page();
  const ids = describedBy!.split(/\s+/);
  const texts = await Promise.all(ids.map(async (id) => {
    const described = page.locator(`[id="${id}"]`);
    return (await described.count()) > 0 ? described.first().innerText() : '';
  }));
  const said = texts.find((t) => (typeof message === 'string' ? t.includes(message) : message.test(t)));
  expect(said, `a message of ${ids.join(' ')} says ${String(message)} (got ${JSON.stringify(texts)})`).toBeTruthy();
  const saidId = ids[texts.indexOf(said!)]!;
  await expect(page.locator(`[id="${saidId}"]`)).toHaveAttribute('role', 'alert');
}

/**
 * For a server's refusal of what a form's own check already stops (an older page, another
 * client): the next `method` request whose URL matches `url` goes to the server with its JSON
 * body changed by `change`; the server's answer comes back to the page as it is. Returns the
 * status the server answered.
 */
export async function sendChangedOnce(page: Page, method: string, url: RegExp, change: (body: Record<string, unknown>) => Record<string, unknown>): Promise<{ status: () => Promise<number> }> {
  let sent = false;
  const handler = async (route: Route) => {
    const request = route.request();
    if (sent || request.method() !== method) return route.fallback();
    sent = true;
    await route.continue({ postData: JSON.stringify(change(request.postDataJSON() as Record<string, unknown>)) });
  };
  const answered = page.waitForResponse((r) => r.request().method() === method && url.test(r.url()));
  answered.catch(() => undefined); // a journey that fails before asking for the status
  await page.route(url, handler);
  return {
    status: async () => {
      const response = await answered;
      await page.unroute(url, handler);
      return response.status();
    },
  };
}
