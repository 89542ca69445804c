CREATE TABLE "member_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"source" text NOT NULL,
	"promotion_id" integer NOT NULL,
	"invitee_id" integer,
	"deposit_order_id" integer,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"rule" jsonb NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"bonus_claim_id" bigint,
	CONSTRAINT "member_rewards_amount_check" CHECK ("member_rewards"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"invitee_id" integer PRIMARY KEY NOT NULL,
	"referrer_id" integer NOT NULL,
	"code" text NOT NULL,
	"invitee_masked" text NOT NULL,
	"signals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "member_rewards_referral_key" ON "member_rewards" USING btree ("invitee_id") WHERE "member_rewards"."source" = 'referral';--> statement-breakpoint
CREATE INDEX "member_rewards_member_idx" ON "member_rewards" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "member_rewards_promotion_idx" ON "member_rewards" USING btree ("promotion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_code_key" ON "referral_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at");