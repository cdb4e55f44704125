-- Saved items and saved places of a signed-in user (src/server/features/saved).
CREATE TABLE IF NOT EXISTS "saved_products" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "saved_products_user_id_product_id_pk" PRIMARY KEY ("user_id", "product_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "saved_products_user_time_idx" ON "saved_products" ("user_id", "created_at" DESC, "product_id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "saved_products_product_idx" ON "saved_products" ("product_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "saved_addresses" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "label" text NOT NULL,
  "area" text NOT NULL,
  "address" text NOT NULL,
  "is_default" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "saved_addresses_user_idx" ON "saved_addresses" ("user_id", "created_at");
--> statement-breakpoint
-- One default address per user at most.
CREATE UNIQUE INDEX IF NOT EXISTS "saved_addresses_one_default_idx" ON "saved_addresses" ("user_id") WHERE "is_default";
