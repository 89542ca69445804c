CREATE TABLE "lottery_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"numero_id" bigint NOT NULL,
	"game_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"play_type" text NOT NULL,
	"selection" text[] NOT NULL,
	"stake" bigint NOT NULL,
	"odds_milli" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"request_id" text NOT NULL,
	"slip_index" integer NOT NULL,
	"entry_id" bigint NOT NULL,
	"settle_entry_id" bigint,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "lottery_bets_stake_positive" CHECK ("lottery_bets"."stake" > 0)
);
--> statement-breakpoint
CREATE TABLE "lottery_games" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_code" text NOT NULL,
	"region" text NOT NULL,
	"names" jsonb NOT NULL,
	"game_menu_tag" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"draw_day_of_week" text NOT NULL,
	"draw_time" text,
	"interval_seconds" integer,
	"lock_seconds" integer NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 1000 NOT NULL,
	CONSTRAINT "lottery_games_timetable" CHECK (("lottery_games"."draw_time" is null) <> ("lottery_games"."interval_seconds" is null))
);
--> statement-breakpoint
CREATE TABLE "lottery_numeros" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"numero" text NOT NULL,
	"draw_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"open_at" timestamp with time zone NOT NULL,
	"lock_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"bets_digest" text,
	"bet_count" integer,
	"result" jsonb,
	"numbers" text[],
	"locked_at" timestamp with time zone,
	"drawn_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"void_reason" text
);
--> statement-breakpoint
CREATE TABLE "lottery_odds" (
	"prize_mode" text NOT NULL,
	"region" text NOT NULL,
	"play_type" text NOT NULL,
	"odds_milli" integer NOT NULL,
	"min_stake" bigint NOT NULL,
	"max_stake" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "lottery_odds_prize_mode_region_play_type_pk" PRIMARY KEY("prize_mode","region","play_type"),
	CONSTRAINT "lottery_odds_positive" CHECK ("lottery_odds"."odds_milli" > 0 and "lottery_odds"."min_stake" > 0 and "lottery_odds"."max_stake" >= "lottery_odds"."min_stake")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_bets_request_key" ON "lottery_bets" USING btree ("member_id","request_id","slip_index");--> statement-breakpoint
CREATE INDEX "lottery_bets_numero_idx" ON "lottery_bets" USING btree ("numero_id","status","id");--> statement-breakpoint
CREATE INDEX "lottery_bets_member_idx" ON "lottery_bets" USING btree ("member_id","placed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_games_code_key" ON "lottery_games" USING btree ("game_code");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_numeros_game_numero_key" ON "lottery_numeros" USING btree ("game_id","numero");--> statement-breakpoint
CREATE INDEX "lottery_numeros_due_idx" ON "lottery_numeros" USING btree ("status","draw_at");--> statement-breakpoint
CREATE INDEX "lottery_numeros_game_draw_idx" ON "lottery_numeros" USING btree ("game_id","draw_at");