import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createProduct } from '../../../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { households } from '../db/schema.ts';
import { createPageHead } from './page-head.ts';

let t: TestApp;
let farm: TestUser;
let headFor: (pathname: string) => Promise<string | null>;

beforeAll(async () => {
  t = await createTestApp();
  farm = await createUser(t, { userType: 'producer', householdName: 'Пчеларство "Мед & <Млеко>"', location: 'Чачак' });
  await t.database.db.update(households).set({ avatar: '/media/avatar.webp', description: 'Пчеле од 1990.' }).where(eq(households.id, farm.id));
  headFor = createPageHead({ db: t.database.db, publicUrl: 'https://domace.example' });
});
afterAll(() => t.close());

describe('page head (Open Graph)', () => {
  it('gives a product page its title, price, description, absolute image and canonical link', async () => {
    const id = await createProduct(t, farm.id, { name: 'Мед од багрема', priceRsd: 1200, unit: 'kg', image: '/media/honey.webp', description: 'Чист <b>мед</b>.' });
    const head = (await headFor(`/product/${id}`))!;
    expect(head).toContain('<title>Мед од багрема — 1.200 RSD / кг · Domaće</title>');
    expect(head).toContain('<meta property="og:title" content="Мед од багрема — 1.200 RSD / кг · Domaće" />');
    expect(head).toContain('<meta property="og:type" content="product" />');
    expect(head).toContain('<meta property="og:image" content="https://domace.example/media/honey.webp" />');
    expect(head).toContain(`<link rel="canonical" href="https://domace.example/product/${id}" />`);
    expect(head).toContain('Чист &lt;b&gt;мед&lt;/b&gt;.');
    expect(head).toContain('Пчеларство &quot;Мед &amp; &lt;Млеко&gt;&quot;');
    expect(head).not.toContain('<b>');
    expect(head).toContain('<link rel="preload" as="image" href="/media/honey.webp" fetchpriority="high" />');
  });

  it('preloads the product picture HTML-escaped, and nothing without a picture or for a household', async () => {
    const odd = await createProduct(t, farm.id, { image: '/media/a"b<c>&d.webp' });
    expect(await headFor(`/product/${odd}`)).toContain('<link rel="preload" as="image" href="/media/a&quot;b&lt;c&gt;&amp;d.webp" fetchpriority="high" />');
    const bare = await createProduct(t, farm.id, { image: null });
    expect(await headFor(`/product/${bare}`)).not.toContain('rel="preload"');
    expect(await headFor(`/household/${farm.id}`)).not.toContain('rel="preload"');
  });

  it('gives a household page its name, place and avatar', async () => {
    const head = (await headFor(`/household/${farm.id}`))!;
    expect(head).toContain('<title>Пчеларство &quot;Мед &amp; &lt;Млеко&gt;&quot; · Domaće</title>');
    expect(head).toContain('content="Чачак — Пчеле од 1990."');
    expect(head).toContain('<meta property="og:image" content="https://domace.example/media/avatar.webp" />');
  });

  it('gives nothing for unknown, archived or other pages (the default title stays)', async () => {
    const archived = await createProduct(t, farm.id, { archived: true });
    expect(await headFor(`/product/${archived}`)).toBeNull();
    expect(await headFor('/product/00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await headFor('/product/not-a-uuid')).toBeNull();
    expect(await headFor('/search')).toBeNull();
  });
});
