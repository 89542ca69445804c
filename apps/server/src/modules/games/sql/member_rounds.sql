-- Every round a member played, for the betting record, profit and loss, popular games and the rank
-- and winner boards (modules/games): the vendors' rounds, and each lottery bet as a round of its
-- catalogue game (vendor TCG_LOTTO_VN for the regional draws, TCG_SEA for the fast ones; the game
-- code is the lottery game's). A cancelled or voided bet is a rolled-back round with nothing staked,
-- as a vendor's rolled-back round is. `detail` carries the draw: numero, play type, numbers, odds
-- (decimal text), hits and, once drawn, the special prize. The bets come from the lottery's
-- published lottery_rounds (its tables are its own).
CREATE OR REPLACE VIEW member_rounds AS
SELECT r.id, r.vendor_code, r.round_id, r.member_id, r.node_id, r.game_type, r.vassalage, r.currency,
       r.wallet_kind, r.bet_amount, r.win_amount, r.status, r.detail, r.started_at, r.settled_at
  FROM game_rounds r
UNION ALL
SELECT b.id,
       v.vendor_code,
       'L' || b.id,
       b.member_id,
       coalesce(c.node_id, 0),
       coalesce(c.game_type, v.game_type),
       coalesce(c.vassalage, v.vendor_code),
       b.currency,
       'main',
       CASE WHEN b.status IN ('cancelled', 'void') THEN 0 ELSE b.stake END,
       b.payout,
       CASE b.status WHEN 'open' THEN 'open' WHEN 'won' THEN 'settled' WHEN 'lost' THEN 'settled' ELSE 'rolled_back' END,
       jsonb_build_object('lottery', true, 'numero', b.numero, 'playType', b.play_type, 'numbers', to_jsonb(b.selection),
                          'odds', rtrim(rtrim((b.odds_milli / 1000.0)::numeric(12, 3)::text, '0'), '.'), 'hits', b.hits,
                          'special', CASE WHEN b.status IN ('won', 'lost') THEN b.numbers[1] END),
       b.placed_at,
       b.settled_at
  FROM lottery_rounds b
 CROSS JOIN LATERAL (SELECT CASE WHEN b.region = 'fast' THEN 'TCG_SEA' ELSE 'TCG_LOTTO_VN' END AS vendor_code,
                            CASE WHEN b.region = 'fast' THEN 'ELOTT' ELSE 'LOTT' END AS game_type) AS v
  LEFT JOIN games c ON c.vendor_code = v.vendor_code AND c.game_code = b.game_code;
