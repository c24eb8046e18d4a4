ALTER TABLE "billing_invoices" ADD COLUMN "upgraded_from_plan" text;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD COLUMN "upgrade_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_upgrade_key_idx" ON "billing_invoices" USING btree ("upgrade_key");