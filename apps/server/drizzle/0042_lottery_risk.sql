-- Issue 36 item 6 (docs/lottery.md "Odds that cannot ruin the house"): odds above the brand's RTP
-- ceiling wait for a second operator (lottery_odds_requests, four eyes as money_adjustments), and
-- the house's possible payout per number of a draw (lottery_exposure) that placement caps.
CREATE TABLE "lottery_exposure" (
	"numero_id" bigint NOT NULL,
	"play_type" text NOT NULL,
	"selection" text NOT NULL,
	"payout" bigint NOT NULL,
	"bets" integer NOT NULL,
	CONSTRAINT "lottery_exposure_numero_id_play_type_selection_pk" PRIMARY KEY("numero_id","play_type","selection")
);
--> statement-breakpoint
CREATE TABLE "lottery_odds_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"prize_mode" text NOT NULL,
	"region" text NOT NULL,
	"play_type" text NOT NULL,
	"odds_milli" integer NOT NULL,
	"min_stake" bigint NOT NULL,
	"max_stake" bigint NOT NULL,
	"rtp_bp" integer NOT NULL,
	"ceiling_bp" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by_id" integer NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_id" integer,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "lottery_odds_requests_second_approver" CHECK ("lottery_odds_requests"."decided_by_id" is null or "lottery_odds_requests"."decided_by_id" <> "lottery_odds_requests"."requested_by_id")
);
--> statement-breakpoint
CREATE INDEX "lottery_odds_requests_status_index" ON "lottery_odds_requests" USING btree ("status","id");