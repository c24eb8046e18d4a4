CREATE TABLE "saved_jobs" (
	"user_id" text NOT NULL,
	"organisation_profile_id" uuid NOT NULL,
	"job_id" text NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_jobs_user_id_organisation_profile_id_job_id_pk" PRIMARY KEY("user_id","organisation_profile_id","job_id")
);
--> statement-breakpoint
CREATE INDEX "saved_jobs_profile_idx" ON "saved_jobs" USING btree ("organisation_profile_id","job_id");