import type pg from 'pg';
import type { Db } from '../db/client.ts';
import type { MailOutbox } from '../domain/outbox.ts';
import { createCheckoutStore, createOrdersRepository } from '../features/orders/orders.repository.ts';
import { createOrdersService } from '../features/orders/orders.service.ts';
import { expireHolds, type WaitlistDeps } from '../domain/waitlist.ts';

export interface ExpiriesResult { deposits: number; holds: number }

/**
 * `run-expiries` (docs/product.md, "Pre-orders and the waitlist"): unpaid deposits due by `at`
 * (their pre-orders cancelled, stock returned, buyers told), in bounded passes until none is
 * left. Each expiry happens once however many instances run it: every order is re-read under
 * its row lock. The server's scheduler calls it every minute; `npm run admin -- run-expiries`
 * the same.
 */
export function createExpiries(deps: {
  db: Db; pool: pg.Pool; clock: () => Date; outbox: Pick<MailOutbox, 'kick'>; waitlist: WaitlistDeps;
  log?: { warn: (obj: object, msg: string) => void };
}) {
  const orders = createOrdersService({
    db: deps.db, repo: createOrdersRepository(), checkoutStore: createCheckoutStore(deps.pool), clock: deps.clock, outbox: deps.outbox, waitlist: deps.waitlist,
  });
  return {
    async runExpiries(at: Date = deps.clock()): Promise<ExpiriesResult> {
      let deposits = 0;
      for (;;) {
        const { expired, seen } = await orders.expireDeposits(at);
        deposits += expired.length;
        if (seen === 0 || expired.length === 0) break;
      }
      let holds = 0;
      for (;;) {
        const r = await expireHolds(deps.db, at, deps.waitlist);
        holds += r.expired;
        if (r.seen === 0 || r.expired === 0) break;
      }
      if (deposits + holds > 0) deps.outbox.kick();
      return { deposits, holds };
    },
  };
}

export type Expiries = ReturnType<typeof createExpiries>;
