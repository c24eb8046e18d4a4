ALTER TABLE "billing_accounts" ADD COLUMN "holder_kind" text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "address_line1" text;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD COLUMN "holder_kind" text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD COLUMN "seats" integer;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_holder_kind_check" CHECK ("billing_accounts"."holder_kind" in ('person', 'organisation'));--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_holder_kind_check" CHECK ("billing_subscriptions"."holder_kind" in ('person', 'organisation'));--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_seats_check" CHECK (("billing_subscriptions"."holder_kind" = 'organisation') = ("billing_subscriptions"."seats" is not null and "billing_subscriptions"."seats" > 0));