-- Drops: several households at one place for an hour, ordered until a cutoff (docs/drops.md).
CREATE TABLE "drops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	-- The drops made by one POST with repeatWeeks share it.
	"series_id" uuid NOT NULL,
	"host_household_id" uuid NOT NULL REFERENCES "households"("id") ON DELETE CASCADE,
	"title" text NOT NULL,
	"place_name" text NOT NULL,
	"place_address" text NOT NULL,
	"place_town" text NOT NULL,
	-- searchKey(place_town) (src/shared/search-key.ts): the town in Latin, lower case, no diacritics.
	"town_key" text NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"date" date NOT NULL,
	"opens" text NOT NULL,
	"closes" text NOT NULL,
	"order_by" timestamp with time zone NOT NULL,
	"note" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drops_title_length" CHECK (char_length("title") BETWEEN 1 AND 80),
	CONSTRAINT "drops_place_length" CHECK (char_length("place_name") BETWEEN 1 AND 80 AND char_length("place_address") BETWEEN 1 AND 200 AND char_length("place_town") BETWEEN 1 AND 60),
	CONSTRAINT "drops_note_length" CHECK ("note" IS NULL OR char_length("note") <= 500),
	CONSTRAINT "drops_lat_range" CHECK ("lat" IS NULL OR "lat" BETWEEN -90 AND 90),
	CONSTRAINT "drops_lng_range" CHECK ("lng" IS NULL OR "lng" BETWEEN -180 AND 180),
	CONSTRAINT "drops_times" CHECK ("opens" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND "closes" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND "closes" > "opens")
);
--> statement-breakpoint
CREATE INDEX "drops_date_idx" ON "drops" ("date", "opens", "id") WHERE "cancelled_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "drops_town_key_idx" ON "drops" USING gin ("town_key" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "drops_host_idx" ON "drops" ("host_household_id", "date");
--> statement-breakpoint
-- The households of a drop, the host's included.
CREATE TABLE "drop_members" (
	"drop_id" uuid NOT NULL REFERENCES "drops"("id") ON DELETE CASCADE,
	"household_id" uuid NOT NULL REFERENCES "households"("id") ON DELETE CASCADE,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drop_members_pk" PRIMARY KEY ("drop_id", "household_id")
);
--> statement-breakpoint
CREATE INDEX "drop_members_household_idx" ON "drop_members" ("household_id");
--> statement-breakpoint
-- Who was told of a drop (drop_announced): THE guarantee that a follower hears of a drop once,
-- whoever announces or joins it and however often.
CREATE TABLE "drop_announcements" (
	"drop_id" uuid NOT NULL REFERENCES "drops"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"household_id" uuid NOT NULL REFERENCES "households"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drop_announcements_pk" PRIMARY KEY ("drop_id", "user_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "drop_id" uuid REFERENCES "drops"("id");
--> statement-breakpoint
CREATE INDEX "orders_drop_idx" ON "orders" ("drop_id", "household_id") WHERE "drop_id" IS NOT NULL;
--> statement-breakpoint
-- Hand-over marks from producers' devices, once per clientId (docs/drops.md, ADR 0035).
-- applied: whether the mark changed the order (a later mark of the order was already known: not).
CREATE TABLE "handover_marks" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"household_id" uuid NOT NULL REFERENCES "households"("id") ON DELETE CASCADE,
	"state" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"applied" boolean NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handover_marks_state_check" CHECK ("state" IN ('handed_over', 'no_show'))
);
--> statement-breakpoint
CREATE INDEX "handover_marks_order_idx" ON "handover_marks" ("order_id", "at" DESC) WHERE "applied";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check"
  CHECK ("type" IN ('order_placed', 'order_status', 'message', 'review', 'moderation', 'standing_skipped', 'standing_price_changed', 'drop_announced', 'drop_changed'));
