CREATE TABLE "authors" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"location" text NOT NULL,
	"bio" text NOT NULL,
	"portrait_key" text,
	CONSTRAINT "authors_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"headline" text NOT NULL,
	"standfirst" text NOT NULL,
	"primary_topic_id" uuid NOT NULL,
	"access" text NOT NULL,
	"media_type" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hero_key" text NOT NULL,
	"hero_caption" text NOT NULL,
	"hero_alt" text NOT NULL,
	"body" jsonb NOT NULL,
	"word_count" integer NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"organisation_slugs" text[] DEFAULT '{}' NOT NULL,
	"person_slugs" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "stories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "story_authors" (
	"story_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "story_authors_story_id_author_id_pk" PRIMARY KEY("story_id","author_id")
);
--> statement-breakpoint
CREATE TABLE "story_topics" (
	"story_id" uuid NOT NULL,
	"topic_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "story_topics_story_id_topic_id_pk" PRIMARY KEY("story_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "topics_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"location" text NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"sponsors" text[] NOT NULL,
	"thumbnail_key" text,
	CONSTRAINT "events_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "media_assets" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"art" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletters" (
	"newsletter_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"author" text NOT NULL,
	"newsletter_group" text NOT NULL,
	"is_executive" boolean DEFAULT false NOT NULL,
	"is_professional" boolean DEFAULT false NOT NULL,
	"is_topic" boolean DEFAULT false NOT NULL,
	"is_visible_on_oms" boolean DEFAULT true NOT NULL,
	"is_preselected_on_oms" boolean DEFAULT false NOT NULL,
	CONSTRAINT "newsletters_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "organisation_profiles" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"organisation_industry" text NOT NULL,
	"organisation_size" text NOT NULL,
	"organisation_type" text NOT NULL,
	"ownership_type" text NOT NULL,
	"year_established" integer,
	"thumbnail_key" text,
	"format" text DEFAULT 'DEFAULT' NOT NULL,
	CONSTRAINT "organisation_profiles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "person_profiles" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"subtitle" text NOT NULL,
	"summary" text NOT NULL,
	"location" text NOT NULL,
	"nationalities" text[] NOT NULL,
	"category" text NOT NULL,
	"year_born" integer,
	"thumbnail_key" text,
	"format" text DEFAULT 'DEFAULT' NOT NULL,
	CONSTRAINT "person_profiles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_primary_topic_id_topics_id_fk" FOREIGN KEY ("primary_topic_id") REFERENCES "public"."topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_authors" ADD CONSTRAINT "story_authors_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_authors" ADD CONSTRAINT "story_authors_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_topics" ADD CONSTRAINT "story_topics_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_topics" ADD CONSTRAINT "story_topics_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stories_published_at_idx" ON "stories" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "stories_read_count_idx" ON "stories" USING btree ("read_count");--> statement-breakpoint
CREATE INDEX "story_authors_author_idx" ON "story_authors" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "story_topics_topic_idx" ON "story_topics" USING btree ("topic_id");