-- Every write to a table behind the public read answers tells every instance, at commit,
-- to drop its in-process cache of them (src/server/plugins/public-cache.ts).
CREATE OR REPLACE FUNCTION domace_notify_public_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('domace_public', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION domace_notify_public_change();
--> statement-breakpoint
CREATE TRIGGER households_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON households
  FOR EACH STATEMENT EXECUTE FUNCTION domace_notify_public_change();
