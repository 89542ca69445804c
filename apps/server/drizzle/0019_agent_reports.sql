-- The agent's team reports (issue 14, agents.team.ts, agents.reports.ts) read one team's rows by
-- member and time: settled rounds by settlement time (member_rounds is game_rounds + lottery_bets),
-- approved deposits by decision time, paid-out withdrawals by disbursement time, wages by payment
-- time. The existing indexes are by member and start/creation time, which the period filters miss.
CREATE INDEX IF NOT EXISTS "game_rounds_member_settled_idx" ON "game_rounds" USING btree ("member_id", "settled_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lottery_bets_member_settled_idx" ON "lottery_bets" USING btree ("member_id", "settled_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deposit_orders_member_decided_idx" ON "deposit_orders" USING btree ("member_id", "decided_at")
  WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "withdrawals_member_disbursed_idx" ON "withdrawals" USING btree ("member_id", "disbursed_at")
  WHERE disbursed_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agent_wages_member_created_idx" ON "agent_wages" USING btree ("member_id", "created_at");
