import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';
import { households, media, orderItems, orders, products, stories } from '../../db/schema.ts';

let t: TestApp;
let producer: TestUser;
let other: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  producer = await createUser(t, { userType: 'producer', householdName: 'Пчелињак Јовановић' });
  other = await createUser(t, { userType: 'producer' });
  customer = await createUser(t, { userType: 'customer' });
});
afterAll(async () => t.close());

const valid = { name: 'Багремов мед', description: 'Чист домаћи мед.', price: 1200.5, unit: 'jar', category: 'honey', stock: 10 };

async function create(body: Record<string, unknown> = valid, user: TestUser = producer) {
  return t.app.inject({ method: 'POST', url: '/api/products', headers: user.headers, payload: body });
}
async function patch(id: string, body: Record<string, unknown>, user: TestUser = producer) {
  return t.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: user.headers, payload: body });
}
async function uploadImage(user: TestUser) {
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c83' } }).png().toBuffer();
  const boundary = `b${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
    png, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/media', payload, headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; url: string; thumbnailUrl: string };
}
const feedIds = async (query = '') =>
  ((await t.app.inject({ method: 'GET', url: `/api/products${query}` })).json().items as Array<{ id: string }>).map((p) => p.id);

describe('POST /api/products', () => {
  it('creates a product with the producer\'s own image; it is at once in the feed and in search', async () => {
    const image = await uploadImage(producer);
    const res = await create({ ...valid, imageId: image.id });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      householdId: producer.id, householdName: 'Пчелињак Јовановић', name: 'Багремов мед', price: 1200.5, unit: 'jar',
      category: 'honey', availability: true, featured: false, promoted: false, stock: 10, rating: 0, reviewCount: 0,
      image: image.url, thumbnail: image.thumbnailUrl,
    });
    const one = await t.app.inject({ method: 'GET', url: `/api/products/${created.id}` });
    expect(one.json()).toEqual(created);
    expect(await feedIds()).toContain(created.id);
    expect(await feedIds('?q=bagremov')).toContain(created.id);
    expect(await feedIds('?q=pcelinjak')).toContain(created.id); // household name, transliterated
    expect(await feedIds('?q=honey')).toContain(created.id); // category word
    const [row] = await t.database.db.select({ pricePara: products.pricePara }).from(products).where(eq(products.id, created.id));
    expect(row!.pricePara).toBe(120050);
  });

  it('applies the defaults: available, not featured, unlimited stock, no image', async () => {
    const res = await create({ name: 'Јабуке', price: 80, unit: 'kg', category: 'fruit' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ description: '', availability: true, featured: false, stock: null, image: null, thumbnail: null });
  });

  it.each([
    ['price 0', { price: 0 }, 'price'],
    ['price over 1,000,000', { price: 1_000_001 }, 'price'],
    ['price with 3 decimals', { price: 1.005 }, 'price'],
    ['price as text', { price: '100' }, 'price'],
    ['name of 1 character', { name: 'М' }, 'name'],
    ['name of 121 characters', { name: 'м'.repeat(121) }, 'name'],
    ['description over 2000', { description: 'x'.repeat(2001) }, 'description'],
    ['stock -1', { stock: -1 }, 'stock'],
    ['stock 1.5', { stock: 1.5 }, 'stock'],
    ['unknown unit', { unit: 'ton' }, 'unit'],
    ['unknown category', { category: 'bread' }, 'category'],
    ['unknown field', { householdId: randomUUID() }, 'householdId'],
    ['missing price', { price: undefined }, 'price'],
    ['price 1e308', { price: 1e308 }, 'price'],
    ['price 10.0000001 (a third decimal, never rounded away)', { price: 10.0000001 }, 'price'],
    ['price 5e-324 (would round to 0 para)', { price: 5e-324 }, 'price'],
    ['stock 2^31 (past the int4 column)', { stock: 2 ** 31 }, 'stock'],
    ['stock 1e308', { stock: 1e308 }, 'stock'],
    ['a NUL in the name', { name: 'Мед\u0000' }, 'name'],
    ['a lone surrogate in the description', { description: 'Мед \uD83D' }, 'description'],
    ['an ESC in the description', { description: 'Мед \u001b[31m' }, 'description'],
    ['promoted (an operator decision)', { promoted: true }, 'promoted'],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_label, change, field) => {
    const before = (await t.database.db.select().from(products)).length;
    const res = await create({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    expect((await t.database.db.select().from(products)).length).toBe(before);
  });

  it('accepts the limits themselves: price 1,000,000 and 0.01, name of 2 and 120 characters, stock 0', async () => {
    for (const change of [{ price: 1_000_000 }, { price: 0.01 }, { price: 999_999.99 }, { name: 'Мл' }, { name: 'м'.repeat(120) }, { stock: 0 }, { stock: 2 ** 31 - 1 }]) {
      expect((await create({ ...valid, ...change })).statusCode).toBe(201);
    }
  });

  it('refuses -0, Infinity and NaN where JSON can carry them only raw; keeps tabs, newlines, CRLF, emoji and combining marks', async () => {
    const raw = (json: string) => t.app.inject({ method: 'POST', url: '/api/products', headers: { ...producer.headers, 'content-type': 'application/json' }, payload: json });
    const base = '"name":"Мед","price":10,"unit":"kg","category":"honey"';
    for (const [json, field] of [[`{${base},"stock":-0}`, 'stock'], [`{${base},"stock":1e400}`, 'stock'], [`{"name":"Мед","price":1e400,"unit":"kg","category":"honey"}`, 'price'], [`{"name":"Мед","price":-0,"unit":"kg","category":"honey"}`, 'price']] as const) {
      const res = await raw(json);
      expect(res.statusCode, json).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field), json).toContain(field);
    }
    expect((await raw(`{${base},"stock":NaN}`)).statusCode).toBe(400);
    const description = 'Ред 1\tтаб\nРед 2\r\nРед 3 🐝 e\u0301 Đurđevak';
    const created = await create({ ...valid, description });
    expect(created.statusCode).toBe(201);
    const read = await t.app.inject({ method: 'GET', url: `/api/products/${created.json().id}` });
    expect(read.json().description).toBe(description);
  });

  it('refuses an image that is not the producer\'s own (403), or unknown (400), or a customer (403), or signed out (401)', async () => {
    const foreign = await uploadImage(other);
    expect((await create({ ...valid, imageId: foreign.id })).statusCode).toBe(403);
    const unknown = await create({ ...valid, imageId: randomUUID() });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].field).toBe('imageId');
    const asCustomer = await create(valid, customer);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().code).toBe('forbidden');
    expect((await create({ price: 0 }, customer)).statusCode).toBe(403); // authorization before validation
    expect((await t.app.inject({ method: 'POST', url: '/api/products', payload: valid })).statusCode).toBe(401);
  });
});

describe('PATCH /api/products/:id', () => {
  it('edits only the named fields; publish/unpublish moves it out of and back into the feed', async () => {
    const created = (await create()).json();
    const edited = await patch(created.id, { price: 999.99, featured: true, stock: null });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ ...created, price: 999.99, featured: true, stock: null });

    const unpublished = await patch(created.id, { availability: false });
    expect(unpublished.json().availability).toBe(false);
    expect(await feedIds()).not.toContain(created.id);
    const own = (await t.app.inject({ method: 'GET', url: '/api/producer/products', headers: producer.headers })).json();
    expect(own.items.find((p: { id: string }) => p.id === created.id)).toMatchObject({ availability: false });

    expect((await patch(created.id, { availability: true })).json().availability).toBe(true);
    expect(await feedIds()).toContain(created.id);
  });

  it('recomputes the search key when the name changes; sets and removes the image', async () => {
    const created = (await create()).json();
    await patch(created.id, { name: 'Ливадски мед' });
    expect(await feedIds('?q=livadski')).toContain(created.id);
    expect(await feedIds('?q=bagremov')).not.toContain(created.id);
    const image = await uploadImage(producer);
    expect((await patch(created.id, { imageId: image.id })).json()).toMatchObject({ image: image.url, thumbnail: image.thumbnailUrl });
    expect((await patch(created.id, { imageId: null })).json()).toMatchObject({ image: null, thumbnail: null });
  });

  it('refuses promoted: the product stays as it was', async () => {
    const id = (await create()).json().id;
    const res = await patch(id, { promoted: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field: 'promoted' })]);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    expect(row!.promoted).toBe(false);
  });

  it('validates like create', async () => {
    const created = (await create()).json();
    for (const body of [{ price: 0 }, { price: 1.005 }, { name: 'x' }, { stock: -1 }, { stock: 1.5 }, { unit: 'ton' }, { archivedAt: null }]) {
      const res = await patch(created.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${created.id}` })).json()).toEqual(created);
  });

  it('another producer 403, a customer 403, unknown 404, bad id 400', async () => {
    const created = (await create()).json();
    const foreign = await patch(created.id, { price: 1 }, other);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('forbidden');
    expect((await patch(created.id, { price: 1 }, customer)).statusCode).toBe(403);
    expect((await patch(randomUUID(), { price: 1 })).statusCode).toBe(404);
    expect((await patch('not-a-uuid', { price: 1 })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${created.id}` })).json().price).toBe(valid.price);
  });
});

describe('DELETE /api/products/:id', () => {
  it('archives: gone from the shop and the dashboard, orders keep their lines', async () => {
    const created = (await create()).json();
    const [order] = await t.database.db.insert(orders).values({
      checkoutId: randomUUID(), buyerId: customer.id, householdId: producer.id, deliveryType: 'pickup',
      pickupDate: '2030-01-01', pickupTime: '10:00', contactPhone: '+381641234567', totalPara: 120050,
    }).returning();
    await t.database.db.insert(orderItems).values({ orderId: order!.id, productId: created.id, name: created.name, unit: 'jar', unitPricePara: 120050, quantity: 1 });

    expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${created.id}`, headers: other.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${created.id}`, headers: customer.headers })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${created.id}`, headers: producer.headers });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect((await t.app.inject({ method: 'GET', url: `/api/products/${created.id}` })).statusCode).toBe(404);
    expect(await feedIds()).not.toContain(created.id);
    expect(await feedIds(`?householdId=${producer.id}&includeUnavailable=true`)).not.toContain(created.id);
    const own = (await t.app.inject({ method: 'GET', url: '/api/producer/products', headers: producer.headers })).json();
    expect(own.items.map((p: { id: string }) => p.id)).not.toContain(created.id);
    expect((await patch(created.id, { price: 5 })).statusCode).toBe(404);
    // A second delete: already gone.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${created.id}`, headers: producer.headers })).statusCode).toBe(404);

    const lines = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(lines).toEqual([expect.objectContaining({ productId: created.id, name: 'Багремов мед', unitPricePara: 120050 })]);
  });
});

describe('GET /api/producer/products', () => {
  it('lists all own live products, published or not, newest first, paged; customers 403', async () => {
    const p = await createUser(t, { userType: 'producer' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000);
      ids.push((await create({ ...valid, name: `Производ ${i}`, availability: i % 2 === 0 }, p)).json().id);
    }
    await create(valid, other);
    const first = (await t.app.inject({ method: 'GET', url: '/api/producer/products?limit=3', headers: p.headers })).json();
    expect(first.items).toHaveLength(3);
    expect(first.nextCursor).not.toBeNull();
    const second = (await t.app.inject({ method: 'GET', url: `/api/producer/products?limit=3&cursor=${first.nextCursor}`, headers: p.headers })).json();
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items].map((x: { id: string }) => x.id);
    expect(new Set(all)).toEqual(new Set(ids));
    expect((await t.app.inject({ method: 'GET', url: '/api/producer/products', headers: customer.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/producer/products' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/households/:id', () => {
  it('edits the own household; a new name updates its products\' search keys', async () => {
    const p = await createUser(t, { userType: 'producer', householdName: 'Стара кућа' });
    const prod = (await create({ ...valid, name: 'Сир' }, p)).json();
    expect(await feedIds('?q=stara%20kuca')).toContain(prod.id);
    const avatar = await uploadImage(p);
    const res = await t.app.inject({
      method: 'PATCH', url: `/api/households/${p.id}`, headers: p.headers,
      payload: { name: 'Газдинство Милић', description: 'Сир и кајмак са Златибора.', location: 'Чајетина', avatarId: avatar.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: p.id, name: 'Газдинство Милић', description: 'Сир и кајмак са Златибора.', location: 'Чајетина', avatar: avatar.thumbnailUrl,
      followerCount: 0, rating: 0, reviewCount: 0, hasActiveStory: false, isFollowing: false,
      pickupPoints: [], delivery: { enabled: false, areas: [], fee: 0, freeFrom: null, leadDays: 0, weekdays: [] },
      minimumOrder: 0, payment: { cash: true, ipsAccount: null, ipsPayeeName: null }, standingCutoffHours: 48, depositDays: 3,
      legal: { form: 'person', holdingNumber: null, pib: null, registrations: [], verifiedAt: null },
    });
    expect(await feedIds('?q=gazdinstvo%20milic')).toContain(prod.id);
    expect(await feedIds('?q=stara%20kuca')).not.toContain(prod.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${prod.id}` })).json().householdName).toBe('Газдинство Милић');
    const [h] = await t.database.db.select().from(households).where(eq(households.id, p.id));
    expect(h!.searchKey).toContain('gazdinstvo milic');

    // Partial: only the avatar removed.
    const cleared = await t.app.inject({ method: 'PATCH', url: `/api/households/${p.id}`, headers: p.headers, payload: { avatarId: null } });
    expect(cleared.json()).toMatchObject({ name: 'Газдинство Милић', avatar: null });
  });

  it('shows an active story and refuses others, customers, bad input and foreign avatars', async () => {
    await t.database.db.insert(stories).values({ householdId: producer.id, mediaUrl: '/media/x.webp', mediaType: 'image', expiresAt: new Date(t.clock.now().getTime() + 3600_000) });
    const ok = await t.app.inject({ method: 'PATCH', url: `/api/households/${producer.id}`, headers: producer.headers, payload: { location: 'Ниш' } });
    expect(ok.json()).toMatchObject({ location: 'Ниш', hasActiveStory: true, name: 'Пчелињак Јовановић' });

    const url = `/api/households/${producer.id}`;
    expect((await t.app.inject({ method: 'PATCH', url, headers: other.headers, payload: { name: 'Туђе' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url, headers: customer.headers, payload: { name: 'Туђе' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/households/${randomUUID()}`, headers: producer.headers, payload: { name: 'Ново' } })).statusCode).toBe(404);
    for (const payload of [{ name: 'x' }, { description: 'x'.repeat(2001) }, { followerCount: 1000 }]) {
      expect((await t.app.inject({ method: 'PATCH', url, headers: producer.headers, payload })).statusCode).toBe(400);
    }
    const foreign = await uploadImage(other);
    expect((await t.app.inject({ method: 'PATCH', url, headers: producer.headers, payload: { avatarId: foreign.id } })).statusCode).toBe(403);
    const [h] = await t.database.db.select().from(households).where(eq(households.id, producer.id));
    expect(h!.name).toBe('Пчелињак Јовановић');
    // Media rows of refused requests are untouched.
    expect((await t.database.db.select().from(media).where(eq(media.id, foreign.id)))[0]!.ownerId).toBe(other.id);
  });
});

describe('GET /api/producer/overview', () => {
  it('counts waiting orders, sums the last 7 days and each Belgrade day of the last 30, without cancelled orders', async () => {
    // 2030-03-15 10:00 in Belgrade (CET, UTC+1); users made after, so their tokens are fresh.
    t.clock.set(new Date('2030-03-15T09:00:00Z'));
    const p = await createUser(t, { userType: 'producer' });
    const buyer = await createUser(t, { userType: 'customer' });
    const at = (iso: string, status: 'pending' | 'confirmed' | 'completed' | 'cancelled', totalPara: number) => ({
      checkoutId: randomUUID(), buyerId: customer.id, householdId: p.id, deliveryType: 'pickup' as const, pickupDate: '2030-03-20',
      pickupTime: '10:00', contactPhone: '+381641234567', status, totalPara, createdAt: new Date(iso),
    });
    await t.database.db.insert(orders).values([
      at('2030-03-15T08:00:00Z', 'pending', 150_050), // today
      at('2030-03-14T23:30:00Z', 'pending', 10_000), // 00:30 on the 15th in Belgrade: today
      at('2030-03-14T12:00:00Z', 'confirmed', 20_000), // the 14th
      at('2030-03-14T13:00:00Z', 'cancelled', 99_900), // not counted
      at('2030-03-05T12:00:00Z', 'completed', 30_000), // 10 days ago: in the 30 days, not in the week
      at('2030-02-10T12:00:00Z', 'completed', 70_000), // older than 30 days
    ]);
    await t.database.db.insert(orders).values({ ...at('2030-03-15T08:00:00Z', 'pending', 55_500), householdId: other.id });

    const res = await t.app.inject({ method: 'GET', url: '/api/producer/overview', headers: p.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ordersWaiting).toBe(2);
    expect(body.weekSales).toBe(1800.5);
    expect(body.daily).toHaveLength(30);
    expect(body.daily[0].date).toBe('2030-02-14');
    expect(body.daily[29]).toEqual({ date: '2030-03-15', total: 1600.5, orders: 2 });
    expect(body.daily[28]).toEqual({ date: '2030-03-14', total: 200, orders: 1 });
    expect(body.daily.find((d: { date: string }) => d.date === '2030-03-05')).toEqual({ date: '2030-03-05', total: 300, orders: 1 });
    expect(body.daily.reduce((s: number, d: { total: number }) => s + d.total, 0)).toBe(2100.5);

    expect((await t.app.inject({ method: 'GET', url: '/api/producer/overview', headers: buyer.headers })).statusCode).toBe(403);
  });
});
