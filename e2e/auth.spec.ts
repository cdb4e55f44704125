import { mailedCode } from './support/outbox.ts';
import { expect, test, type Page } from './support/test.ts';

/**
 * Accounts in the browser: sign up as a buyer, read the code from the mail the
 * server wrote to DATA_DIR/outbox (no SMTP_URL in e2e), verify, log in, reload, log out.
 */
const PASSWORD = 'domace-e2e-password';

async function useEnglish(page: Page) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('domace.language')) localStorage.setItem('domace.language', 'en');
  });
}

test('a buyer signs up, verifies the mailed code, logs in, stays signed in, and logs out', async ({ page, request }, testInfo) => {
  await useEnglish(page);
  const email = `buyer-${testInfo.project.name}-${Date.now()}@e2e.rs`;

  await page.goto('/signup');
  await page.getByText('Buy products').click();
  await page.getByLabel('Full name').fill('Јована Јовић');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone (optional)').fill('064 123 4567');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill('not the same');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match' }).first()).toBeVisible();
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/verify-email\?email=/);
  await expect(page.getByText(email)).toBeVisible();
  const code = await mailedCode(email);
  await page.getByLabel('Verification code').fill('12ab');
  await expect(page.getByLabel('Verification code')).toHaveValue('12');
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page.getByText('Please enter a valid 6-digit code')).toBeVisible();

  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();

  // The resend inside the first minute sends nothing: the first code still holds.
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page.getByText('Email verified successfully! You can now login.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  const form = page.locator('main form');
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Please fill in all fields')).toBeVisible();
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('wrong password!');
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Incorrect email or password.')).toBeVisible();
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The success toast, and no stale "wrong password" toast beside it.
  const toasts = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
  await expect(toasts.filter({ hasText: 'Logged in successfully' })).toBeVisible();
  await expect(toasts.filter({ hasText: 'Incorrect email or password.' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Јована Јовић' })).toBeVisible();
  await expect(page.getByText('+381641234567')).toBeVisible();
  const accessToken = await page.evaluate(() => localStorage.getItem('domace.accessToken'));
  expect(accessToken).toBeTruthy();
  expect((await request.get('/api/me', { headers: { authorization: `Bearer ${accessToken}` } })).status()).toBe(200);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // The old access token is refused at once.
  expect((await request.get('/api/me', { headers: { authorization: `Bearer ${accessToken}` } })).status()).toBe(401);
});

test('the login guard remembers where the visitor wanted to go', async ({ page }) => {
  await useEnglish(page);
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login$/);
  const form = page.locator('main form');
  await form.getByLabel('Email').fill('kupac@domace.rs');
  await form.getByLabel('Password').fill('domace-demo');
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/orders$/);
});
