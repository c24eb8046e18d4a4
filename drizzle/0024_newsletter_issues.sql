CREATE TABLE "newsletter_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"issue_id" uuid NOT NULL,
	"reader_key" text NOT NULL,
	"subscription_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"unsubscribed_at" timestamp with time zone,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "newsletter_deliveries_status_check" CHECK ("newsletter_deliveries"."status" in ('pending', 'sending', 'sent', 'uncertain', 'failed', 'bounced'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_issue_clicks" (
	"issue_id" uuid PRIMARY KEY NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_issues" (
	"id" uuid PRIMARY KEY NOT NULL,
	"newsletter_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"story_slugs" text[] NOT NULL,
	"state" text NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "newsletter_issues_state_check" CHECK ("newsletter_issues"."state" in ('draft', 'scheduled', 'sending', 'sent'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "newsletter_suppressions_reason_check" CHECK ("newsletter_suppressions"."reason" in ('hard-bounce', 'complaint'))
);
--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_issue_clicks" ADD CONSTRAINT "newsletter_issue_clicks_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD CONSTRAINT "newsletter_issues_newsletter_id_newsletters_newsletter_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("newsletter_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_deliveries_reader_idx" ON "newsletter_deliveries" USING btree ("issue_id","reader_key");--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_status_idx" ON "newsletter_deliveries" USING btree ("issue_id","status");--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_email_idx" ON "newsletter_deliveries" USING btree ("email");--> statement-breakpoint
CREATE INDEX "newsletter_issues_newsletter_idx" ON "newsletter_issues" USING btree ("newsletter_id","created_at");