-- Payment told, confirmed and matched (docs/payments.md): the buyer's "I have paid" on an IPS
-- order (payment_status 'reported'), the day-before reminder (once per order), and the
-- notifications of both.
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_check";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("payment_status" IN ('unpaid', 'reported', 'paid'));
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reported_at" timestamp with time zone;
--> statement-breakpoint
-- The reminders' sweep reads unpaid IPS orders of one day.
CREATE INDEX "orders_ips_unpaid_idx" ON "orders" ("pickup_date") WHERE "payment_method" = 'ips_qr' AND "payment_status" = 'unpaid';
--> statement-breakpoint
-- One row per order whose buyer was reminded: THE guarantee that a reminder goes out at most
-- once, however many instances run the sweep and however often they restart.
CREATE TABLE "payment_reminders" (
	"order_id" uuid PRIMARY KEY NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check"
  CHECK ("type" IN ('order_placed', 'order_status', 'message', 'review', 'moderation', 'standing_skipped', 'standing_price_changed', 'drop_announced', 'drop_changed', 'order_weighed', 'payment_reported', 'payment_reminder'));
