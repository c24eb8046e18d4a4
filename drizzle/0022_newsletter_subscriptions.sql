CREATE TABLE "newsletter_consents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"consent_text" text NOT NULL,
	"source_path" text NOT NULL,
	"placement" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "newsletter_consents_method_check" CHECK ("newsletter_consents"."method" in ('double-opt-in', 'signed-in', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_signups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"newsletter_ids" uuid[] NOT NULL,
	"consent_text" text NOT NULL,
	"source_path" text NOT NULL,
	"placement" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"newsletter_id" uuid NOT NULL,
	"user_id" text,
	"email" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "newsletter_subscriptions_status_check" CHECK ("newsletter_subscriptions"."status" in ('subscribed', 'unsubscribed')),
	CONSTRAINT "newsletter_subscriptions_reader_check" CHECK ("newsletter_subscriptions"."user_id" is not null or "newsletter_subscriptions"."email" is not null)
);
--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "frequency" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "topic_slug" text;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_consents" ADD CONSTRAINT "newsletter_consents_subscription_id_newsletter_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."newsletter_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_newsletter_id_newsletters_newsletter_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("newsletter_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_consents_subscription_idx" ON "newsletter_consents" USING btree ("subscription_id","confirmed_at");--> statement-breakpoint
CREATE INDEX "newsletter_signups_email_idx" ON "newsletter_signups" USING btree ("email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_user_idx" ON "newsletter_subscriptions" USING btree ("user_id","newsletter_id") WHERE "newsletter_subscriptions"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_email_idx" ON "newsletter_subscriptions" USING btree ("email","newsletter_id") WHERE "newsletter_subscriptions"."user_id" is null;--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_newsletter_idx" ON "newsletter_subscriptions" USING btree ("newsletter_id","status");