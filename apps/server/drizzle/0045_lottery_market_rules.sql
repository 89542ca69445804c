-- Issue 36 item 7 (docs/lottery.md "Play types"): the market's own play types. lottery_hits also
-- takes the special's last three and the 7th and 8th prizes (3 càng, xỉu chủ, the south's đầu),
-- and lottery_place_slip checks a slip's play type against what its game's region offers (p_offered)
-- instead of the fast games' list: modules/lottery/sql makes the new ones.
DROP FUNCTION IF EXISTS lottery_hits(text, text[], jsonb, text[], text, text, text, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS lottery_place_slip(integer, text, text, text, text, jsonb, bigint, jsonb, text, jsonb, text[], integer, jsonb);
