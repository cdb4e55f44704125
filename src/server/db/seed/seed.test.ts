import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, UNITS } from '#shared/constants.ts';
import { createTestDatabase, type TestDatabase } from '../../../../test/db.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { checkChoice } from '#shared/checkout-plan.ts';
import { cycleDueAt } from '#shared/standing-schedule.ts';
import { households, notifications, products, smsSettings, standingOrders, users } from '../schema.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SMS_PRODUCER, publicDemoAccountsWarning, seedIfEmpty } from './seed.ts';

let database: TestDatabase;
let mediaDir: string;
const logs: string[] = [];
const now = new Date();
let firstResult: boolean;

async function counts() {
  const { rows } = await database.pool.query<Record<string, number>>(`SELECT
    (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM households) AS households,
    (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM reviews) AS reviews,
    (SELECT count(*)::int FROM follows) AS follows, (SELECT count(*)::int FROM stories) AS stories,
    (SELECT count(*)::int FROM media) AS media, (SELECT count(*)::int FROM orders) AS orders,
    (SELECT count(*)::int FROM order_items) AS order_items, (SELECT count(*)::int FROM order_events) AS order_events`);
  return rows[0];
}

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = mkdtempSync(path.join(os.tmpdir(), 'domace-seed-media-'));
  firstResult = await seedIfEmpty(database.db, { mediaDir, log: (m) => logs.push(m), now });
}, 60_000);

afterAll(async () => {
  await database?.close();
  if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
});

describe('seedIfEmpty', () => {
  it('seeds an empty database with households, products and the rest', async () => {
    expect(firstResult).toBe(true);
    const c = await counts();
    expect(c?.households).toBeGreaterThanOrEqual(6);
    expect(c?.products).toBeGreaterThanOrEqual(30);
    expect(c?.reviews).toBeGreaterThanOrEqual(40);
    expect(c?.reviews).toBeLessThanOrEqual(60);
    expect(c?.stories).toBeGreaterThanOrEqual(3);
    expect(c?.orders).toBeGreaterThan(0);

    const rows = await database.db.select().from(products);
    expect(new Set(rows.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(rows.map((p) => p.unit))).toEqual(new Set(UNITS));
    expect(rows.some((p) => p.promoted)).toBe(true);
    expect(rows.some((p) => p.featured)).toBe(true);
    expect(rows.some((p) => p.stock !== null && p.stock > 0)).toBe(true);
    expect(rows.some((p) => !p.availability)).toBe(true);
    expect(new Set(rows.map((p) => p.createdAt.getTime())).size).toBe(rows.length);
  });

  it('does nothing the second time', async () => {
    const before = await counts();
    expect(await seedIfEmpty(database.db, { mediaDir, log: () => undefined, now })).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('keeps follower counts consistent with follows', async () => {
    const { rows } = await database.pool.query<{ id: string; follower_count: number; n: number }>(
      `SELECT h.id, h.follower_count, (SELECT count(*)::int FROM follows f WHERE f.household_id = h.id) AS n FROM households h`,
    );
    for (const r of rows) expect(r.follower_count, r.id).toBe(r.n);
    expect(rows.some((r) => r.n > 0)).toBe(true);
  });

  it('keeps product and household ratings consistent with reviews', async () => {
    const productRows = await database.pool.query<{ id: string; rating: number; review_count: number; avg: string | null; n: number }>(
      `SELECT p.id, p.rating, p.review_count, (SELECT avg(rating) FROM reviews r WHERE r.product_id = p.id) AS avg,
        (SELECT count(*)::int FROM reviews r WHERE r.product_id = p.id) AS n FROM products p`,
    );
    for (const r of productRows.rows) {
      expect(r.review_count, r.id).toBe(r.n);
      expect(r.rating, r.id).toBeCloseTo(r.avg === null ? 0 : Number(r.avg), 1);
    }
    const householdRows = await database.pool.query<{ id: string; rating: number; review_count: number; avg: string | null; n: number }>(
      `SELECT h.id, h.rating, h.review_count, avg(r.rating) AS avg, count(r.id)::int AS n
        FROM households h LEFT JOIN products p ON p.household_id = h.id LEFT JOIN reviews r ON r.product_id = p.id
        GROUP BY h.id`,
    );
    for (const r of householdRows.rows) {
      expect(r.review_count, r.id).toBe(r.n);
      expect(r.rating, r.id).toBeCloseTo(r.avg === null ? 0 : Number(r.avg), 1);
    }
  });

  it('writes every product, avatar and story image to disk', async () => {
    const rows = await database.db.select({ image: products.image, thumbnail: products.thumbnail }).from(products);
    const avatars = await database.db.select({ avatar: households.avatar }).from(households);
    const storyRows = await database.pool.query<{ media_url: string }>('SELECT media_url FROM stories');
    const urls = [
      ...rows.flatMap((p) => [p.image, p.thumbnail]),
      ...avatars.map((h) => h.avatar),
      ...storyRows.rows.map((s) => s.media_url),
    ];
    for (const url of urls) {
      expect(url).toMatch(/^\/media\/seed\/[a-z0-9-]+\.webp$/);
      expect(existsSync(path.join(mediaDir, (url ?? '').replace(/^\/media\//, ''))), String(url)).toBe(true);
    }
    // One media row per product image, story and avatar (every user but the demo operator has one).
    const c = await counts();
    expect(c?.media).toBe(rows.length + storyRows.rows.length + (c?.users ?? 0) - 1);
    const [operator] = await database.db.select({ isAdmin: users.isAdmin, avatar: users.avatar }).from(users).where(sql`${users.email} = 'admin@domace.rs'`);
    expect(operator).toEqual({ isAdmin: true, avatar: null });
    expect((await database.db.select({ status: households.status }).from(households)).every((h) => h.status === 'approved')).toBe(true);
  });

  it('makes Cyrillic names findable by their Latin spelling', async () => {
    const rows = await database.db.select({ name: products.name, searchKey: products.searchKey }).from(products)
      .where(sql`${products.category} = 'honey' AND ${products.name} ~ '[А-Яа-я]'`);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.searchKey).toContain('med');
    expect(rows[0]?.searchKey).toContain('honey');
  });

  it('creates live stories and demo accounts that can sign in', async () => {
    const live = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM stories WHERE expires_at > $1 AND created_at <= $1', [now]);
    expect(live.rows[0]?.n).toBeGreaterThanOrEqual(3);
    const buyer = await database.db.select().from(users).where(sql`${users.email} = 'kupac@domace.rs'`);
    expect(buyer[0]?.userType).toBe('customer');
    expect(buyer[0]?.confirmedAt).not.toBeNull();
    expect(await verifyPassword(buyer[0]?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
    const emails = (await database.db.select({ email: users.email }).from(users)).map((u) => u.email);
    for (const a of DEMO_ACCOUNTS) expect(emails).toContain(a.email);
    for (const e of emails) expect(e).toBe(e.toLowerCase());
  });

  it('collects every sample pickup order at a pickup point of its household, when it has one', async () => {
    const { rows } = await database.pool.query<{ point: string | null; name: string | null; points: { id: string; name: string }[] }>(
      `SELECT o.pickup_point_id AS point, o.pickup_point_name AS name, h.pickup_points AS points
         FROM orders o JOIN households h ON h.id = o.household_id WHERE o.delivery_type = 'pickup'`,
    );
    const withPoints = rows.filter((r) => r.points.length > 0);
    expect(withPoints.length).toBeGreaterThan(0);
    for (const r of withPoints) expect(r.points.find((p) => p.id === r.point)?.name).toBe(r.name);
    for (const r of rows.filter((o) => o.points.length === 0)) expect(r.point).toBeNull();
  });

  it('gives the demo buyer orders whose totals add up', async () => {
    const { rows } = await database.pool.query<{ status: string; total_para: number; sum: number; events: number }>(
      `SELECT o.status, o.total_para, (SELECT sum(i.unit_price_para * i.quantity)::bigint FROM order_items i WHERE i.order_id = o.id) AS sum,
        (SELECT count(*)::int FROM order_events e WHERE e.order_id = o.id) AS events
        FROM orders o JOIN users u ON u.id = o.buyer_id WHERE u.email = 'kupac@domace.rs'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['completed', 'confirmed', 'pending']));
    for (const r of rows) {
      expect(Number(r.total_para)).toBe(Number(r.sum));
      expect(r.events).toBeGreaterThan(0);
    }
  });

  it('starts the demo accounts with their sample history read; a new event still notifies', async () => {
    const { rows: [before] } = await database.pool.query<{ all: number; unread: number; pushing: number }>(
      'SELECT count(*)::int AS all, count(*) FILTER (WHERE read_at IS NULL)::int AS unread, count(*) FILTER (WHERE push_pending)::int AS pushing FROM notifications',
    );
    expect(before?.all).toBeGreaterThan(0);
    expect(before?.unread).toBe(0);
    expect(before?.pushing).toBe(0);

    // The producer confirms the buyer's pending order: the buyer gets one unread notification.
    const { rows: [order] } = await database.pool.query<{ id: string; household_id: string; buyer_id: string }>(
      `SELECT o.id, o.household_id, o.buyer_id FROM orders o JOIN users u ON u.id = o.buyer_id
        WHERE u.email = 'kupac@domace.rs' AND o.status = 'pending' LIMIT 1`,
    );
    await database.pool.query(`INSERT INTO order_events (order_id, status, actor_id) VALUES ($1, 'confirmed', $2)`, [order!.id, order!.household_id]);
    const { rows: unread } = await database.pool.query<{ type: string }>(
      'SELECT type FROM notifications WHERE user_id = $1 AND read_at IS NULL', [order!.buyer_id],
    );
    expect(unread).toEqual([{ type: 'order_status' }]);
  });

  it('seeds standing orders (a pickup and a delivery) whose first cycle passes the checkout plan', async () => {
    const rows = await database.db.select().from(standingOrders);
    expect(new Set(rows.map((r) => r.deliveryType))).toEqual(new Set(['pickup', 'delivery']));
    const allProducts = await database.db.select().from(products);
    for (const so of rows) {
      const [h] = (await database.db.select().from(households)).filter((x) => x.id === so.householdId);
      for (const item of so.items) expect(allProducts.find((p) => p.id === item.productId)).toMatchObject({ householdId: so.householdId, availability: true });
      const due = cycleDueAt(so.anchorDate, h!.standingCutoffHours);
      const issues = checkChoice({
        id: h!.id, name: h!.name, pickupPoints: h!.pickupPoints, delivery: h!.delivery, minimumOrderPara: h!.minimumOrderPara, payment: { cash: h!.paymentCash, ipsAccount: h!.ipsAccount },
      }, {
        householdId: h!.id, deliveryType: so.deliveryType, date: so.anchorDate, pickupPointId: so.pickupPointId ?? undefined, time: so.time ?? undefined,
        deliveryArea: so.deliveryArea ?? undefined, deliveryAddress: so.deliveryAddress ?? undefined, paymentMethod: so.paymentMethod,
      }, due);
      expect(issues).toEqual([]);
    }
  });

  it('gives the demo producer a confirmed phone for SMS, and sends none of the sample history', async () => {
    const [producer] = (await database.db.select().from(users)).filter((u) => u.email === DEMO_SMS_PRODUCER);
    const [settings] = (await database.db.select().from(smsSettings)).filter((s) => s.householdId === producer!.id);
    expect(settings).toMatchObject({ phone: producer!.phone, events: ['order', 'message', 'drop_cutoff'], quietFrom: '21:00', quietTo: '07:00', script: 'latn' });
    expect(settings!.confirmedAt).not.toBeNull();
    expect((await database.db.select().from(notifications)).filter((n) => n.smsPending)).toEqual([]);
  });

  it('seeds once when two instances start at the same time', async () => {
    const other = await createTestDatabase();
    try {
      const opts = { mediaDir, log: () => undefined, now };
      const results = await Promise.all([seedIfEmpty(other.db, opts), seedIfEmpty(other.db, opts)]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const { rows } = await other.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM households');
      expect(rows[0]?.n).toBe((await counts())?.households);
    } finally {
      await other.close();
    }
  });
});

describe('publicDemoAccountsWarning', () => {
  it('warns loudly when demo accounts with the published password live on a public URL, and only then', async () => {
    expect(await publicDemoAccountsWarning(database.db, 'http://localhost:3000')).toBeNull();
    const warning = await publicDemoAccountsWarning(database.db, 'https://pijaca.example.rs');
    expect(warning).toContain('WARNING');
    expect(warning).toContain(`${DEMO_ACCOUNTS.length} demo account(s)`);
    expect(warning).toContain('https://pijaca.example.rs');
    expect(warning).toContain('SEED_DEMO=false');

    // Every demo password changed: nobody can sign in with the published one, no warning.
    const emails = DEMO_ACCOUNTS.map((a) => a.email);
    const original = await database.db.select({ email: users.email, passwordHash: users.passwordHash }).from(users);
    await database.db.update(users).set({ passwordHash: 'changed' }).where(sql`${users.email} IN (${sql.join(emails.map((e) => sql`${e}`), sql`, `)})`);
    try {
      expect(await publicDemoAccountsWarning(database.db, 'https://pijaca.example.rs')).toBeNull();
    } finally {
      for (const row of original) await database.db.update(users).set({ passwordHash: row.passwordHash }).where(sql`${users.email} = ${row.email}`);
    }
  });
});

describe('sample papers and labels', () => {
  it('every seeded household\'s papers pass the owner\'s contract (PIB check digits, 12-digit holding numbers), and the honey household is verified', async () => {
    const { householdLegalInput } = await import('#shared/contracts/legal.ts');
    const rows = await database.db.select({ name: households.name, legal: households.legal, verifiedAt: households.legalVerifiedAt }).from(households);
    for (const row of rows) expect(householdLegalInput.safeParse(row.legal).success, row.name).toBe(true);
    const honey = rows.find((r) => r.name === 'Pčelinjak Jovanović')!;
    expect(honey.legal.registrations.map((r) => r.categories)).toContainEqual(expect.arrayContaining(['honey']));
    expect(honey.verifiedAt).not.toBeNull();
    const labelled = await database.db.select({ name: products.name, ingredients: products.ingredients, allergens: products.allergens }).from(products);
    expect(labelled.find((p) => p.name === 'Ајвар благи')?.ingredients).toMatch(/паприка/);
    expect(labelled.find((p) => p.name === 'Bagremov med')?.ingredients).toBe('Bagremov med 100%.');
    expect(labelled.find((p) => p.name === 'Пинђур')?.allergens).toEqual(['сенф']);
  });
});
