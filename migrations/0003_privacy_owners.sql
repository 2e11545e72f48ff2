CREATE TABLE "email_claims" (
	"email" text PRIMARY KEY NOT NULL,
	"browser_key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_verifications" ALTER COLUMN "code_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "owner_key_hash" text;