CREATE TABLE "bonus_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"state" text NOT NULL,
	"currency" text NOT NULL,
	"rule" jsonb NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"wagering_required" bigint DEFAULT 0 NOT NULL,
	"wagering_done" bigint,
	"max_bet" bigint NOT NULL,
	"deposit_order_id" integer,
	"grant_entry_id" bigint,
	"end_amount" bigint,
	"end_entry_id" bigint,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "bonus_claims_amount_check" CHECK ("bonus_claims"."amount" >= 0 and "bonus_claims"."max_bet" > 0)
);
--> statement-breakpoint
CREATE TABLE "promotion_rules" (
	"promotion_id" integer PRIMARY KEY NOT NULL,
	"rule" jsonb NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "bonus_bet_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_claims_rule_period_key" ON "bonus_claims" USING btree ("promotion_id","member_id","period_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_claims_open_key" ON "bonus_claims" USING btree ("member_id") WHERE "bonus_claims"."state" in ('waiting', 'active');--> statement-breakpoint
CREATE INDEX "bonus_claims_open_expiry_idx" ON "bonus_claims" USING btree ("expires_at") WHERE "bonus_claims"."state" in ('waiting', 'active');--> statement-breakpoint
CREATE INDEX "bonus_claims_promotion_idx" ON "bonus_claims" USING btree ("promotion_id","claimed_at");