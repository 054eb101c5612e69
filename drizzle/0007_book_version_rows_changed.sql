-- The version is raised only by statements that changed rows: a delete or an update that matched
-- nothing (an unknown id, answered 404) writes nothing, and no count is read again for it.
-- Each kind of statement hands its rows to the function as the transition table "changed".
-- It is raised to the current time in microseconds when that is higher: a database restored to an
-- earlier point, or failed over to a replica that lost the last commits, does not hand out again
-- a version a running server has kept counts and pages under (book.server.ts).
-- Writes that skip triggers (session_replication_role = replica, pg_restore --disable-triggers)
-- skip the version too: restart the servers after them.
DROP TRIGGER book_version_bump ON "book";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folio_bump_book_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A TRUNCATE has no "changed" table: the query reading it is planned only when reached.
  IF TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT 1 FROM changed) THEN
      RETURN NULL;
    END IF;
  END IF;
  UPDATE "book_version"
  SET "version" = greatest("version" + 1, (extract(epoch FROM clock_timestamp()) * 1000000)::bigint)
  WHERE "id" = 1;
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
