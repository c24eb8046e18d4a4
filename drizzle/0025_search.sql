CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "search_documents" (
	"kind" text NOT NULL,
	"source_id" text NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"names" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"wall_key" text NOT NULL,
	"topics" text[] DEFAULT '{}' NOT NULL,
	"primary_topic_name" text,
	"media_type" text,
	"image_key" text,
	"published_at" timestamp with time zone NOT NULL,
	"open_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(names, '')), 'C')) STORED,
	"full_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(names, '')), 'C') || setweight(to_tsvector('english'::regconfig, coalesce(body, '')), 'D')) STORED,
	CONSTRAINT "search_documents_kind_source_id_pk" PRIMARY KEY("kind","source_id")
);
--> statement-breakpoint
CREATE TABLE "search_index_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"built_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_documents_open_idx" ON "search_documents" USING gin ("open_vector");--> statement-breakpoint
CREATE INDEX "search_documents_full_idx" ON "search_documents" USING gin ("full_vector");--> statement-breakpoint
CREATE INDEX "search_documents_topics_idx" ON "search_documents" USING gin ("topics");--> statement-breakpoint
CREATE INDEX "search_documents_published_idx" ON "search_documents" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);