CREATE TABLE "session_first_seen" (
	"identity_id" uuid PRIMARY KEY NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"first_session_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"alg" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk_encrypted" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"retire_after" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "signing_keys_expires" ON "signing_keys" USING btree ("expires_at");