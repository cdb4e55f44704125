import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/**
 * A pre-order's deposit paid (src/shared/deposit.ts), in one place for the features that learn
 * of it: the producer's confirmation (orders) and a statement row (payments).
 */

/**
 * Deposits paid (the producer's confirmation or a statement row): due -> paid, and an order
 * awaiting its deposit goes on as pending (with its event). The deposit of an order cancelled
 * meanwhile (expired unpaid, cancelled by the buyer) becomes refund_due instead: migration
 * 0023's trigger, the same rule as a cancellation after the deposit was paid. Returns the
 * orders it changed; a deposit not due (paid, refund due, refunded) is left as it is.
 */
export async function markDepositsPaid(db: DbOrTx, ids: string[], actorId: string | null, now: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const at = now.toISOString();
  const { rows } = await db.execute<{ id: string }>(sql`
    WITH old AS (
      SELECT id, status FROM orders
      WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[]) AND deposit_status = 'due'
      ORDER BY id FOR UPDATE
    ), paid AS (
      UPDATE orders o SET deposit_status = 'paid', deposit_paid_at = ${at}::timestamptz,
             status = CASE WHEN old.status = 'awaiting_deposit' THEN 'pending' ELSE o.status END,
             updated_at = greatest(${at}::timestamptz, o.updated_at + interval '1 millisecond')
      FROM old WHERE o.id = old.id
      RETURNING o.id, old.status AS old_status, o.updated_at
    ), e AS (
      INSERT INTO order_events (order_id, status, actor_id, created_at)
      SELECT id, 'pending', ${actorId}::uuid, updated_at FROM paid WHERE old_status = 'awaiting_deposit'
    )
    SELECT id FROM paid`);
  return rows.map((r) => r.id);
}
