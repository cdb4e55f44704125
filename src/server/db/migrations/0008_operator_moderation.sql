-- Operators, producer approval, moderation (reports, hidden content), suspensions, the audit
-- log and own-data settings (docs/operations.md).
ALTER TABLE "users" ADD COLUMN "is_admin" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hidden_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "show_total_spent" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Existing households (the seeded demo ones included) stay public: approved. New producer
-- signups write 'pending' explicitly.
ALTER TABLE "households" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;
--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_status_check" CHECK ("status" IN ('pending', 'approved', 'suspended'));
--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "status_changed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "hidden_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "promoted_until" date;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "hidden_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "reports" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "reporter_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "target_type" text NOT NULL CHECK ("target_type" IN ('product', 'review', 'story', 'household', 'buyer')),
  "target_id" uuid NOT NULL,
  "reason" text NOT NULL CHECK ("reason" IN ('spam', 'fake', 'offensive', 'unsafe_food', 'other')),
  "note" text,
  "status" text DEFAULT 'open' NOT NULL CHECK ("status" IN ('open', 'resolved')),
  "resolution" text CHECK ("resolution" IN ('hide', 'dismiss')),
  "resolved_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "resolved_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_per_reporter_key" ON "reports" ("reporter_id", "target_type", "target_id") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" ("status", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" ("target_type", "target_id");
--> statement-breakpoint
CREATE TABLE "admin_audit" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "admin_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "action" text NOT NULL,
  "target_type" text NOT NULL,
  "target_id" text NOT NULL,
  "reason" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_audit_created_idx" ON "admin_audit" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "households_status_idx" ON "households" ("status", "created_at" DESC);
--> statement-breakpoint
-- The public cache (src/server/plugins/public-cache.ts) drops the answers these columns change,
-- by topic (see migration 0004). Whether a household is public (src/server/db/read-models.ts,
-- publicHouseholdCondition) depends on its owner not being suspended or deleted: both lists
-- change (a product answer exists only while its household is public).
CREATE TRIGGER users_public_standing AFTER UPDATE OF suspended_at, deleted_at ON users
  FOR EACH STATEMENT EXECUTE FUNCTION domace_notify_public_change('households,products');
--> statement-breakpoint
-- ... and on the household's approval and hiding: every household UPDATE already notifies
-- 'households' (0004); these two columns change the product answers too.
CREATE TRIGGER households_public_standing AFTER UPDATE OF status, hidden_at ON households
  FOR EACH STATEMENT EXECUTE FUNCTION domace_notify_public_change('products');
