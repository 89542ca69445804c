-- Issue 36: settling a lottery bet is a HOT update again (no index written), as 0016 meant it.
-- 0019 and 0025 indexed lottery_bets.settled_at (per member, and alone), which settling writes:
-- each settled bet then wrote a new tuple into all six indexes of the table. 10⁶ bets of one draw
-- settled in 41.0 s with them and 16.1 s without (bench/lottery-settlement.ts, PostgreSQL 15, two
-- cores). A won or lost bet now counts at its draw's settlement time (games' member_rounds), found
-- through lottery_numeros_settled_idx; a member's bets through lottery_bets_member_idx.
DROP INDEX IF EXISTS "lottery_bets_settled_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "lottery_bets_member_settled_idx";--> statement-breakpoint
CREATE INDEX "lottery_numeros_settled_idx" ON "lottery_numeros" USING btree ("settled_at") WHERE "lottery_numeros"."settled_at" is not null;