import { expect, test, type Page } from './support/test.ts';
import sharp from 'sharp';

/**
 * The producer dashboard, as the seeded producer of Gazdinstvo Hodžić (no story in
 * the sample data): add a product with a photo, see it in the feed and in search at once;
 * unpublish, publish, delete; post a story and see the ring on the feed.
 */
const PRODUCER = { email: 'sjenica@domace.rs', password: 'domace-demo', household: 'Gazdinstvo Hodžić' };

async function logIn(page: Page) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('domace.language')) localStorage.setItem('domace.language', 'en');
  });
  await page.goto('/login');
  const form = page.locator('main form');
  await form.getByLabel('Email').fill(PRODUCER.email);
  await form.getByLabel('Password').fill(PRODUCER.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

const photo = async (color: string) => ({
  name: 'photo.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 900, height: 700, channels: 3, background: color } }).png().toBuffer(),
});

/** The feed once its product grid has loaded. */
async function openFeed(page: Page) {
  await page.goto('/');
  await expect(page.locator('main a[href^="/product/"]').first()).toBeVisible();
}

test('a producer adds a product with a photo, unpublishes, publishes and deletes it; the shop follows at once', async ({ page }, testInfo) => {
  const name = `Sjenički sir ${testInfo.project.name} ${Date.now().toString(36)}`;
  await logIn(page);
  await page.goto('/producer/dashboard');
  await expect(page.getByRole('heading', { name: 'Producer dashboard' })).toBeVisible();
  await expect(page.getByText('Orders waiting')).toBeVisible();
  await expect(page.getByRole('img', { name: /daily sales/ })).toBeVisible();

  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await expect(dialog.getByLabel('Unit')).toHaveValue('kg');
  await expect(dialog.getByLabel('Category')).toHaveValue('fruit');
  await dialog.getByLabel('Name *').fill('S');
  await dialog.getByLabel('Price (RSD) *').fill('1.005');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name must be at least 2 characters.')).toBeVisible();
  await expect(dialog.getByText('Price may have at most 2 decimals.')).toBeVisible();

  await dialog.getByLabel('Name *').fill(name);
  await dialog.getByLabel('Description').fill('Mladi sir sa Pešteri.');
  await dialog.getByLabel('Price (RSD) *').fill('950');
  await dialog.getByLabel('Category').selectOption('dairy');
  await dialog.getByLabel('Stock').fill('12');
  await dialog.getByLabel('Photo').setInputFiles(await photo('#e8d9a8'));
  await expect(dialog.getByRole('img', { name: 'Preview' })).toHaveAttribute('src', /^\/media\/.+\.webp$/);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product added')).toBeVisible();
  await expect(dialog).toBeHidden();

  // A card on the phone; on a desktop screen a row of the products table, its name the row header.
  const desktop = page.viewportSize()!.width >= 1024;
  const card = desktop
    ? page.getByRole('table', { name: 'My products' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) })
    : page.getByRole('group', { name });
  await expect(card).toBeVisible();
  if (desktop) {
    const headers = page.getByRole('table', { name: 'My products' }).getByRole('columnheader');
    await expect(headers).toHaveText(['Photo', 'Product', 'Category', 'Price', 'Stock', 'State', 'Actions']);
    await expect(card.getByRole('cell', { name: '12', exact: true })).toBeVisible();
  }
  await expect(card.getByText('Available')).toBeVisible();
  await expect(card.getByText('Dairy')).toBeVisible();
  await expect(card.getByText('950 RSD / kg')).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /-thumb\.webp$/);

  await openFeed(page);
  await expect(page.getByText(name).first()).toBeVisible();
  await page.goto('/search');
  await page.getByLabel('Search products').fill('sjenicki sir');
  await expect(page.getByText(name).first()).toBeVisible();

  // Unpublish: gone from the feed.
  await page.goto('/producer/dashboard');
  await card.getByRole('button', { name: `Unpublish ${name}` }).click();
  await expect(page.getByText('Product unpublished')).toBeVisible();
  await expect(card.getByText('Unavailable')).toBeVisible();
  await openFeed(page);
  await expect(page.getByText(name)).toHaveCount(0);

  // Publish: back.
  await page.goto('/producer/dashboard');
  await card.getByRole('button', { name: `Publish ${name}` }).click();
  await expect(page.getByText('Product published')).toBeVisible();
  await openFeed(page);
  await expect(page.getByText(name).first()).toBeVisible();

  // Delete: asks first, then gone everywhere.
  await page.goto('/producer/dashboard');
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm.getByText('permanently deleted')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Product deleted')).toBeVisible();
  await expect(card).toHaveCount(0);
  await openFeed(page);
  await expect(page.getByText(name)).toHaveCount(0);
});

test('a producer posts a story: it is listed on the dashboard and the ring shows on the feed', async ({ page }, testInfo) => {
  const caption = `Jutarnja muža ${testInfo.project.name}`;
  await logIn(page);
  await page.goto('/producer/dashboard?tab=stories');
  await expect(page.getByRole('tab', { name: 'Stories' })).toHaveAttribute('aria-selected', 'true');
  // Nothing chosen yet: Post says why beside the file field (docs/input-rules.md).
  await page.getByRole('button', { name: 'Post story' }).click();
  await expect(page.getByLabel('Photo or video')).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a photo or video first.' })).toBeVisible();
  await page.getByLabel('Photo or video').setInputFiles(await photo('#9ac1e0'));
  await expect(page.getByRole('img', { name: 'Preview' })).toHaveAttribute('src', /^\/media\//);
  await page.getByLabel('Caption (optional)').fill(caption);
  await page.getByRole('button', { name: 'Post story' }).click();
  await expect(page.getByText('Story posted')).toBeVisible();
  await expect(page.getByRole('img', { name: caption })).toBeVisible();

  await page.goto('/');
  // A household with an active story gets the "open stories" circle (a link that opens the viewer).
  const circle = page.getByRole('link', { name: `Open stories of ${PRODUCER.household}` });
  await expect(circle).toBeVisible();
  await circle.click();
  // Oldest story first: on the second project that is the first project's.
  await expect(page.getByRole('dialog').getByText(/^Jutarnja muža /)).toBeVisible();
});

test('a hostile upload is refused with a clear message', async ({ page }) => {
  await logIn(page);
  await page.goto('/producer/dashboard?tab=household');
  await page.getByLabel('Profile photo').setInputFiles({
    name: 'avatar.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'This file type is not accepted' })).toBeVisible();
});
