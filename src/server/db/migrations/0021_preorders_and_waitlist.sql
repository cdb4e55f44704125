-- Harvest pre-orders with a deposit, and a waitlist (docs/product.md, "Pre-orders and the
-- waitlist"; ADR 0048). A product asks a deposit (percent of the order's total, 0..50) of a
-- pre-order and may cap what is pre-ordered; a household gives buyers 1..14 days to pay it.
ALTER TABLE "products" ADD COLUMN "deposit_percent" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "preorder_limit" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_deposit_percent_check" CHECK ("deposit_percent" BETWEEN 0 AND 50);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_preorder_limit_check" CHECK ("preorder_limit" IS NULL OR "preorder_limit" >= 0);
--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "deposit_days" integer DEFAULT 3 NOT NULL;
--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_deposit_days_check" CHECK ("deposit_days" BETWEEN 1 AND 14);
--> statement-breakpoint
-- A line ordered while its product's harvest was still ahead: what preorder_limit counts.
ALTER TABLE "order_items" ADD COLUMN "preorder" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The order's deposit (null columns = none). deposit_due_at: when an unpaid deposit expires
-- (the order is cancelled by run-expiries); refund_due: the order was cancelled after the
-- deposit was paid, until the producer says it went back.
ALTER TABLE "orders" ADD COLUMN "deposit_percent" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_para" bigint;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_status" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_due_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_reported_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_paid_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_refunded_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deposit_check" CHECK (
  ("deposit_status" IS NULL AND "deposit_para" IS NULL AND "deposit_percent" IS NULL)
  OR ("deposit_status" IN ('due', 'paid', 'refund_due', 'refunded') AND "deposit_para" >= 0 AND "deposit_percent" BETWEEN 1 AND 50));
--> statement-breakpoint
-- run-expiries reads the unpaid deposits due by a time; the dashboard and the stats the refunds due.
CREATE INDEX "orders_deposit_due_idx" ON "orders" ("deposit_due_at") WHERE "status" = 'awaiting_deposit';
--> statement-breakpoint
CREATE INDEX "orders_deposit_status_idx" ON "orders" ("deposit_status", "household_id") WHERE "deposit_status" IN ('paid', 'refund_due');
--> statement-breakpoint
-- The waitlist: one entry per buyer and product, in join order (seq). A hold is units taken
-- out of products.stock onto the entry (held_quantity until held_until), so stock plus holds
-- is what exists and nothing is ever held twice.
CREATE TABLE "waitlist_entries" (
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
  "quantity" numeric(12, 3) NOT NULL,
  "held_quantity" numeric(12, 3) DEFAULT 0 NOT NULL,
  "held_until" timestamp with time zone,
  "joined_at" timestamp with time zone NOT NULL,
  CONSTRAINT "waitlist_entries_pk" PRIMARY KEY ("product_id", "user_id"),
  CONSTRAINT "waitlist_entries_quantity_check" CHECK ("quantity" > 0 AND "quantity" <= 999),
  CONSTRAINT "waitlist_entries_held_check" CHECK ("held_quantity" >= 0 AND "held_quantity" <= "quantity" AND ("held_quantity" = 0) = ("held_until" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "waitlist_entries_product_seq_idx" ON "waitlist_entries" ("product_id", "seq");
--> statement-breakpoint
CREATE INDEX "waitlist_entries_user_idx" ON "waitlist_entries" ("user_id", "seq");
--> statement-breakpoint
CREATE INDEX "waitlist_entries_held_until_idx" ON "waitlist_entries" ("held_until") WHERE "held_until" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check"
  CHECK ("type" IN ('order_placed', 'order_status', 'message', 'review', 'moderation', 'standing_skipped', 'standing_price_changed', 'drop_announced', 'drop_changed', 'order_weighed', 'payment_reported', 'payment_reminder', 'waitlist_offer'));
--> statement-breakpoint
-- A pre-order's first event is awaiting_deposit: like pending, the producer already hears of it
-- by order_placed. A status set by no one (run-expiries) goes to the buyer.
CREATE OR REPLACE FUNCTION domace_notify_order_status() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, type, order_id, data, created_at, push_pending)
  SELECT r.recipient, 'order_status', r.order_id, jsonb_build_object('status', r.status, 'householdName', r.household_name), r.created_at,
         EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = r.recipient)
  FROM (
    SELECT CASE WHEN e.actor_id = o.buyer_id THEN o.household_id ELSE o.buyer_id END AS recipient,
           e.order_id, e.status, e.created_at, h.name AS household_name
    FROM new_events e
    JOIN orders o ON o.id = e.order_id
    JOIN households h ON h.id = o.household_id
    WHERE e.status NOT IN ('pending', 'awaiting_deposit')
  ) r
  JOIN users u ON u.id = r.recipient;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- THE rule of refund_due, for every way an order is cancelled (the buyer, the producer, a drop's
-- cancellation, an SMS reply): a paid deposit becomes due back to the buyer.
CREATE FUNCTION orders_deposit_refund_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.deposit_status := 'refund_due';
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_deposit_refund_due BEFORE UPDATE OF status ON orders
  FOR EACH ROW WHEN (NEW.status = 'cancelled' AND OLD.status <> 'cancelled' AND OLD.deposit_status = 'paid')
  EXECUTE FUNCTION orders_deposit_refund_due();
