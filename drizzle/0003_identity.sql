CREATE TABLE "identities" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_number" bigserial NOT NULL,
	"schema_id" text DEFAULT 'default' NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"traits" jsonb NOT NULL,
	"metadata_public" jsonb,
	"metadata_admin" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state_changed_at" timestamp with time zone,
	CONSTRAINT "identities_user_number_unique" UNIQUE("user_number")
);
--> statement-breakpoint
CREATE TABLE "identity_addresses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"identity_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"via" text DEFAULT 'email' NOT NULL,
	"value" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_credentials" (
	"id" uuid PRIMARY KEY NOT NULL,
	"identity_id" uuid NOT NULL,
	"type" text NOT NULL,
	"identifiers" text[] DEFAULT '{}' NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_errors" (
	"id" uuid PRIMARY KEY NOT NULL,
	"error" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_flows" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"state" text NOT NULL,
	"active" text,
	"csrf_token" text NOT NULL,
	"request_url" text NOT NULL,
	"return_to" text,
	"requested_aal" text DEFAULT 'aal1' NOT NULL,
	"refresh" boolean DEFAULT false NOT NULL,
	"identity_id" uuid,
	"ui_messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"internal" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"logout_token_hash" text NOT NULL,
	"identity_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"aal" text DEFAULT 'aal1' NOT NULL,
	"authentication_methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"devices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"authenticated_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "identity_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "identity_addresses" ADD CONSTRAINT "identity_addresses_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_credentials" ADD CONSTRAINT "identity_credentials_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_flows" ADD CONSTRAINT "identity_flows_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD CONSTRAINT "identity_sessions_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_addresses_kind_value" ON "identity_addresses" USING btree ("kind","via","value");--> statement-breakpoint
CREATE INDEX "identity_addresses_identity" ON "identity_addresses" USING btree ("identity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_credentials_identity_type" ON "identity_credentials" USING btree ("identity_id","type");--> statement-breakpoint
CREATE INDEX "identity_flows_expires" ON "identity_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "identity_sessions_identity" ON "identity_sessions" USING btree ("identity_id");