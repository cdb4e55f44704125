-- Whether a household is public depends on its producer's confirmation (src/server/db/read-models.ts,
-- publicHouseholdCondition). A change of users.confirmed_at therefore changes public answers:
-- it notifies the public cache exactly like a write to households (src/server/plugins/public-cache.ts).
-- A row trigger with a WHEN clause, so logins, profile edits and lockouts notify nothing.
CREATE OR REPLACE FUNCTION domace_notify_household_visibility() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('domace_public', 'households');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_household_visibility_change AFTER UPDATE OF confirmed_at ON users
  FOR EACH ROW WHEN (OLD.confirmed_at IS DISTINCT FROM NEW.confirmed_at)
  EXECUTE FUNCTION domace_notify_household_visibility();
