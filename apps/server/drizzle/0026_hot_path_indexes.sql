-- Issue 12: fewer index writes on the money path. A debit opens a round with no settlement time and
-- an entry that reverses nothing; their NULLs had a place in four indexes that are only ever read
-- for rows that have a value (`settled_at >= …`, min(settled_at): both imply NOT NULL, so the
-- partial indexes serve them as before). The unique index on reverses_entry_id keeps its name and
-- its rule (an entry is reversed at most once).
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_reverses_entry_id_unique";--> statement-breakpoint
DROP INDEX "game_rounds_settled_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_reverses_entry_id_unique" ON "journal_entries" USING btree ("reverses_entry_id") WHERE "journal_entries"."reverses_entry_id" is not null;--> statement-breakpoint
CREATE INDEX "game_rounds_settled_idx" ON "game_rounds" USING btree ("settled_at") WHERE "game_rounds"."settled_at" is not null;--> statement-breakpoint
DROP INDEX IF EXISTS "game_rounds_member_settled_idx";--> statement-breakpoint
CREATE INDEX "game_rounds_member_settled_idx" ON "game_rounds" USING btree ("member_id", "settled_at") WHERE "settled_at" is not null;--> statement-breakpoint
DROP INDEX IF EXISTS "lottery_bets_member_settled_idx";--> statement-breakpoint
CREATE INDEX "lottery_bets_member_settled_idx" ON "lottery_bets" USING btree ("member_id", "settled_at") WHERE "settled_at" is not null;
