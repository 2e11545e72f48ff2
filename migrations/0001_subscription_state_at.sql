ALTER TABLE "subscription_users" ADD COLUMN "subscription_state_at" timestamp with time zone;--> statement-breakpoint
-- Rows from before the split keep their single watermark for both groups: never older than the truth.
UPDATE "subscription_users" SET "subscription_state_at" = "billing_state_at" WHERE "subscription_state_at" IS NULL;
