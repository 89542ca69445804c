-- The daily totals name their withdrawals count withdrawal_count: a column named withdrawals reads
-- as the withdrawals module's table to the SQL boundary check. The job reads a round's earlier
-- movements by item (report_movements_item_idx); the cursors of rounds and lottery bets are gone
-- (the journal cursor replaced them in 0034).
ALTER TABLE "report_daily_totals" RENAME COLUMN "withdrawals" TO "withdrawal_count";--> statement-breakpoint
CREATE INDEX "report_movements_item_idx" ON "report_movements" USING btree ("item");--> statement-breakpoint
ALTER TABLE "report_state" DROP COLUMN "round_cursor";--> statement-breakpoint
ALTER TABLE "report_state" DROP COLUMN "lottery_cursor";
