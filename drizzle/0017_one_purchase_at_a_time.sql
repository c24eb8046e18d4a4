CREATE TABLE "billing_purchase_claims" (
	"identity_id" uuid PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_billing_tokens" ADD COLUMN "used_by" text;