CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"job_title" text,
	"country" text,
	"team_size" integer,
	"message" text,
	"source_path" text NOT NULL,
	"spam_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"inbox_notified_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone,
	"status_changed_by" text,
	CONSTRAINT "enquiries_kind_check" CHECK ("enquiries"."kind" in ('professional', 'student', 'insights', 'media', 'group')),
	CONSTRAINT "enquiries_status_check" CHECK ("enquiries"."status" in ('new', 'answered', 'spam')),
	CONSTRAINT "enquiries_team_size_check" CHECK ("enquiries"."team_size" is null or "enquiries"."team_size" > 0)
);
--> statement-breakpoint
CREATE INDEX "enquiries_created_idx" ON "enquiries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "enquiries_kind_status_created_idx" ON "enquiries" USING btree ("kind","status","created_at");