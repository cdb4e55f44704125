import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/db.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { DatabaseNotEmptyError, DROP_ORDERS, seedScale, type ScaleResult } from './scale.ts';

const SIZES = { households: 20, products: 200, buyers: 300, orders: 3000, standing: 100 };

let database: TestDatabase;
let result: ScaleResult;

beforeAll(async () => {
  database = await createTestDatabase();
  result = await seedScale(database.pool, SIZES);
}, 60_000);

afterAll(async () => {
  await database?.close();
});

async function one<T>(text: string): Promise<T> {
  return (await database.pool.query(text)).rows[0] as T;
}

describe('seed-scale', () => {
  it('writes the sizes asked for', async () => {
    const c = await one<Record<string, number>>(`SELECT
      (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM households) AS households,
      (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM orders) AS orders,
      (SELECT count(*)::int FROM standing_orders) AS standing, (SELECT count(*)::int FROM drops) AS drops,
      (SELECT count(*)::int FROM order_messages) AS messages, (SELECT count(*)::int FROM notifications) AS notifications,
      (SELECT count(*)::int FROM admin_audit) AS audit`);
    expect(c).toMatchObject({ users: 1 + SIZES.households + SIZES.buyers, households: SIZES.households, products: SIZES.products, orders: SIZES.orders, standing: SIZES.standing });
    expect(c.drops).toBe(1);
    expect(c.messages).toBeGreaterThan(0);
    expect(c.notifications).toBeGreaterThan(SIZES.orders);
    expect(c.audit).toBeGreaterThan(0);
  });

  it('writes a believable year: every status, totals equal to the lines, a full drop of the busiest producer', async () => {
    const statuses = (await database.pool.query<{ status: string }>('SELECT DISTINCT status FROM orders ORDER BY status')).rows.map((r) => r.status);
    expect(statuses).toEqual(['awaiting_buyer', 'cancelled', 'completed', 'confirmed', 'no_show', 'pending', 'ready']);
    const span = await one<{ days: number }>('SELECT extract(day FROM max(created_at) - min(created_at))::int AS days FROM orders');
    expect(span.days).toBeGreaterThanOrEqual(330);
    const wrong = await one<{ n: number }>(`SELECT count(*)::int AS n FROM orders o
      WHERE o.total_para <> o.delivery_fee_para + (SELECT sum(i.unit_price_para * i.quantity) FROM order_items i WHERE i.order_id = o.id)`);
    expect(wrong.n).toBe(0);
    const foreign = await one<{ n: number }>(`SELECT count(*)::int AS n FROM order_items i JOIN orders o ON o.id = i.order_id
      JOIN products p ON p.id = i.product_id WHERE p.household_id <> o.household_id`);
    expect(foreign.n).toBe(0);
    const drop = await one<{ n: number; households: number }>(`SELECT count(*)::int AS n, count(DISTINCT o.household_id)::int AS households
      FROM orders o JOIN users u ON u.id = o.household_id WHERE o.drop_id = '${result.dropId}' AND u.email = '${result.busiestProducer}'`);
    expect(drop).toEqual({ n: DROP_ORDERS, households: 1 });
    const busiest = await one<{ email: string }>(`SELECT u.email FROM orders o JOIN users u ON u.id = o.buyer_id GROUP BY u.email ORDER BY count(*) DESC LIMIT 1`);
    expect(busiest.email).toBe(result.busiestBuyer);
    const next = await one<{ n: number }>(`SELECT nextval('order_number_seq')::int AS n`);
    expect(next.n).toBe(100001 + SIZES.orders);
  });

  it('gives every account the one printed password, and one operator', async () => {
    const hashes = await one<{ n: number; hash: string }>('SELECT count(DISTINCT password_hash)::int AS n, min(password_hash) AS hash FROM users');
    expect(hashes.n).toBe(1);
    expect(await verifyPassword(hashes.hash, result.password)).toBe(true);
    const ops = await one<{ email: string }>('SELECT email FROM users WHERE is_admin');
    expect(ops.email).toBe(result.operator);
  });

  it('refuses a database that is not empty, and leaves it as it was', async () => {
    await expect(seedScale(database.pool, SIZES)).rejects.toBeInstanceOf(DatabaseNotEmptyError);
    const c = await one<{ orders: number }>('SELECT count(*)::int AS orders FROM orders');
    expect(c.orders).toBe(SIZES.orders);
  });
});
