-- Issue 36 (docs/lottery.md "Fairness"): cancels close a brand-set time before the lock, so
-- lottery_cancel_bet takes the freeze (modules/lottery/sql/lottery_cancel_bet.sql makes the new one);
-- bets keep their numero's commitment and beacon round; numeros keep their beacon round, value and
-- signature and a void's two operators; lottery_events records refused cancels and beacon failures.
DROP FUNCTION IF EXISTS lottery_cancel_bet(integer, bigint);
--> statement-breakpoint
CREATE TABLE "lottery_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"numero_id" bigint,
	"member_id" integer,
	"bet_id" bigint,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD COLUMN "seed_hash" text;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD COLUMN "beacon_round" bigint;--> statement-breakpoint
ALTER TABLE "lottery_numeros" ADD COLUMN "beacon_round" bigint;--> statement-breakpoint
ALTER TABLE "lottery_numeros" ADD COLUMN "beacon_value" text;--> statement-breakpoint
ALTER TABLE "lottery_numeros" ADD COLUMN "beacon_signature" text;--> statement-breakpoint
ALTER TABLE "lottery_numeros" ADD COLUMN "void_requested_by" bigint;--> statement-breakpoint
ALTER TABLE "lottery_numeros" ADD COLUMN "void_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lottery_numeros" ADD COLUMN "void_approved_by" bigint;--> statement-breakpoint
ALTER TABLE "lottery_numeros" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "lottery_events_numero_idx" ON "lottery_events" USING btree ("numero_id","id");