-- The household's papers and the product's label fields (docs/papers-and-labels.md).
ALTER TABLE households ADD COLUMN legal jsonb NOT NULL
  DEFAULT '{"form": "person", "holdingNumber": null, "pib": null, "registrations": []}'::jsonb;
--> statement-breakpoint
ALTER TABLE households ADD COLUMN legal_verified_at timestamptz;
--> statement-breakpoint
ALTER TABLE products ADD COLUMN ingredients text;
--> statement-breakpoint
ALTER TABLE products ADD COLUMN allergens text[] NOT NULL DEFAULT '{}'::text[];
--> statement-breakpoint
ALTER TABLE products ADD COLUMN storage text;
--> statement-breakpoint
-- GET /api/products?registered=true reads the household's registrations: a change of them
-- changes product answers too (households_public_update already notifies 'households').
CREATE TRIGGER households_public_legal AFTER UPDATE OF legal ON households
  FOR EACH STATEMENT EXECUTE FUNCTION domace_notify_public_change('products');
