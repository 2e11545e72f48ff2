CREATE TABLE "checkout_sessions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"claim_id" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"session_id" text,
	"url" text,
	"reuse_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_user_id_subscription_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."subscription_users"("id") ON DELETE cascade ON UPDATE no action;