import type pg from 'pg';
import { BUSINESS_TIME_ZONE } from '#shared/constants.ts';
import { prng } from './generate.ts';
import type { Buyer } from './users.ts';

/** A pickup date the server accepts: tomorrow in Belgrade (today would break at midnight). */
export function pickupDate(daysAhead = 1): string {
  const at = new Date(Date.now() + daysAhead * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export interface BasketLine { productId: string; quantity: number }

export function checkoutBody(items: BasketLine[]): string {
  return JSON.stringify({ items, deliveryType: 'pickup', pickupDate: pickupDate(), pickupTime: '10:00', contactPhone: '+381641234567' });
}

/**
 * `rounds` baskets per buyer, each of 2 lines from one household (one order), spread over the
 * catalogue so buyers do not all queue on the same product rows; only products with unlimited
 * stock (the generated ones), so no basket is ever refused. Deterministic (seed 7).
 */
export async function checkoutBaskets(pool: pg.Pool, productIds: string[], buyers: Buyer[], rounds: number): Promise<Array<{ token: string; body: string }>> {
  const available = await pool.query<{ ids: string[] }>(
    `SELECT array_agg(id::text ORDER BY id) AS ids FROM products
     WHERE availability AND archived_at IS NULL AND stock IS NULL AND id = ANY($1::uuid[])
     GROUP BY household_id HAVING count(*) >= 2 ORDER BY household_id`, [productIds]);
  const multi = available.rows.map((r) => r.ids);
  const rand = prng(7);
  const baskets: Array<{ token: string; body: string }> = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const buyer of buyers) {
      const ids = multi[Math.floor(rand() * multi.length)]!;
      const a = ids[Math.floor(rand() * ids.length)]!;
      let b = ids[Math.floor(rand() * ids.length)]!;
      if (b === a) b = ids.find((x) => x !== a)!;
      baskets.push({ token: buyer.token, body: checkoutBody([{ productId: a, quantity: 1 + Math.floor(rand() * 3) }, { productId: b, quantity: 1 }]) });
    }
  }
  return baskets;
}
