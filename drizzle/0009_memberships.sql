CREATE TABLE "memberships" (
	"id" uuid PRIMARY KEY NOT NULL,
	"identity_id" uuid NOT NULL,
	"level" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"plan_code" text,
	"group_account_id" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_level_check" CHECK ("memberships"."level" in ('AllAccess', 'LearningAndDevelopment', 'NewsAndAnalysis', 'Premium', 'Restricted', 'Standard', 'TopicBeauty')),
	CONSTRAINT "memberships_type_check" CHECK ("memberships"."type" in ('Group', 'Individual', 'Partner', 'Student')),
	CONSTRAINT "memberships_status_check" CHECK ("memberships"."status" in ('ActiveCanceled', 'ActiveRenewing', 'ActiveTrial')),
	CONSTRAINT "memberships_source_check" CHECK ("memberships"."source" in ('demo', 'subscription', 'group', 'admin_grant')),
	CONSTRAINT "memberships_term_check" CHECK ("memberships"."ends_at" is null or "memberships"."ends_at" >= "memberships"."starts_at")
);
--> statement-breakpoint
CREATE INDEX "memberships_identity_idx" ON "memberships" USING btree ("identity_id","starts_at");