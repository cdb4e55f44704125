import type { MatchedRow, StatementImport, UnmatchedRow } from '#shared/contracts/payments.ts';
import { paymentReferenceOf, remainderPara } from '#shared/deposit.ts';
import { paraToRsd } from '#shared/money.ts';
import { addDays, belgradeInstant, belgradeNow } from '#shared/time.ts';
import type { Db } from '../../db/client.ts';
import { createNotification } from '../../domain/notifications.ts';
import { enqueueMail, type MailOutbox } from '../../domain/outbox.ts';
import { paymentReminderMail } from './payments.mails.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import { readStatement } from './statement.ts';

/** Reminders go out from this Belgrade hour of the day before (never in the night). */
export const REMINDER_FROM = '09:00';


export interface PaymentsServiceDeps {
  db: Db;
  repo: PaymentsRepository;
  clock: () => Date;
  outbox: Pick<MailOutbox, 'kick'>;
  publicUrl: string;
  log?: { warn: (obj: object, msg: string) => void };
}

export function createPaymentsService({ db, repo, clock, outbox, publicUrl, log }: PaymentsServiceDeps) {
  return {
    /**
     * POST /api/producer/payments/import: every row whose reference is one of the producer's
     * orders (model 97, its number) and whose amount is its total to the para makes it paid,
     * in one transaction under the orders' row locks, so a second import of the same file
     * (even at the same moment) finds them paid: `already_paid`, nothing paid twice. An order
     * of another household is `not_yours` and never touched. A reference ending in `-1` pays
     * the order's deposit (its amount to the para; src/shared/deposit.ts); the order's own
     * reference then asks what is left (the total less a paid deposit). A deposit of an order
     * cancelled before its money came is matched too and becomes refund_due (`refundDue`).
     */
    async importStatement(householdId: string, bytes: Buffer): Promise<StatementImport> {
      const statement = readStatement(bytes);
      // Each row's reference is read twice (here, then when matched) rather than kept: a 5 MB
      // statement is ~120,000 rows, and the import must fit the app's heap beside its answer.
      const wanted = new Set<number>();
      for (const row of statement.rows) {
        const ref = paymentReferenceOf(row.reference);
        if (ref) wanted.add(ref.number);
      }
      const matched: MatchedRow[] = [];
      const unmatched: UnmatchedRow[] = [];
      await db.transaction(async (tx) => {
        const found = new Map((await repo.ordersByNumbers(tx, [...wanted], householdId)).map((o) => [o.number, o]));
        const paidNow = new Set<string>();
        const depositsNow = new Set<string>();
        for (const row of statement.rows) {
          // Every answer row is one object literal of one shape (a 5 MB statement answers
          // ~120,000 of them; spread copies of mixed shapes took ~570 bytes each).
          const miss = (reason: UnmatchedRow['reason'], order?: { id: string; number: number }, problem?: UnmatchedRow['problem']): void => {
            unmatched.push({
              row: row.line, date: row.date, amount: row.amountPara === null ? null : paraToRsd(row.amountPara), payer: row.payer, reference: row.reference,
              reason, problem, orderId: order?.id, number: order?.number,
            });
          };
          const ref = paymentReferenceOf(row.reference);
          if (ref === null) { miss('no_order', undefined, row.reference === '' ? 'reference_missing' : 'reference_unreadable'); continue; }
          const order = found.get(ref.number);
          if (!order || (ref.deposit && order.depositStatus === null)) { miss('no_order'); continue; }
          if (order.householdId !== householdId) { miss('not_yours'); continue; }
          const hit = (deposit: boolean, refundDue = false): void => {
            matched.push({
              row: row.line, date: row.date, amount: row.amountPara === null ? null : paraToRsd(row.amountPara), payer: row.payer, reference: row.reference,
              orderId: order.id, number: order.number, deposit: deposit ? true : undefined, refundDue: refundDue ? true : undefined,
            });
          };
          if (ref.deposit) {
            if (order.depositStatus !== 'due' || depositsNow.has(order.id)) { miss('already_paid', order); continue; }
            if (row.amountPara === null) { miss('amount', order, 'amount_unreadable'); continue; }
            if (row.amountPara !== order.depositPara) { miss('amount', order); continue; }
            depositsNow.add(order.id);
            // Paid after its pre-order was cancelled (expired unpaid, cancelled by the buyer): the
            // money came and is owed back, refund_due (markDepositsPaid, migration 0023).
            hit(true, order.status === 'cancelled');
            continue;
          }
          if (order.paymentStatus === 'paid' || paidNow.has(order.id)) { miss('already_paid', order); continue; }
          if (row.amountPara === null) { miss('amount', order, 'amount_unreadable'); continue; }
          // A deposit paid in this same file counts too.
          const depositPaid = order.depositStatus === 'paid' || depositsNow.has(order.id);
          const due = remainderPara(order.totalPara, order.depositStatus === null ? null : { para: order.depositPara ?? 0, status: depositPaid ? 'paid' : order.depositStatus });
          if (row.amountPara !== due) { miss('amount', order); continue; }
          paidNow.add(order.id);
          hit(false);
        }
        const now = clock();
        await repo.markDepositsPaid(tx, [...depositsNow], now);
        await repo.markPaid(tx, [...paidNow], now);
      });
      return { matched, unmatched, columns: statement.columns, encoding: statement.encoding, delimiter: statement.delimiter };
    },

    /**
     * The day-before reminders due at `at`: every unpaid (not reported, not paid) IPS order
     * whose date is tomorrow in Belgrade, placed before today began, not cancelled or
     * completed, from REMINDER_FROM on. Each is claimed by its row in payment_reminders in
     * the same transaction as its notification and mail, so however many instances run this
     * at once, a buyer is reminded once per order.
     */
    async runReminders(at: Date = clock(), limit = 200): Promise<{ reminded: number }> {
      const today = belgradeNow(at);
      if (today.time < REMINDER_FROM) return { reminded: 0 };
      const ids = await repo.dueReminders(db, addDays(today.date, 1), belgradeInstant(today.date, '00:00'), limit);
      let reminded = 0;
      for (const id of ids) {
        try {
          const sent = await db.transaction(async (tx) => {
            if (!(await repo.claimReminder(tx, id, at))) return false;
            const o = await repo.reminderOrder(tx, id);
            if (!o || o.paymentStatus !== 'unpaid' || o.status === 'cancelled' || o.status === 'completed') return false;
            await createNotification(tx, { userId: o.buyerId, type: 'payment_reminder', orderId: o.id, data: { householdName: o.householdName, number: o.number, date: o.pickupDate }, createdAt: at });
            if (o.buyer.wantsMail) await enqueueMail(tx, [paymentReminderMail(o.buyer, o, publicUrl)]);
            return true;
          });
          if (sent) reminded++;
        } catch (err) {
          log?.warn({ err, orderId: id }, 'payment reminder failed');
        }
      }
      if (reminded > 0) outbox.kick();
      return { reminded };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
