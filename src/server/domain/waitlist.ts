import { and, asc, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import { textLanguage, type Language } from '#shared/constants.ts';
import { formatDateTime, formatQuantity } from '#shared/format.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { products, users, waitlistEntries } from '../db/schema.ts';
import { paragraphAndLink, type Mail } from '../lib/mailer.ts';
import { createNotification } from './notifications.ts';
import { enqueueMail } from './outbox.ts';

/**
 * The waitlist's holds (docs/product.md, "Pre-orders and the waitlist"; ADR 0048), for every
 * feature that returns stock (a cancellation, an edit) and for run-expiries.
 *
 * A hold is units taken out of products.stock onto the buyer's waitlist entry
 * (held_quantity, held_until), in the transaction that returned them and under the product's
 * row lock: stock plus the holds is what exists, so nothing is held twice and no hold is
 * more than there is. Waiting buyers are offered in join order (seq); an entry is held only
 * whole (a buyer who asked for 3 is not offered 1), and a buyer further down is not offered
 * before one above who still waits. The holder's checkout takes its hold back into the stock
 * it buys from (features/orders); an unused hold expires (its entry is dropped) and passes on.
 */

export interface WaitlistDeps { holdHours: number; publicUrl: string }

/**
 * Offers what the product's stock now holds to the buyers waiting for it, in join order.
 * Call it inside the transaction that returned the stock. Returns the entries offered.
 */
export async function offerReturnedStock(tx: DbOrTx, productId: string, now: Date, deps: WaitlistDeps): Promise<number> {
  const [product] = await tx.select({ id: products.id, name: products.name, unit: products.unit, stock: products.stock })
    .from(products).where(eq(products.id, productId)).for('update');
  if (!product || product.stock === null || product.stock <= 0) return 0;
  const waiting = await tx.select({ userId: waitlistEntries.userId, quantity: waitlistEntries.quantity })
    .from(waitlistEntries).where(and(eq(waitlistEntries.productId, productId), eq(waitlistEntries.heldQuantity, 0)))
    .orderBy(asc(waitlistEntries.seq)).for('update');
  let stock = product.stock;
  let offered = 0;
  const until = new Date(now.getTime() + deps.holdHours * 3600_000);
  for (const entry of waiting) {
    if (entry.quantity > stock) break;
    stock = Math.round((stock - entry.quantity) * 1000) / 1000;
    await tx.update(waitlistEntries).set({ heldQuantity: entry.quantity, heldUntil: until })
      .where(and(eq(waitlistEntries.productId, productId), eq(waitlistEntries.userId, entry.userId)));
    await tellOffer(tx, { ...product, userId: entry.userId, quantity: entry.quantity, until, now }, deps);
    offered++;
  }
  if (offered > 0) await tx.update(products).set({ stock, updatedAt: now }).where(eq(products.id, productId));
  return offered;
}

/** The waitlist_offer notification (push goes with it) and the mail, in the buyer's language. */
async function tellOffer(tx: DbOrTx, o: { id: string; name: string; unit: string; userId: string; quantity: number; until: Date; now: Date }, deps: WaitlistDeps) {
  const [buyer] = await tx.select({ email: users.email, name: users.name, language: users.language, notifyByEmail: users.notifyByEmail, settings: users.notificationSettings })
    .from(users).where(eq(users.id, o.userId));
  if (!buyer) return;
  const lang = textLanguage(buyer.language);
  const quantity = formatQuantity(o.quantity, o.unit, lang);
  const until = formatDateTime(o.until, lang)!;
  await createNotification(tx, {
    userId: o.userId, type: 'waitlist_offer', createdAt: o.now,
    data: { productId: o.id, productName: o.name, quantity, heldUntil: until },
  });
  const wantsMail = buyer.notifyByEmail && (buyer.settings as Record<string, { mail?: boolean }>)?.waitlist_offer?.mail !== false;
  if (wantsMail) await enqueueMail(tx, waitlistOfferMail(buyer, { productId: o.id, name: o.name, quantity, until }, deps.publicUrl));
}

export function waitlistOfferMail(to: { email: string; name: string; language: Language }, o: { productId: string; name: string; quantity: string; until: string }, publicUrl: string): Mail {
  const lang = textLanguage(to.language);
  const url = `${publicUrl.replace(/\/$/, '')}/product/${o.productId}`;
  const texts = {
    sr: { subject: `Домаће: ${o.name} је поново ту`, body: `Поштовани/а ${to.name}, ${o.name} је поново на располагању: ${o.quantity} чека на вас до ${o.until}. Поручите до тада; после тога иде следећем на листи.`, link: 'Поручите' },
    en: { subject: `Domaće: ${o.name} is back`, body: `Dear ${to.name}, ${o.name} is back: ${o.quantity} is held for you until ${o.until}. Order by then; after that it goes to the next person waiting.`, link: 'Order now' },
    ru: { subject: `Domaće: ${o.name} снова в наличии`, body: `${to.name}, ${o.name} снова в наличии: ${o.quantity} отложено для вас до ${o.until}. Закажите до этого времени; потом товар перейдёт следующему в очереди.`, link: 'Заказать' },
  }[lang];
  return paragraphAndLink(to, texts, url);
}

/**
 * The buyer's holds on these products, taken back into their stock (and the entries dropped)
 * for the buyer's checkout in the same transaction: the checkout then buys from that stock.
 * Returns the units given back per product.
 */
export async function releaseHoldsForCheckout(client: { query: (text: string, values: unknown[]) => Promise<{ rows: { product_id: string; held: number }[] }> }, buyerId: string, productIds: string[], now: Date): Promise<Map<string, number>> {
  const { rows } = await client.query(`
    WITH gone AS (
      DELETE FROM waitlist_entries w
      WHERE w.user_id = $1::uuid AND w.product_id = ANY($2::uuid[]) AND w.held_quantity > 0 AND w.held_until > $3::timestamptz
      RETURNING w.product_id, w.held_quantity
    ), back AS (
      UPDATE products p SET stock = p.stock + g.held_quantity, updated_at = $3::timestamptz
      FROM gone g WHERE p.id = g.product_id AND p.stock IS NOT NULL
    )
    SELECT product_id, held_quantity::float8 AS held FROM gone`, [buyerId, productIds, now]);
  return new Map(rows.map((r) => [r.product_id, Number(r.held)]));
}

/**
 * run-expiries' holds: each hold due by `at` gives its units back to the stock, its entry is
 * dropped (the buyer's turn passed) and the next buyers are offered, in one transaction under
 * the product's and the entry's row locks, re-checked there: each expiry happens once however
 * many instances run it.
 */
export async function expireHolds(db: Db, at: Date, deps: WaitlistDeps, limit = 200): Promise<{ expired: number; seen: number }> {
  const due = await db.select({ productId: waitlistEntries.productId, userId: waitlistEntries.userId }).from(waitlistEntries)
    .where(and(isNotNull(waitlistEntries.heldUntil), lte(waitlistEntries.heldUntil, at)))
    .orderBy(asc(waitlistEntries.heldUntil)).limit(limit);
  let expired = 0;
  for (const d of due) {
    const done = await db.transaction(async (tx) => {
      // The product first (the order every stock change locks in), then the entry.
      await tx.select({ id: products.id }).from(products).where(eq(products.id, d.productId)).for('update');
      const [entry] = await tx.select().from(waitlistEntries)
        .where(and(eq(waitlistEntries.productId, d.productId), eq(waitlistEntries.userId, d.userId), gt(waitlistEntries.heldQuantity, 0), lte(waitlistEntries.heldUntil, at)))
        .for('update');
      if (!entry) return false;
      await tx.delete(waitlistEntries).where(and(eq(waitlistEntries.productId, d.productId), eq(waitlistEntries.userId, d.userId)));
      await tx.update(products).set({ stock: sql`${products.stock} + ${entry.heldQuantity}`, updatedAt: at })
        .where(and(eq(products.id, d.productId), isNotNull(products.stock)));
      await offerReturnedStock(tx, d.productId, at, deps);
      return true;
    });
    if (done) expired++;
  }
  return { expired, seen: due.length };
}
