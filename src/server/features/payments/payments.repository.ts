import { and, asc, eq, inArray, lt, ne, notExists, sql } from 'drizzle-orm';
import type { Language, OrderStatus } from '#shared/constants.ts';
import type { DepositStatus } from '#shared/deposit.ts';
import { markDepositsPaid } from '../../domain/deposits.ts';
import type { DbOrTx } from '../../db/client.ts';
import { households, orders, paymentReminders, users } from '../../db/schema.ts';

/** The only module of the payments feature that touches the schema. */

export interface PayableOrder {
  id: string;
  number: number;
  householdId: string;
  status: OrderStatus;
  totalPara: number;
  paymentStatus: 'unpaid' | 'reported' | 'paid';
  depositPercent: number | null;
  depositPara: number | null;
  depositStatus: DepositStatus | null;
}

export interface ReminderOrder {
  id: string;
  number: number;
  buyerId: string;
  householdName: string;
  pickupDate: string;
  pickupTime: string;
  totalPara: number;
  ipsAccount: string | null;
  buyer: { email: string; name: string; language: Language; wantsMail: boolean };
}

const payable = {
  id: orders.id, number: orders.number, householdId: orders.householdId, status: orders.status, totalPara: orders.totalPara, paymentStatus: orders.paymentStatus,
  depositPercent: orders.depositPercent, depositPara: orders.depositPara, depositStatus: orders.depositStatus,
};

export function createPaymentsRepository() {
  return {
    /** Orders with these numbers: the household's own locked until commit, the others only read. */
    async ordersByNumbers(db: DbOrTx, numbers: number[], householdId: string): Promise<PayableOrder[]> {
      if (numbers.length === 0) return [];
      const own = await db.select(payable).from(orders)
        .where(and(inArray(orders.number, numbers), eq(orders.householdId, householdId))).orderBy(asc(orders.id)).for('update');
      const others = await db.select(payable).from(orders)
        .where(and(inArray(orders.number, numbers), ne(orders.householdId, householdId)));
      return [...own, ...others];
    },

    /** Paid now (from unpaid or reported); the buyer's report time stays. */
    async markPaid(db: DbOrTx, ids: string[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      await db.update(orders).set({ paymentStatus: 'paid', paidAt: now, updatedAt: now })
        .where(and(inArray(orders.id, ids), ne(orders.paymentStatus, 'paid')));
    },

    /** Deposits matched by a statement: paid, their orders on from awaiting the deposit. */
    async markDepositsPaid(db: DbOrTx, ids: string[], now: Date): Promise<void> {
      await markDepositsPaid(db, ids, null, now);
    },

    /** Unpaid IPS orders of `date` placed before `placedBefore`, not cancelled or completed, whose buyer was not reminded. */
    async dueReminders(db: DbOrTx, date: string, placedBefore: Date, limit: number): Promise<string[]> {
      const rows = await db.select({ id: orders.id }).from(orders)
        .where(and(
          eq(orders.paymentMethod, 'ips_qr'), eq(orders.paymentStatus, 'unpaid'), eq(orders.pickupDate, date),
          inArray(orders.status, ['pending', 'confirmed', 'ready']), lt(orders.createdAt, placedBefore),
          notExists(db.select({ one: sql`1` }).from(paymentReminders).where(eq(paymentReminders.orderId, orders.id))),
        ))
        .orderBy(asc(orders.id)).limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Claims the order's reminder: true for the one caller whose row went in. A concurrent
     * claim waits on the key until this transaction ends, then gets nothing.
     */
    async claimReminder(db: DbOrTx, orderId: string, now: Date): Promise<boolean> {
      const rows = await db.insert(paymentReminders).values({ orderId, sentAt: now }).onConflictDoNothing().returning({ orderId: paymentReminders.orderId });
      return rows.length === 1;
    },

    /** The order as the reminder tells it, read again inside the claim (still unpaid?). */
    async reminderOrder(db: DbOrTx, id: string): Promise<(ReminderOrder & { paymentStatus: string; status: string }) | null> {
      const wantsMail = sql<boolean>`(${users.notifyByEmail} AND coalesce((${users.notificationSettings}->'payment_reminder'->>'mail')::boolean, true))`;
      const [row] = await db.select({
        id: orders.id, number: orders.number, buyerId: orders.buyerId, householdName: households.name, pickupDate: orders.pickupDate,
        pickupTime: orders.pickupTime, totalPara: orders.totalPara, ipsAccount: orders.ipsAccount, paymentStatus: orders.paymentStatus, status: orders.status,
        email: users.email, name: users.name, language: users.language, wantsMail,
      }).from(orders)
        .innerJoin(households, eq(households.id, orders.householdId))
        .innerJoin(users, eq(users.id, orders.buyerId))
        .where(eq(orders.id, id));
      if (!row) return null;
      const { email, name, language, wantsMail: wants, ...order } = row;
      return { ...order, buyer: { email, name, language, wantsMail: wants } };
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
