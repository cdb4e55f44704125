import type { Order } from '#shared/contracts/orders.ts';
import type { Db } from '../../db/client.ts';
import { createNotification } from '../../domain/notifications.ts';
import { enqueueMail, type MailOutbox } from '../../domain/outbox.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { OrdersRepository } from './orders.repository.ts';
import { eventTime, loadOne, toOrder, totalIsFinal } from './orders.service.ts';
import { paymentReportedMail } from './payment.mails.ts';

/**
 * POST /api/orders/:id/payment-sent (docs/payments.md): the buyer of an IPS order says they
 * paid. unpaid -> reported, the producer notified (and mailed unless they turned that mail
 * off). Said again: 200 with the order unchanged (a double tap notifies once). Another
 * user's order: 404; cash: 409 order.not_ips; paid: 409 order.already_paid; cancelled: 409
 * order.status_final; sold by weight and not final yet: 409 order.weights_missing. The producer then confirms with PATCH /api/producer/orders/:id.
 */
export function createPaymentSent(deps: { db: Db; repo: OrdersRepository; clock: () => Date; outbox: Pick<MailOutbox, 'kick'>; publicUrl: string }) {
  const { db, repo, clock, outbox } = deps;
  return async function paymentSent(buyerId: string, id: string): Promise<Order> {
    const { order, told } = await db.transaction(async (tx) => {
      const row = await repo.lockOrder(tx, id, { buyerId });
      if (!row) throw notFound('Order');
      // A pre-order awaiting its deposit: what the buyer says they paid is the deposit (by IPS,
      // whatever pays the rest: src/shared/deposit.ts); the producer then confirms it.
      if (row.status === 'awaiting_deposit' && row.depositStatus === 'due') {
        if (row.depositReportedAt) return { order: await loadOne(repo, tx, id), told: false };
        const now = eventTime(clock(), row.updatedAt);
        await repo.setDepositReported(tx, id, now);
        const full = await loadOne(repo, tx, id);
        await createNotification(tx, { userId: row.householdId, type: 'payment_reported', orderId: id, data: { customerName: full.customerName, number: full.number, deposit: true }, createdAt: now });
        const [producer] = await repo.findRecipients(tx, [row.householdId], 'payment_reported');
        if (producer?.notifyByEmail) {
          await enqueueMail(tx, [paymentReportedMail(producer, { number: full.number, customerName: full.customerName, totalPara: full.depositPara ?? 0, publicUrl: deps.publicUrl })]);
        }
        return { order: full, told: true };
      }
      if (row.paymentMethod !== 'ips_qr') throw conflict('order.not_ips', 'Only an order paid by IPS QR can be reported as paid; this one is paid in cash');
      if (row.paymentStatus === 'paid') throw conflict('order.already_paid', 'This order is already paid');
      if (row.status === 'cancelled') throw conflict('order.status_final', 'A cancelled order cannot change');
      if (row.paymentStatus === 'reported') return { order: await loadOne(repo, tx, id), told: false };
      const now = eventTime(clock(), row.updatedAt);
      await repo.setPaymentReported(tx, id, now);
      const full = await loadOne(repo, tx, id);
      // Sold by weight: there is nothing to pay until the total is final (docs/weight-pricing.md);
      // the refusal rolls the change back.
      if (!totalIsFinal(full)) {
        throw conflict('order.weights_missing', 'The total of this order is final once every line sold by weight is weighed and, above the estimate by more than 15 %, accepted');
      }
      await createNotification(tx, { userId: row.householdId, type: 'payment_reported', orderId: id, data: { customerName: full.customerName, number: full.number }, createdAt: now });
      const [producer] = await repo.findRecipients(tx, [row.householdId], 'payment_reported');
      if (producer?.notifyByEmail) {
        await enqueueMail(tx, [paymentReportedMail(producer, { number: full.number, customerName: full.customerName, totalPara: full.totalPara, publicUrl: deps.publicUrl })]);
      }
      return { order: full, told: true };
    });
    if (told) outbox.kick();
    return toOrder(order);
  };
}
