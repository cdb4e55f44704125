-- A year of a busy marketplace (docs/performance.md, "A year at scale"; ADR 0047). Measured on
-- seed-scale's 2,000,000 orders: a buyer's orders, the order board and the operator's stats
-- read every order of the buyer / household / the whole table before the first page.
--
-- The lists sort by (created_at DESC, id DESC) and page on that pair: the id in the index
-- lets the scan stop after a page instead of sorting all of a buyer's orders.
DROP INDEX IF EXISTS "orders_buyer_idx";
--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" ("buyer_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_household_idx";
--> statement-breakpoint
CREATE INDEX "orders_household_idx" ON "orders" ("household_id", "status", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- The order board without a status filter (every status, newest first).
CREATE INDEX "orders_household_time_idx" ON "orders" ("household_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- The operator's stats: the orders of a range of days, index-only.
CREATE INDEX "orders_created_idx" ON "orders" ("created_at") INCLUDE ("status", "total_para", "buyer_id", "household_id");
