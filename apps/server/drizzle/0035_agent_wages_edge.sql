-- Agents wages on edge-weighted turnover (issue 35 item 2, docs/agents.md "Bounded by the house
-- edge"): the settlement functions take the edges (the reference edge and the one assumed for a game
-- without a declared RTP). A changed signature: the old ones go first; the new ones are the sources in
-- modules/agents/sql/ (applied after this migration).
DROP FUNCTION IF EXISTS agent_wages_settle_period(text, text, timestamptz, timestamptz, jsonb, text, integer, integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS agent_wages_tiered(text, text, timestamptz, timestamptz, text, text, integer, integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS agent_wages_realtime(text, timestamptz, timestamptz, text, integer, integer);
