CREATE TABLE "user_academic_data" (
	"identity_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"verification_code_hash" text,
	"code_sent_at" timestamp with time zone,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"email_verified_at" timestamp with time zone,
	"graduation_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_academic_data_attempts_check" CHECK ("user_academic_data"."code_attempts" >= 0),
	CONSTRAINT "user_academic_data_verified_check" CHECK ("user_academic_data"."email_verified" = false or "user_academic_data"."email_verified_at" is not null)
);
