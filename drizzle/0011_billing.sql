CREATE TABLE "billing_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"identity_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"country_code" text,
	"postal_code" text,
	"payment_method" text,
	"card_type" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"card_first_six" text,
	"card_last_four" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_accounts_identity_id_unique" UNIQUE("identity_id")
);
--> statement-breakpoint
CREATE TABLE "billing_idempotency_keys" (
	"identity_id" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_idempotency_keys_identity_id_key_pk" PRIMARY KEY("identity_id","key"),
	CONSTRAINT "billing_idempotency_keys_state_check" CHECK ("billing_idempotency_keys"."state" in ('in_progress', 'requires_action', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"subscription_id" uuid,
	"state" text NOT NULL,
	"currency" text NOT NULL,
	"subtotal" integer NOT NULL,
	"tax_amount" integer NOT NULL,
	"total" integer NOT NULL,
	"tax_info" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "billing_invoices_state_check" CHECK ("billing_invoices"."state" in ('paid', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"identity_id" uuid NOT NULL,
	"plan_code" text NOT NULL,
	"state" text NOT NULL,
	"currency" text NOT NULL,
	"item_price" integer NOT NULL,
	"tax_amount" integer NOT NULL,
	"full_price" integer NOT NULL,
	"tax_info" jsonb NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"purchase_key" text NOT NULL,
	"activated_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"trial_started_at" timestamp with time zone,
	"trial_ends_at" timestamp with time zone,
	"current_period_started_at" timestamp with time zone,
	"current_period_ends_at" timestamp with time zone,
	"current_term_ends_at" timestamp with time zone,
	"active_invoice_id" uuid,
	"is_in_dunning" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_subscriptions_state_check" CHECK ("billing_subscriptions"."state" in ('ACTIVE', 'CANCELED', 'EXPIRED', 'FAILED', 'FUTURE', 'PAUSED'))
);
--> statement-breakpoint
CREATE TABLE "billing_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"invoice_id" uuid,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"provider_reference" text,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_transactions_kind_check" CHECK ("billing_transactions"."kind" in ('verify', 'purchase', 'refund')),
	CONSTRAINT "billing_transactions_status_check" CHECK ("billing_transactions"."status" in ('success', 'declined', 'insufficient_funds', 'three_d_secure_required', 'error'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_billing_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"customer_id" text NOT NULL,
	"token" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"action_token" text,
	"action_outcome" text,
	"action_result_token" text,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_billing_payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "sandbox_billing_payments_action_token_unique" UNIQUE("action_token"),
	CONSTRAINT "sandbox_billing_payments_action_result_token_unique" UNIQUE("action_result_token"),
	CONSTRAINT "sandbox_billing_payments_status_check" CHECK ("sandbox_billing_payments"."status" in ('succeeded', 'declined', 'insufficient_funds', 'processing_error', 'requires_action', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_billing_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"card_type" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"first_six" text NOT NULL,
	"last_four" text NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_billing_tokens_behaviour_check" CHECK ("sandbox_billing_tokens"."behaviour" in ('success', 'declined', 'insufficient_funds', 'three_d_secure', 'processing_error'))
);
--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_account_id_billing_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."billing_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_subscription_id_billing_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."billing_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_account_id_billing_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."billing_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_transactions" ADD CONSTRAINT "billing_transactions_account_id_billing_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."billing_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_transactions" ADD CONSTRAINT "billing_transactions_invoice_id_billing_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_invoices_account_idx" ON "billing_invoices" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_account_idx" ON "billing_subscriptions" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_subscriptions_purchase_key_idx" ON "billing_subscriptions" USING btree ("identity_id","purchase_key");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_subscriptions_one_active_idx" ON "billing_subscriptions" USING btree ("identity_id") WHERE "billing_subscriptions"."state" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "billing_transactions_account_idx" ON "billing_transactions" USING btree ("account_id");