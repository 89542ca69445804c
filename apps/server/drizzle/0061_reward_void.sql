ALTER TABLE "member_rewards" ADD COLUMN "voided_by" text;--> statement-breakpoint
ALTER TABLE "member_rewards" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_rewards" ADD COLUMN "void_reason" text;