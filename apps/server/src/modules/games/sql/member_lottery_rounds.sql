-- Each lottery bet as a round of its catalogue game, for member_rounds (below it in that file's
-- words): vendor TCG_LOTTO_VN for the regional draws, TCG_SEA for the fast ones; the game code is the
-- lottery game's. A cancelled or voided bet stakes nothing, as a vendor's rolled-back round. `detail`
-- carries the draw: numero, play type, numbers, odds (decimal text), hits, once drawn the special
-- prize, and where the numbers come from (the game's region, house draw or official result and an
-- official result's origin). The bets come from the lottery's published lottery_rounds (its tables
-- are its own). The bet's own status and times stay raw here: member_rounds turns them into a
-- round's, one branch per status, so that a filter on a round's status or settlement time becomes a
-- constant or a plain column the planner can use an index for.
CREATE OR REPLACE VIEW member_lottery_rounds AS
SELECT b.id,
       v.vendor_code,
       'L' || b.id AS round_id,
       b.member_id,
       coalesce(c.node_id, 0) AS node_id,
       coalesce(c.game_type, v.game_type) AS game_type,
       coalesce(c.vassalage, v.vendor_code) AS vassalage,
       b.currency,
       'main'::text AS wallet_kind,
       CASE WHEN b.status IN ('cancelled', 'void') THEN 0 ELSE b.stake END AS bet_amount,
       b.payout AS win_amount,
       jsonb_build_object('lottery', true, 'numero', b.numero, 'playType', b.play_type, 'numbers', to_jsonb(b.selection),
                          'odds', rtrim(rtrim((b.odds_milli / 1000.0)::numeric(12, 3)::text, '0'), '.'), 'hits', b.hits,
                          'special', CASE WHEN b.status IN ('won', 'lost') THEN b.numbers[1] END,
                          'region', b.region, 'resultSource', b.result_source, 'resultOrigin', b.result_origin) AS detail,
       b.placed_at AS started_at,
       b.status AS bet_status,
       b.settled_at AS bet_settled_at,
       b.numero_settled_at
  FROM lottery_rounds b
 CROSS JOIN LATERAL (SELECT CASE WHEN b.region = 'fast' THEN 'TCG_SEA' ELSE 'TCG_LOTTO_VN' END AS vendor_code,
                            CASE WHEN b.region = 'fast' THEN 'ELOTT' ELSE 'LOTT' END AS game_type) AS v
  LEFT JOIN games c ON c.vendor_code = v.vendor_code AND c.game_code = b.game_code;
