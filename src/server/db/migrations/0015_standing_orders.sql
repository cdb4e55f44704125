-- Standing orders: the same basket of one household every 1, 2 or 4 weeks (docs/standing-orders.md).
ALTER TABLE "households" ADD COLUMN "standing_cutoff_hours" integer DEFAULT 48 NOT NULL;
--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_standing_cutoff_hours_check" CHECK ("standing_cutoff_hours" BETWEEN 1 AND 168);
--> statement-breakpoint
CREATE TABLE "standing_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"household_id" uuid NOT NULL REFERENCES "households"("id") ON DELETE CASCADE,
	"items" jsonb NOT NULL,
	"every_weeks" integer NOT NULL,
	"weekday" integer NOT NULL,
	"anchor_date" date NOT NULL,
	"delivery_type" text NOT NULL,
	"pickup_point_id" uuid,
	"time" text,
	"delivery_area" text,
	"delivery_address" text,
	"payment_method" text NOT NULL,
	"contact_phone" text NOT NULL,
	"notes" text,
	"status" text DEFAULT 'active' NOT NULL,
	"paused_until" date,
	"skip_dates" date[] DEFAULT '{}' NOT NULL,
	"last_order_id" uuid REFERENCES "orders"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_orders_every_weeks_check" CHECK ("every_weeks" IN (1, 2, 4)),
	CONSTRAINT "standing_orders_weekday_check" CHECK ("weekday" BETWEEN 1 AND 7),
	CONSTRAINT "standing_orders_status_check" CHECK ("status" IN ('active', 'paused', 'cancelled')),
	CONSTRAINT "standing_orders_delivery_type_check" CHECK ("delivery_type" IN ('pickup', 'delivery')),
	CONSTRAINT "standing_orders_payment_method_check" CHECK ("payment_method" IN ('cash', 'ips_qr'))
);
--> statement-breakpoint
CREATE INDEX "standing_orders_buyer_idx" ON "standing_orders" ("buyer_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "standing_orders_household_idx" ON "standing_orders" ("household_id") WHERE "status" <> 'cancelled';
--> statement-breakpoint
-- One row per (standing order, date) ever acted on: THE guarantee that a cycle is ordered at
-- most once, however many instances run the cycles and however often they restart.
-- status: claimed (being placed now), ordered, skipped.
CREATE TABLE "standing_order_cycles" (
	"standing_order_id" uuid NOT NULL REFERENCES "standing_orders"("id") ON DELETE CASCADE,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"order_id" uuid REFERENCES "orders"("id") ON DELETE SET NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "standing_order_cycles_pk" PRIMARY KEY ("standing_order_id", "date"),
	CONSTRAINT "standing_order_cycles_status_check" CHECK ("status" IN ('claimed', 'ordered', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check"
  CHECK ("type" IN ('order_placed', 'order_status', 'message', 'review', 'moderation', 'standing_skipped', 'standing_price_changed'));
--> statement-breakpoint
-- A price change tells every buyer with a live standing order of the product (they pay
-- today's price); one INSERT per statement, like the order triggers of migration 0009.
CREATE OR REPLACE FUNCTION domace_standing_price_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, type, data, created_at, push_pending)
  SELECT DISTINCT ON (s.buyer_id, n.id) s.buyer_id, 'standing_price_changed',
         jsonb_build_object('productId', n.id, 'productName', n.name, 'oldPrice', o.price_para / 100.0, 'newPrice', n.price_para / 100.0, 'standingOrderId', s.id),
         now(), EXISTS (SELECT 1 FROM push_subscriptions ps WHERE ps.user_id = s.buyer_id)
  FROM new_products n
  JOIN old_products o ON o.id = n.id AND o.price_para <> n.price_para
  JOIN standing_orders s ON s.status <> 'cancelled' AND s.items @> jsonb_build_array(jsonb_build_object('productId', n.id::text));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_standing_price_changed AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION domace_standing_price_changed();
--> statement-breakpoint
-- A product archived pauses the active standing orders that need it, and says why.
CREATE OR REPLACE FUNCTION domace_standing_product_removed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    SELECT n.id, n.name FROM new_products n JOIN old_products o ON o.id = n.id
    WHERE n.archived_at IS NOT NULL AND o.archived_at IS NULL
  ), paused AS (
    UPDATE standing_orders s SET status = 'paused', paused_until = NULL, updated_at = now()
    FROM gone g
    WHERE s.status = 'active' AND s.items @> jsonb_build_array(jsonb_build_object('productId', g.id::text))
    RETURNING s.id, s.buyer_id, g.name
  )
  INSERT INTO notifications (user_id, type, data, created_at, push_pending)
  SELECT p.buyer_id, 'standing_skipped', jsonb_build_object('reason', 'product_removed', 'paused', true, 'productName', p.name, 'standingOrderId', p.id),
         now(), EXISTS (SELECT 1 FROM push_subscriptions ps WHERE ps.user_id = p.buyer_id)
  FROM paused p;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_standing_removed AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION domace_standing_product_removed();
--> statement-breakpoint
-- A household suspended by an operator pauses its active standing orders, and says why.
CREATE OR REPLACE FUNCTION domace_standing_household_suspended() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH paused AS (
    UPDATE standing_orders s SET status = 'paused', paused_until = NULL, updated_at = now()
    FROM new_households n JOIN old_households o ON o.id = n.id
    WHERE n.status = 'suspended' AND o.status <> 'suspended' AND s.household_id = n.id AND s.status = 'active'
    RETURNING s.id, s.buyer_id, n.name
  )
  INSERT INTO notifications (user_id, type, data, created_at, push_pending)
  SELECT p.buyer_id, 'standing_skipped', jsonb_build_object('reason', 'household_suspended', 'paused', true, 'householdName', p.name, 'standingOrderId', p.id),
         now(), EXISTS (SELECT 1 FROM push_subscriptions ps WHERE ps.user_id = p.buyer_id)
  FROM paused p;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER households_standing_suspended AFTER UPDATE ON households
  REFERENCING OLD TABLE AS old_households NEW TABLE AS new_households FOR EACH STATEMENT EXECUTE FUNCTION domace_standing_household_suspended();
