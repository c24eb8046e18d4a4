CREATE TABLE "organisation_account_users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"identity_id" uuid NOT NULL,
	"role" text NOT NULL,
	"origin" text NOT NULL,
	"initiator_identity_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by_identity_id" uuid,
	CONSTRAINT "organisation_account_users_role_check" CHECK ("organisation_account_users"."role" in ('OWNER', 'ADMIN', 'USER')),
	CONSTRAINT "organisation_account_users_origin_check" CHECK ("organisation_account_users"."origin" in ('purchase', 'added', 'invitation', 'domain'))
);
--> statement-breakpoint
CREATE TABLE "organisation_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"owner_identity_id" uuid NOT NULL,
	"primary_contact_email" text NOT NULL,
	"job_industry" text,
	"content_strategy_industry" text,
	"purchased_seats" integer NOT NULL,
	"extra_seat_allowance" integer DEFAULT 0 NOT NULL,
	"membership_level" text NOT NULL,
	"plan_code" text,
	"status" text NOT NULL,
	"term_ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_accounts_seats_check" CHECK ("organisation_accounts"."purchased_seats" >= 0 and "organisation_accounts"."extra_seat_allowance" >= 0),
	CONSTRAINT "organisation_accounts_status_check" CHECK ("organisation_accounts"."status" in ('ActiveRenewing', 'ActiveTrial', 'ActiveCanceled', 'Expired'))
);
--> statement-breakpoint
CREATE TABLE "organisation_domains" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"domain" text NOT NULL,
	"created_by_identity_id" uuid NOT NULL,
	"confirmation_email" text NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"token_attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	"disabled_by_identity_id" uuid
);
--> statement-breakpoint
CREATE TABLE "organisation_invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by_identity_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resent_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"claimed_by_identity_id" uuid,
	"revoked_at" timestamp with time zone,
	"revoked_by_identity_id" uuid,
	CONSTRAINT "organisation_invitations_role_check" CHECK ("organisation_invitations"."role" in ('ADMIN', 'USER'))
);
--> statement-breakpoint
CREATE TABLE "organisation_membership_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"identity_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"initiator_identity_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_membership_events_kind_check" CHECK ("organisation_membership_events"."kind" in ('join', 'leave'))
);
--> statement-breakpoint
ALTER TABLE "organisation_account_users" ADD CONSTRAINT "organisation_account_users_account_id_organisation_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."organisation_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_domains" ADD CONSTRAINT "organisation_domains_account_id_organisation_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."organisation_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_account_id_organisation_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."organisation_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_account_users_live_idx" ON "organisation_account_users" USING btree ("account_id","identity_id") WHERE "organisation_account_users"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_account_users_one_owner_idx" ON "organisation_account_users" USING btree ("account_id") WHERE "organisation_account_users"."role" = 'OWNER' and "organisation_account_users"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "organisation_account_users_identity_idx" ON "organisation_account_users" USING btree ("identity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_domains_verified_idx" ON "organisation_domains" USING btree ("domain") WHERE "organisation_domains"."verified_at" is not null and "organisation_domains"."disabled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_domains_account_idx" ON "organisation_domains" USING btree ("account_id","domain") WHERE "organisation_domains"."disabled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_invitations_open_idx" ON "organisation_invitations" USING btree ("account_id","email") WHERE "organisation_invitations"."claimed_at" is null and "organisation_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "organisation_invitations_email_idx" ON "organisation_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "organisation_membership_events_account_idx" ON "organisation_membership_events" USING btree ("account_id","at");