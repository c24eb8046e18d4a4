-- Decision 058. btree_gin: the sample bucket in the vectors' GIN indexes. The vectors are made again
-- (same expressions) and keep no planner statistics: with them the planner read a common word's
-- body vectors back from TOAST instead of using the GIN index; the search bounds its own work.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE SEQUENCE "public"."search_documents_sample_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "search_documents" DROP COLUMN "open_vector", DROP COLUMN "full_vector";--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "sample" integer DEFAULT (hashint8(nextval('search_documents_sample_seq') / 16) & 1023) NOT NULL;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "open_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(names, '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "full_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(names, '')), 'C') || setweight(to_tsvector('english'::regconfig, coalesce(body, '')), 'D')) STORED;--> statement-breakpoint
ALTER TABLE "search_documents" ALTER COLUMN "open_vector" SET STATISTICS 0, ALTER COLUMN "full_vector" SET STATISTICS 0;--> statement-breakpoint
CREATE INDEX "search_documents_open_idx" ON "search_documents" USING gin ("open_vector","sample");--> statement-breakpoint
CREATE INDEX "search_documents_full_idx" ON "search_documents" USING gin ("full_vector","sample");
