ALTER TABLE "book" ADD COLUMN "cover" text;
