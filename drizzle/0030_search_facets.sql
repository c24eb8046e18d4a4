ALTER TABLE "search_documents" ADD COLUMN "facets" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "details" jsonb;--> statement-breakpoint
CREATE INDEX "search_documents_facets_idx" ON "search_documents" USING gin ("facets");