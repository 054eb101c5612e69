-- The last administrator who is not banned cannot be demoted, banned or deleted, whoever asks:
-- the manager, better-auth's admin endpoints over HTTP, or a script.
CREATE FUNCTION folio_keep_an_admin() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One such change at a time: two admins demoting each other at once cannot both succeed,
  -- because the second one counts again after the first has committed.
  PERFORM pg_advisory_xact_lock(hashtext('folio_keep_an_admin'));
  IF NOT EXISTS (
    SELECT 1 FROM "user"
    WHERE NOT banned AND 'admin' = ANY (string_to_array(replace(role, ' ', ''), ','))
  ) THEN
    RAISE EXCEPTION 'The last administrator cannot be demoted, banned or deleted'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'user_last_admin';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_last_admin
  AFTER UPDATE OF role, banned OR DELETE ON "user"
  FOR EACH ROW
  WHEN (NOT OLD.banned AND 'admin' = ANY (string_to_array(replace(OLD.role, ' ', ''), ',')))
  EXECUTE FUNCTION folio_keep_an_admin();
