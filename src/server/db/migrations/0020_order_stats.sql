-- The operator's stats without reading 30 days of orders (ADR 0047, "The stats";
-- docs/performance.md, "A year at scale"). At seed-scale's 2,000,000 orders the range read of
-- migration 0019 still walked ~165,000 index entries twice (287 + 178 ms in EXPLAIN ANALYZE).
--
-- What the stats page shows (src/shared/contracts/admin.ts `stats`): orders and revenue per
-- Europe/Belgrade day, their totals, and the DISTINCT buyers and producers of the whole period,
-- which always ends today. So:
--   * order_stats_days: orders and revenue of each CLOSED day (a row is written by
--     order_stats_close_day when the stats first ask for a day before today, once: the primary
--     key and an advisory lock per day, however many instances ask). Today is read live from
--     orders (orders_created_idx, a day's range). No row for today means no hot row under
--     checkout: an order's trigger updates a day's row only if it exists.
--   * order_stats_buyers / order_stats_households: the LAST Belgrade day on which each buyer /
--     household has an order that counts. "Distinct buyers from day F to today" is then
--     exactly the buyers whose last day is F or later: one index range, no per-day sums (a
--     distinct count cannot be summed from days). A row is written by the first order of a
--     day only (later ones find last_day already today and change nothing).
-- Triggers keep all three exact for every later change: a cancelled or no-show order, a new
-- total (weight pricing), an order created around midnight that commits after its day was closed.
--
-- Concurrency (READ COMMITTED; every statement of a trigger sees what committed before it):
-- closing a day takes an EXCLUSIVE advisory lock on the day, every change to an order of that
-- day a SHARED one, so the closing count waits for changes in flight and changes after it find
-- its row. Forgetting a buyer's last order (recomputing the last day from orders) takes an
-- exclusive lock on the buyer, every new counting order a shared one, for the same reason.

-- The one rule of what the stats count (the repository's live part calls it too).
CREATE FUNCTION order_counts_in_stats(status text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT status NOT IN ('cancelled', 'no_show') $$;
--> statement-breakpoint
-- The Belgrade day of an instant: the zone is src/shared/time.ts BUSINESS_TIME_ZONE (db/sql-time.ts).
CREATE FUNCTION order_stats_day(instant timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT (instant AT TIME ZONE 'Europe/Belgrade')::date $$;
--> statement-breakpoint
CREATE TABLE "order_stats_days" (
  "day" date PRIMARY KEY NOT NULL,
  "orders" integer NOT NULL,
  "revenue_para" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_stats_buyers" (
  "buyer_id" uuid PRIMARY KEY NOT NULL,
  "last_day" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_stats_buyers_last_day_idx" ON "order_stats_buyers" ("last_day");
--> statement-breakpoint
CREATE TABLE "order_stats_households" (
  "household_id" uuid PRIMARY KEY NOT NULL,
  "last_day" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_stats_households_last_day_idx" ON "order_stats_households" ("last_day");
--> statement-breakpoint
-- Adds one order (+1) or takes it away (-1) from its day's row, if that day is closed.
CREATE FUNCTION order_stats_day_change(d date, n integer, para bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('order_stats_day'), d - date '2000-01-01');
  UPDATE order_stats_days SET orders = orders + n, revenue_para = revenue_para + para WHERE day = d;
END $$;
--> statement-breakpoint
-- Closes day d: its orders and revenue, counted once (a second caller finds the row and does nothing).
CREATE FUNCTION order_stats_close_day(d date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('order_stats_day'), d - date '2000-01-01');
  INSERT INTO order_stats_days (day, orders, revenue_para)
  SELECT d, count(*), COALESCE(sum(total_para), 0) FROM orders
  WHERE created_at >= (d::timestamp AT TIME ZONE 'Europe/Belgrade') AND created_at < ((d + 1)::timestamp AT TIME ZONE 'Europe/Belgrade')
    AND order_counts_in_stats(status)
  ON CONFLICT (day) DO NOTHING;
END $$;
--> statement-breakpoint
-- `who` ('buyer' or 'household') `id` has an order that counts on day d.
CREATE FUNCTION order_stats_seen(who text, who_id uuid, d date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('order_stats_' || who), hashtext(who_id::text));
  IF who = 'buyer' THEN
    UPDATE order_stats_buyers SET last_day = d WHERE buyer_id = who_id AND last_day < d;
    IF NOT FOUND THEN
      INSERT INTO order_stats_buyers (buyer_id, last_day) VALUES (who_id, d) ON CONFLICT (buyer_id) DO NOTHING;
      -- Inserted meanwhile by another transaction (committed now): move it on if it is older.
      IF NOT FOUND THEN UPDATE order_stats_buyers SET last_day = d WHERE buyer_id = who_id AND last_day < d; END IF;
    END IF;
  ELSE
    UPDATE order_stats_households SET last_day = d WHERE household_id = who_id AND last_day < d;
    IF NOT FOUND THEN
      INSERT INTO order_stats_households (household_id, last_day) VALUES (who_id, d) ON CONFLICT (household_id) DO NOTHING;
      IF NOT FOUND THEN UPDATE order_stats_households SET last_day = d WHERE household_id = who_id AND last_day < d; END IF;
    END IF;
  END IF;
END $$;
--> statement-breakpoint
-- An order of `who` `id` on day d no longer counts: if d was its last day, find the new one
-- (the newest order that counts, one index walk: orders_buyer_idx / orders_household_time_idx).
CREATE FUNCTION order_stats_forget(who text, who_id uuid, d date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE latest timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('order_stats_' || who), hashtext(who_id::text));
  IF who = 'buyer' THEN
    PERFORM 1 FROM order_stats_buyers WHERE buyer_id = who_id AND last_day <= d;
    IF NOT FOUND THEN RETURN; END IF;
    SELECT created_at INTO latest FROM orders WHERE buyer_id = who_id AND order_counts_in_stats(status) ORDER BY created_at DESC LIMIT 1;
    IF latest IS NULL THEN DELETE FROM order_stats_buyers WHERE buyer_id = who_id;
    ELSE UPDATE order_stats_buyers SET last_day = order_stats_day(latest) WHERE buyer_id = who_id; END IF;
  ELSE
    PERFORM 1 FROM order_stats_households WHERE household_id = who_id AND last_day <= d;
    IF NOT FOUND THEN RETURN; END IF;
    SELECT created_at INTO latest FROM orders WHERE household_id = who_id AND order_counts_in_stats(status) ORDER BY created_at DESC LIMIT 1;
    IF latest IS NULL THEN DELETE FROM order_stats_households WHERE household_id = who_id;
    ELSE UPDATE order_stats_households SET last_day = order_stats_day(latest) WHERE household_id = who_id; END IF;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_stats_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND order_counts_in_stats(OLD.status);
  now_counts boolean := TG_OP <> 'DELETE' AND order_counts_in_stats(NEW.status);
  old_day date;
  new_day date;
BEGIN
  IF was THEN old_day := order_stats_day(OLD.created_at); END IF;
  IF now_counts THEN new_day := order_stats_day(NEW.created_at); END IF;
  -- Most updates (status within the counted ones, payment, pickup time) change nothing here.
  IF was AND now_counts AND old_day = new_day AND OLD.buyer_id = NEW.buyer_id AND OLD.household_id = NEW.household_id THEN
    IF OLD.total_para <> NEW.total_para THEN PERFORM order_stats_day_change(new_day, 0, NEW.total_para - OLD.total_para); END IF;
    RETURN NULL;
  END IF;
  IF was THEN PERFORM order_stats_day_change(old_day, -1, -OLD.total_para); END IF;
  IF now_counts THEN
    PERFORM order_stats_day_change(new_day, 1, NEW.total_para);
    PERFORM order_stats_seen('buyer', NEW.buyer_id, new_day);
    PERFORM order_stats_seen('household', NEW.household_id, new_day);
  END IF;
  IF was THEN
    PERFORM order_stats_forget('buyer', OLD.buyer_id, old_day);
    PERFORM order_stats_forget('household', OLD.household_id, old_day);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Fills the three tables from orders (days before today by the database's clock): here, and
-- after seed-scale's load (its triggers are off). Run it where no order is written meanwhile.
CREATE FUNCTION order_stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE order_stats_days, order_stats_buyers, order_stats_households;
  INSERT INTO order_stats_days (day, orders, revenue_para)
  SELECT order_stats_day(created_at), count(*), sum(total_para) FROM orders
  WHERE order_counts_in_stats(status) AND created_at < (order_stats_day(now())::timestamp AT TIME ZONE 'Europe/Belgrade')
  GROUP BY 1;
  INSERT INTO order_stats_buyers (buyer_id, last_day)
  SELECT buyer_id, order_stats_day(max(created_at)) FROM orders WHERE order_counts_in_stats(status) GROUP BY buyer_id;
  INSERT INTO order_stats_households (household_id, last_day)
  SELECT household_id, order_stats_day(max(created_at)) FROM orders WHERE order_counts_in_stats(status) GROUP BY household_id;
END $$;
--> statement-breakpoint
-- The trigger first: its lock on orders waits for writes in flight and holds new ones until
-- this migration commits, so the rebuild below misses none.
CREATE TRIGGER orders_stats AFTER INSERT OR DELETE OR UPDATE OF status, total_para, created_at, buyer_id, household_id ON orders FOR EACH ROW EXECUTE FUNCTION order_stats_change();
--> statement-breakpoint
SELECT order_stats_rebuild();
