-- Every round a member played, for the betting record, profit and loss, popular games and the rank
-- and winner boards (modules/games): the vendors' rounds, and each lottery bet as a round
-- (member_lottery_rounds).
--
-- A lottery bet's round is settled when its draw is: a won or lost bet counts at its numero's
-- settlement time (as the agents' real-time wages count it), NULL for the moments while the draw's
-- batches are still paying. A cancelled or voided bet is rolled back at its own time. So no index of
-- lottery_bets holds a column that settling a bet writes (status, hits, payout, settled_at, its
-- entry), and settling a bet is a HOT update that writes no index (drizzle/0052): 10⁶ bets settle in
-- 16 s instead of 41 s (bench/lottery-settlement.ts). A period read (the boards, an agent's team)
-- finds the settled draws by lottery_numeros_settled_idx; a member's bets by lottery_bets_member_idx.
-- One branch per bet status: a filter on status is a constant in each (the other branches drop
-- out), one on settled_at a plain column.
CREATE OR REPLACE VIEW member_rounds AS
SELECT r.id, r.vendor_code, r.round_id, r.member_id, r.node_id, r.game_type, r.vassalage, r.currency,
       r.wallet_kind, r.bet_amount, r.win_amount, r.status, r.detail, r.started_at, r.settled_at
  FROM game_rounds r
UNION ALL
SELECT l.id, l.vendor_code, l.round_id, l.member_id, l.node_id, l.game_type, l.vassalage, l.currency,
       l.wallet_kind, l.bet_amount, l.win_amount, 'settled'::text, l.detail, l.started_at, l.numero_settled_at
  FROM member_lottery_rounds l
 WHERE l.bet_status IN ('won', 'lost')
UNION ALL
SELECT l.id, l.vendor_code, l.round_id, l.member_id, l.node_id, l.game_type, l.vassalage, l.currency,
       l.wallet_kind, l.bet_amount, l.win_amount, 'open'::text, l.detail, l.started_at, NULL::timestamptz
  FROM member_lottery_rounds l
 WHERE l.bet_status = 'open'
UNION ALL
SELECT l.id, l.vendor_code, l.round_id, l.member_id, l.node_id, l.game_type, l.vassalage, l.currency,
       l.wallet_kind, l.bet_amount, l.win_amount, 'rolled_back'::text, l.detail, l.started_at, l.bet_settled_at
  FROM member_lottery_rounds l
 WHERE l.bet_status IN ('cancelled', 'void');
