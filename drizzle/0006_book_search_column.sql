DROP INDEX "book_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "book" ADD COLUMN "search" text GENERATED ALWAYS AS (lower("book"."title" || ' ' || "book"."author")) STORED;--> statement-breakpoint
CREATE INDEX "book_search_trgm_idx" ON "book" USING gin ("search" gin_trgm_ops);