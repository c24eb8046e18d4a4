CREATE TABLE "billing_cancellations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"identity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"discount_offered" boolean NOT NULL,
	"cancellation_reason" text,
	"cancellation_reason_other" text,
	"coupon_code" text,
	"coupon_discount_type" text,
	"coupon_discount_percent" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_cancellations_action_check" CHECK ("billing_cancellations"."action" in ('cancelled', 'accepted_discount'))
);
--> statement-breakpoint
ALTER TABLE "billing_cancellations" ADD CONSTRAINT "billing_cancellations_subscription_id_billing_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."billing_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_cancellations_subscription_idx" ON "billing_cancellations" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_cancellations_one_discount_idx" ON "billing_cancellations" USING btree ("identity_id") WHERE "billing_cancellations"."action" = 'accepted_discount';