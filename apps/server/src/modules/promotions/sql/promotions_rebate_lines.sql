-- The manual rebate of one member for the rounds settled in [p_from, p_to) (issue 39,
-- docs/promotions.md "Manual rebate"): per game category, the valid betting (member_rounds, the
-- games module's published rounds: settled, main wallet, the brand's currency; a round that returned
-- its stake exactly counts nothing), the same betting weighed by each game's house edge against the
-- reference edge (agent_game_edges, the agents module's published edges: the edge weighs the sums
-- per game, floored once per category), the category's rate from p_rates_bp ({"RNG": 50, …}, basis
-- points of the counted betting; a category not named has rate 0) and the amount, floored.
CREATE OR REPLACE FUNCTION promotions_rebate_lines(
  p_member_id integer,
  p_from timestamptz,
  p_to timestamptz,
  p_currency text,
  p_rates_bp jsonb,
  p_reference_edge_bp integer,
  p_undeclared_edge_bp integer
) RETURNS TABLE (game_type text, valid_bet bigint, counted_bet bigint, rate_bp integer, amount bigint)
LANGUAGE sql STABLE AS $$
  WITH plays AS (
    SELECT r.node_id, r.game_type,
           coalesce(sum(r.bet_amount) FILTER (WHERE r.win_amount <> r.bet_amount), 0)::bigint AS counted
      FROM member_rounds r
     WHERE r.member_id = p_member_id
       AND r.settled_at >= p_from AND r.settled_at < p_to
       AND r.status = 'settled' AND r.wallet_kind = 'main' AND r.currency = p_currency
     GROUP BY r.node_id, r.game_type
  ), edges AS (
    SELECT e.node_id, e.game_type, e.edge_bp FROM agent_game_edges(p_undeclared_edge_bp) e
  ), categories AS (
    SELECT p.game_type, sum(p.counted)::bigint AS valid_bet,
           div(sum(p.counted::numeric * coalesce(n.edge_bp, t.edge_bp, p_undeclared_edge_bp)),
               p_reference_edge_bp)::bigint AS counted_bet
      FROM plays p
      LEFT JOIN edges n ON n.node_id = p.node_id
      LEFT JOIN edges t ON t.node_id IS NULL AND t.game_type = p.game_type
     GROUP BY p.game_type
  )
  SELECT c.game_type, c.valid_bet, c.counted_bet,
         coalesce((p_rates_bp ->> c.game_type)::integer, 0) AS rate_bp,
         div(c.counted_bet::numeric * coalesce((p_rates_bp ->> c.game_type)::integer, 0), 10000)::bigint AS amount
    FROM categories c
   WHERE c.valid_bet > 0
   ORDER BY c.game_type
$$;
