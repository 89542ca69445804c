-- Issue 36 item 5 (docs/lottery.md "Result sources"): a regional game settles on its house draw or on
-- the official sheet (lottery_games.result_source, kept per numero as it opened); the official
-- result comes from a results feed or from two operators' matching typed copies (lottery_sheet_entries).
CREATE TABLE "lottery_sheet_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"numero_id" bigint NOT NULL,
	"operator_id" integer NOT NULL,
	"operator" text NOT NULL,
	"sheet" jsonb NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lottery_games" ADD COLUMN "result_source" text DEFAULT 'house' NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_numeros" ADD COLUMN "result_source" text DEFAULT 'house' NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_numeros" ADD COLUMN "result_origin" text;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_sheet_entries_numero_operator_key" ON "lottery_sheet_entries" USING btree ("numero_id","operator_id");--> statement-breakpoint
ALTER TABLE "lottery_games" ADD CONSTRAINT "lottery_games_result_source" CHECK ("lottery_games"."result_source" in ('house', 'official'));