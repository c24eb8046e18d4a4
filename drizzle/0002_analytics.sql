CREATE TABLE "analytics_bad_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"raw" text NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"event_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" text,
	"platform" text NOT NULL,
	"event" text NOT NULL,
	"event_name" text NOT NULL,
	"schema" text,
	"data" jsonb,
	"contexts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tracker_version" text NOT NULL,
	"tracker_name" text,
	"user_id" text,
	"domain_userid" text,
	"domain_sessionid" text,
	"domain_sessionidx" integer,
	"network_userid" text,
	"page_url" text,
	"page_title" text,
	"page_referrer" text,
	"useragent" text,
	"ip" text,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"device_tstamp" timestamp with time zone,
	"sent_tstamp" timestamp with time zone,
	"true_tstamp" timestamp with time zone,
	"collector_tstamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_bad_rows_received_at_idx" ON "analytics_bad_rows" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "analytics_events_collector_tstamp_idx" ON "analytics_events" USING btree ("collector_tstamp");--> statement-breakpoint
CREATE INDEX "analytics_events_event_name_tstamp_idx" ON "analytics_events" USING btree ("event_name","collector_tstamp");