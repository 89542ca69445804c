-- The points earned over the rounds settled in [p_from, p_to) (a brand day; issue 40 item 2,
-- docs/loyalty.md "Earning"), set-based, per member and game category: the valid betting
-- (member_rounds, the games module's published rounds: settled, main wallet, the brand's currency; a
-- round that returned its stake exactly counts nothing), the same betting weighed by each game's
-- house edge against the reference edge (agent_game_edges, the agents module's published edges, as
-- the rebate weighs it: summed per game, floored once per member and category), and the points:
-- counted betting × the category's rate (p_rates: {"RNG": 10, …}, points per 100 of counted betting
-- in major units) ÷ p_hundred_minor (100 major units in minor units), floored. Players only
-- (accounts_members: a type in p_excluded_types, agents and trial accounts, earns nothing); a
-- category not in p_rates and a line of no points are left out.
CREATE OR REPLACE FUNCTION loyalty_points_earned(
  p_from timestamptz,
  p_to timestamptz,
  p_currency text,
  p_excluded_types integer[],
  p_rates jsonb,
  p_hundred_minor bigint,
  p_reference_edge_bp integer,
  p_undeclared_edge_bp integer
) RETURNS TABLE (member_id integer, game_type text, valid_bet bigint, counted_bet bigint, points bigint)
LANGUAGE sql STABLE AS $$
  WITH plays AS (
    SELECT r.member_id, r.node_id, r.game_type,
           coalesce(sum(r.bet_amount) FILTER (WHERE r.win_amount <> r.bet_amount), 0)::bigint AS counted
      FROM member_rounds r
      JOIN accounts_members m ON m.id = r.member_id
     WHERE r.settled_at >= p_from AND r.settled_at < p_to
       AND r.status = 'settled' AND r.wallet_kind = 'main' AND r.currency = p_currency
       AND NOT (m.type = ANY (p_excluded_types))
       AND p_rates ? r.game_type
     GROUP BY r.member_id, r.node_id, r.game_type
  ), edges AS (
    SELECT e.node_id, e.game_type, e.edge_bp FROM agent_game_edges(p_undeclared_edge_bp) e
  ), categories AS (
    SELECT p.member_id, p.game_type, sum(p.counted)::bigint AS valid_bet,
           div(sum(p.counted::numeric * coalesce(n.edge_bp, t.edge_bp, p_undeclared_edge_bp)),
               p_reference_edge_bp)::bigint AS counted_bet
      FROM plays p
      LEFT JOIN edges n ON n.node_id = p.node_id
      LEFT JOIN edges t ON t.node_id IS NULL AND t.game_type = p.game_type
     GROUP BY p.member_id, p.game_type
  ), lines AS (
    SELECT c.member_id, c.game_type, c.valid_bet, c.counted_bet,
           div(c.counted_bet::numeric * (p_rates ->> c.game_type)::numeric, p_hundred_minor)::bigint AS points
      FROM categories c
  )
  SELECT l.member_id, l.game_type, l.valid_bet, l.counted_bet, l.points
    FROM lines l
   WHERE l.points > 0
   ORDER BY l.member_id, l.game_type
$$;
