CREATE TABLE "story_gift_redemptions" (
	"gift_id" uuid NOT NULL,
	"visitor_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "story_gift_redemptions_gift_id_visitor_hash_pk" PRIMARY KEY("gift_id","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "story_gifts" (
	"gift_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"story_id" uuid NOT NULL,
	"giver_identity_id" uuid NOT NULL,
	"giver_user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"redemption_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "story_gifts_expiry_check" CHECK ("story_gifts"."expires_at" > "story_gifts"."created_at"),
	CONSTRAINT "story_gifts_redemptions_check" CHECK ("story_gifts"."redemption_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX "story_gifts_giver_idx" ON "story_gifts" USING btree ("giver_identity_id","created_at");