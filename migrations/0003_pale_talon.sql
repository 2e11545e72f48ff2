CREATE TABLE "unknown_voice_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vapi_call_id" text NOT NULL,
	"duration_seconds" integer,
	"ended_reason" text,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unknown_voice_reports_vapi_call_id_unique" UNIQUE("vapi_call_id")
);
--> statement-breakpoint
ALTER TABLE "voice_sessions" ADD COLUMN "last_heartbeat_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "unknown_voice_reports_created_idx" ON "unknown_voice_reports" USING btree ("created_at");