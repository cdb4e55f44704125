-- Sold by weight (docs/weight-pricing.md): a product priced per kg and ordered in pieces of a
-- usual weight; an order line keeps the piece weight and the weight the producer enters; an
-- order keeps the total estimated at checkout (the 15 % rule compares with it).
ALTER TABLE "products" ADD COLUMN "pricing" text DEFAULT 'unit' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "piece_weight" numeric(6, 3);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pricing_check" CHECK ("pricing" IN ('unit', 'weight'));
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_piece_weight_check" CHECK ("pricing" = 'unit' OR "piece_weight" BETWEEN 0.01 AND 100);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "pricing" text DEFAULT 'unit' NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "piece_weight" numeric(6, 3);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "weight" numeric(8, 3);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_pricing_check" CHECK ("pricing" IN ('unit', 'weight'));
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_weight_positive" CHECK ("weight" IS NULL OR ("pricing" = 'weight' AND "weight" > 0));
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "estimate_total_para" bigint;
--> statement-breakpoint
-- The buyer is told when an order is weighed (order_weighed); the list of 0015 plus that one.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check"
  CHECK ("type" IN ('order_placed', 'order_status', 'message', 'review', 'moderation', 'standing_skipped', 'standing_price_changed', 'drop_announced', 'drop_changed', 'order_weighed'));
