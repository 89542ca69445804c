CREATE TABLE "report_daily_agents" (
	"day" date NOT NULL,
	"agent_id" bigint NOT NULL,
	"rounds" integer NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"players" integer NOT NULL,
	CONSTRAINT "report_daily_agents_day_agent_id_pk" PRIMARY KEY("day","agent_id")
);
--> statement-breakpoint
CREATE TABLE "report_daily_games" (
	"day" date NOT NULL,
	"vendor_code" text NOT NULL,
	"node_id" integer NOT NULL,
	"game_type" text NOT NULL,
	"rounds" integer NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"players" integer NOT NULL,
	CONSTRAINT "report_daily_games_day_vendor_code_node_id_game_type_pk" PRIMARY KEY("day","vendor_code","node_id","game_type")
);
--> statement-breakpoint
CREATE TABLE "report_daily_totals" (
	"day" date PRIMARY KEY NOT NULL,
	"rounds" integer NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"bonuses" bigint NOT NULL,
	"deposits" integer NOT NULL,
	"deposit_amount" bigint NOT NULL,
	"withdrawals" integer NOT NULL,
	"withdrawal_amount" bigint NOT NULL,
	"new_players" integer NOT NULL,
	"active_players" integer NOT NULL,
	"depositing_players" integer NOT NULL,
	"first_depositors" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"round_cursor" bigint NOT NULL,
	"lottery_cursor" bigint NOT NULL,
	"last_day" date NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_daily_agents_agent_idx" ON "report_daily_agents" USING btree ("agent_id","day");--> statement-breakpoint
-- The reports job (modules/reports) rewrites whole days of settled rounds; the vendors' rounds have
-- an index on settled_at, the lottery bets had none (only per member).
CREATE INDEX IF NOT EXISTS "lottery_bets_settled_idx" ON "lottery_bets" USING btree ("settled_at");
