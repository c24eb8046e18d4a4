CREATE TABLE "story_reads" (
	"user_id" text NOT NULL,
	"story_id" uuid NOT NULL,
	"first_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"views" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "story_reads_user_id_story_id_pk" PRIMARY KEY("user_id","story_id")
);
--> statement-breakpoint
CREATE TABLE "user_follows" (
	"user_id" text NOT NULL,
	"follows_type" text NOT NULL,
	"follows_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_follows_user_id_follows_type_follows_key_pk" PRIMARY KEY("user_id","follows_type","follows_key"),
	CONSTRAINT "user_follows_type_check" CHECK ("user_follows"."follows_type" in ('AUTHOR_ID', 'ORGANISATION_PROFILE_ID', 'PERSON_PROFILE_ID', 'SITE_SECTION_ID', 'TAG_SLUG'))
);
--> statement-breakpoint
CREATE INDEX "story_reads_recent_idx" ON "story_reads" USING btree ("last_read_at","story_id");--> statement-breakpoint
CREATE INDEX "user_follows_target_idx" ON "user_follows" USING btree ("follows_type","follows_key");