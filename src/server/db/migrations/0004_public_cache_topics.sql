-- The public read cache (src/server/plugins/public-cache.ts) is invalidated per TOPIC, not
-- wholesale: each trigger below names the topics (comma-separated, in its argument) whose
-- cached answers the write can change. A follow, a login or a token refresh no longer empties
-- the cache: a follow changes households.follower_count (topic households only), logins and
-- refreshes write sessions/refresh_tokens rows (and users' login counters) that no public
-- answer shows (only a revocation notifies, topic sessions, which drops the remembered
-- signed-in sessions).
--
-- Topics (keep in step with TOPICS in src/server/plugins/public-cache.ts):
--   products    product answers: GET /api/products, /api/products/:id
--   households  household answers: GET /api/households, /api/households/:id
--   sessions    which sessions are still active (signed-in callers served from the cache)
--
-- To make a new table or column invalidate cached answers, add a trigger in your own
-- migration, e.g.
--   CREATE TRIGGER pickup_points_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
--     ON pickup_points FOR EACH STATEMENT EXECUTE FUNCTION domace_notify_public_change('households');
-- (docs/performance.md, "Public cache").
CREATE OR REPLACE FUNCTION domace_notify_public_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Without an argument: the table's name, which the listener does not know as a topic and
  -- so treats as "everything may have changed" (the safe default).
  PERFORM pg_notify('domace_public', coalesce(TG_ARGV[0], TG_TABLE_NAME));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_public_change ON products;
--> statement-breakpoint
DROP TRIGGER IF EXISTS households_public_change ON households;
--> statement-breakpoint
-- Every product column is public (stock, rating and review count included).
CREATE TRIGGER products_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION domace_notify_public_change('products');
--> statement-breakpoint
-- A household that appears or goes away changes both lists; its other columns only its own answers,
-- except its name, which every product answer carries (householdName).
CREATE TRIGGER households_public_change AFTER INSERT OR DELETE OR TRUNCATE ON households
  FOR EACH STATEMENT EXECUTE FUNCTION domace_notify_public_change('households,products');
--> statement-breakpoint
CREATE TRIGGER households_public_update AFTER UPDATE ON households
  FOR EACH STATEMENT EXECUTE FUNCTION domace_notify_public_change('households');
--> statement-breakpoint
CREATE TRIGGER households_public_name AFTER UPDATE OF name ON households
  FOR EACH STATEMENT EXECUTE FUNCTION domace_notify_public_change('products');
--> statement-breakpoint
-- hasActiveStory in household answers (a story's expiry is a time limit the cache keeps itself).
CREATE TRIGGER stories_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stories
  FOR EACH STATEMENT EXECUTE FUNCTION domace_notify_public_change('households');
--> statement-breakpoint
-- A revoked or deleted session must stop being served from the cache at once.
CREATE TRIGGER sessions_public_change AFTER UPDATE OF revoked_at, user_id OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION domace_notify_public_change('sessions');
--> statement-breakpoint
-- Only confirmed producers are public (src/server/db/read-models.ts): a confirmation (or its undoing) changes
-- which households and products the lists show. Logins write other users columns: no notify.
CREATE TRIGGER users_public_confirmed AFTER UPDATE OF confirmed_at ON users
  FOR EACH STATEMENT EXECUTE FUNCTION domace_notify_public_change('households,products');
