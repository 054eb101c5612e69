-- The version is raised only by statements that changed rows: a delete or an update that matched
-- nothing (an unknown id, answered 404) writes nothing, and no count is read again for it.
-- Each kind of statement hands its rows to the function as the transition table "changed".
DROP TRIGGER book_version_bump ON "book";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folio_bump_book_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Two branches: "changed" exists for no TRUNCATE, and is only read when reached.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "book_version" SET "version" = "version" + 1 WHERE "id" = 1;
  ELSIF EXISTS (SELECT 1 FROM changed) THEN
    UPDATE "book_version" SET "version" = "version" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER book_version_bump_insert AFTER INSERT ON "book"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION folio_bump_book_version();
--> statement-breakpoint
CREATE TRIGGER book_version_bump_update AFTER UPDATE ON "book"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION folio_bump_book_version();
--> statement-breakpoint
CREATE TRIGGER book_version_bump_delete AFTER DELETE ON "book"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION folio_bump_book_version();
--> statement-breakpoint
CREATE TRIGGER book_version_bump_truncate AFTER TRUNCATE ON "book"
  FOR EACH STATEMENT EXECUTE FUNCTION folio_bump_book_version();
--> statement-breakpoint
-- A page of books shows each book's genre by name: renaming a genre changes what it shows.
CREATE TRIGGER genre_book_version_bump_update AFTER UPDATE ON "genre"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION folio_bump_book_version();
