CREATE TABLE "book_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "book_version_single_row" CHECK ("book_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "book_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Every statement that changes book raises the version once, in its own transaction: readers
-- see the new version exactly when they see the change.
CREATE FUNCTION folio_bump_book_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "book_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER book_version_bump
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "book"
  FOR EACH STATEMENT
  EXECUTE FUNCTION folio_bump_book_version();
