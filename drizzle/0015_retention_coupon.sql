ALTER TABLE "billing_cancellations" ADD COLUMN "coupon_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_cancellations" ADD COLUMN "coupon_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD COLUMN "discount_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "billing_cancellations" ADD CONSTRAINT "billing_cancellations_coupon_invoice_id_billing_invoices_id_fk" FOREIGN KEY ("coupon_invoice_id") REFERENCES "public"."billing_invoices"("id") ON DELETE no action ON UPDATE no action;