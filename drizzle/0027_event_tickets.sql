CREATE TABLE "event_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"identity_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"state" text NOT NULL,
	"attendee_names" text[] NOT NULL,
	"currency" text NOT NULL,
	"item_price" integer NOT NULL,
	"tax_amount" integer NOT NULL,
	"full_price" integer NOT NULL,
	"member_price" boolean DEFAULT false NOT NULL,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"invoice_id" uuid,
	"payment_reference" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "event_orders_quantity_check" CHECK ("event_orders"."quantity" between 1 and 1000),
	CONSTRAINT "event_orders_state_check" CHECK ("event_orders"."state" in ('held', 'paid', 'released', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "event_ticket_types" (
	"ticket_type_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"prices" jsonb NOT NULL,
	"member_prices" jsonb,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"sales_start_at" timestamp with time zone NOT NULL,
	"sales_end_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_ticket_types_taken_check" CHECK ("event_ticket_types"."taken" >= 0 and "event_ticket_types"."taken" <= "event_ticket_types"."capacity")
);
--> statement-breakpoint
CREATE TABLE "event_tickets" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"event_id" uuid NOT NULL,
	"identity_id" uuid NOT NULL,
	"order_id" uuid,
	"ticket_type_id" uuid,
	"attendee_name" text NOT NULL,
	"state" text DEFAULT 'valid' NOT NULL,
	"checked_in_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_tickets_code_unique" UNIQUE("code"),
	CONSTRAINT "event_tickets_state_check" CHECK ("event_tickets"."state" in ('valid', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "event_waiting_list" (
	"ticket_type_id" uuid NOT NULL,
	"identity_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "event_waiting_list_ticket_type_id_identity_id_pk" PRIMARY KEY("ticket_type_id","identity_id")
);
--> statement-breakpoint
ALTER TABLE "event_orders" ADD CONSTRAINT "event_orders_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_orders" ADD CONSTRAINT "event_orders_ticket_type_id_event_ticket_types_ticket_type_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."event_ticket_types"("ticket_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ticket_types" ADD CONSTRAINT "event_ticket_types_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_order_id_event_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."event_orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_ticket_type_id_event_ticket_types_ticket_type_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."event_ticket_types"("ticket_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waiting_list" ADD CONSTRAINT "event_waiting_list_ticket_type_id_event_ticket_types_ticket_type_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."event_ticket_types"("ticket_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_orders_identity_idx" ON "event_orders" USING btree ("identity_id");--> statement-breakpoint
CREATE INDEX "event_orders_event_idx" ON "event_orders" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_ticket_types_event_idx" ON "event_ticket_types" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_tickets_identity_idx" ON "event_tickets" USING btree ("identity_id");--> statement-breakpoint
CREATE INDEX "event_tickets_event_idx" ON "event_tickets" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_tickets_registration_idx" ON "event_tickets" USING btree ("event_id","identity_id") WHERE "event_tickets"."order_id" is null;