import sharp from 'sharp';
import { expect, test } from './support/test.ts';
import { languageOf, newAccount, openAs, submitRefused, textIn } from './support/forms.ts';

/**
 * A producer's story on a new producer of its own: a file that is not a photo refused beside
 * the file field, a story posted with a caption, read back after a reload, then deleted (read
 * back gone). Serbian on the phone, English on the desktop.
 */

test('story: a file that is not a photo refused beside the field, posted, read back after a reload, deleted', async ({ page, request }, testInfo) => {
  test.fixme(true, 'The form breaks the rule (focus and message beside the field), pending the shared form helper: the refused upload is tied to the file field but focus does not move to it');
  const lang = languageOf(testInfo);
  const t = (key: string) => textIn(lang, 'producer', `stories.${key}`);
  const producer = await newAccount(request, testInfo, { userType: 'producer', name: 'Prica Gazdinstvo' });
  await openAs(page, producer, lang, '/producer/dashboard?tab=stories');
  const file = page.getByLabel(t('file'));
  const caption = `Јутарња мужа ${testInfo.project.name}`;

  // A script dressed as a PNG: the upload is refused, the message is beside the file field.
  await submitRefused(page, () => file.setInputFiles({
    name: 'story.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  }), file, textIn(lang, 'errors', 'media.unsupported_type'), { server: true });
  await expect(page.getByRole('button', { name: t('post') })).toBeDisabled();

  const photo = await sharp({ create: { width: 720, height: 1280, channels: 3, background: '#9ac1e0' } }).png().toBuffer();
  await file.setInputFiles({ name: 'story.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByRole('img', { name: textIn(lang, 'producer', 'media.preview') })).toBeVisible();
  await page.getByLabel(t('caption')).fill(caption);
  await page.getByRole('button', { name: t('post') }).click();
  await expect(page.getByText(t('posted'))).toBeVisible();

  await page.reload();
  await expect(page.getByRole('img', { name: caption })).toBeVisible();

  // Delete it: gone after a reload too.
  await page.getByRole('listitem').filter({ has: page.getByRole('img', { name: caption }) }).getByRole('button', { name: t('delete') }).click();
  await expect(page.getByText(t('deleted'))).toBeVisible();
  await page.reload();
  await expect(page.getByText(t('empty'))).toBeVisible();
  await expect(page.getByRole('img', { name: caption })).toHaveCount(0);
});
