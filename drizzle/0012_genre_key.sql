ALTER TABLE "genre" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "genre" ADD CONSTRAINT "genre_key_unique" UNIQUE("key");--> statement-breakpoint
-- A genre renamed by anyone (the manager, a script) shows the name entered from then on: its
-- seeded key, under which the interface translates the name, goes with the old name.
CREATE FUNCTION folio_genre_forget_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.key := NULL;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER genre_forget_key
  BEFORE UPDATE OF name ON "genre"
  FOR EACH ROW
  WHEN (NEW.name IS DISTINCT FROM OLD.name AND NEW.key IS NOT NULL)
  EXECUTE FUNCTION folio_genre_forget_key();
