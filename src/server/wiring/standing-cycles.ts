import type pg from 'pg';
import type { Db } from '../db/client.ts';
import type { MailOutbox } from '../domain/outbox.ts';
import { createCheckoutStore, createOrdersRepository } from '../features/orders/orders.repository.ts';
import { createOrdersService } from '../features/orders/orders.service.ts';
import { createStandingRepository } from '../features/standing/standing.repository.ts';
import { createStandingService, type StandingService } from '../features/standing/standing.service.ts';

/**
 * The standing orders service wired to the checkout: a cycle is placed through the orders
 * service's own POST /api/orders path (idempotency key, plan, stock, mails, notifications),
 * so app.ts and `npm run admin -- run-cycles` place cycles exactly alike.
 */
export function createStandingWithCheckout(deps: {
  db: Db; pool: pg.Pool; clock: () => Date; outbox: Pick<MailOutbox, 'kick'>; publicUrl: string; waitlistHoldHours: number;
  log?: { warn: (obj: object, msg: string) => void };
}): StandingService {
  const orders = createOrdersService({
    db: deps.db, repo: createOrdersRepository(), checkoutStore: createCheckoutStore(deps.pool), clock: deps.clock, outbox: deps.outbox,
    waitlist: { holdHours: deps.waitlistHoldHours, publicUrl: deps.publicUrl },
  });
  return createStandingService({
    db: deps.db, repo: createStandingRepository(), clock: deps.clock, outbox: deps.outbox, publicUrl: deps.publicUrl, log: deps.log,
    placeOrder: (buyerId, key, body) => orders.checkout(buyerId, key, body),
  });
}
