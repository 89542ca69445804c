-- A bonus's wagering done (issue 39, docs/promotions.md "Bonus money and wagering"): the counted
-- turnover of one member's rounds settled in [p_from, p_to), minor units. Rounds: member_rounds (the
-- games module's published rounds), settled, main wallet (whose bets draw cash, then bonus), the
-- brand's currency, of seamless vendors only (games_vendor_modes: their every bet passed the maximum
-- bet); a round that returned its stake exactly counts nothing; lottery bets never count (they draw
-- cash only). Each game's stakes count × its house edge ÷ the reference edge, at most the stake
-- (agent_game_edges, the agents module's published edges), × the category's weight in percent
-- (p_weights {"RNG": 100, "LIVE": 10}; a category not named counts 0), floored once per category.
CREATE OR REPLACE FUNCTION promotions_bonus_wagering(
  p_member_id integer,
  p_from timestamptz,
  p_to timestamptz,
  p_currency text,
  p_weights jsonb,
  p_reference_edge_bp integer,
  p_undeclared_edge_bp integer
) RETURNS bigint
LANGUAGE sql STABLE AS $$
  WITH plays AS (
    SELECT r.node_id, r.game_type,
           coalesce(sum(r.bet_amount) FILTER (WHERE r.win_amount <> r.bet_amount), 0)::bigint AS staked
      FROM member_rounds r
     WHERE r.member_id = p_member_id
       AND r.settled_at >= p_from AND r.settled_at < p_to
       AND r.status = 'settled' AND r.wallet_kind = 'main' AND r.currency = p_currency
       AND r.game_type NOT IN ('LOTT', 'ELOTT')
       AND coalesce((p_weights ->> r.game_type)::integer, 0) > 0
       AND EXISTS (SELECT 1 FROM games_vendor_modes v
                    WHERE v.vendor_code = r.vendor_code AND v.wallet_mode = 'seamless')
     GROUP BY r.node_id, r.game_type
  ), edges AS (
    SELECT e.node_id, e.game_type, e.edge_bp FROM agent_game_edges(p_undeclared_edge_bp) e
  ), categories AS (
    SELECT p.game_type,
           sum(p.staked::numeric * least(coalesce(n.edge_bp, t.edge_bp, p_undeclared_edge_bp), p_reference_edge_bp))
             / p_reference_edge_bp AS weighed
      FROM plays p
      LEFT JOIN edges n ON n.node_id = p.node_id
      LEFT JOIN edges t ON t.node_id IS NULL AND t.game_type = p.game_type
     GROUP BY p.game_type
  )
  SELECT coalesce(sum(floor(c.weighed * (p_weights ->> c.game_type)::integer / 100)), 0)::bigint
    FROM categories c
$$;
