ALTER TABLE "deposit_wallet_numbers" ADD COLUMN "added_by_id" bigint;--> statement-breakpoint
ALTER TABLE "deposit_wallet_numbers" ADD COLUMN "added_by" text;--> statement-breakpoint
ALTER TABLE "deposit_wallet_numbers" ADD COLUMN "approved_by_id" bigint;--> statement-breakpoint
ALTER TABLE "deposit_wallet_numbers" ADD COLUMN "approved_by" text;--> statement-breakpoint
ALTER TABLE "deposit_wallet_numbers" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
-- Numbers listed before the four-eyes rule stay in use: they count as approved (no approver named).
UPDATE "deposit_wallet_numbers" SET "approved_at" = "created_at" WHERE "approved_at" IS NULL;
