-- Real-time lines of one 5-minute slot [p_from, p_to): the lottery numeros settled in it; per agent
-- with a real-time contract, per numero, the team's won and lost bets with stake ≥ the single bet
-- amount; per numero (a part) the stakes are weighted by the game's house edge ÷ the reference edge
-- (issue 35 item 2, docs/agents.md "Bounded by the house edge"): win wage = floor(won stakes × edge
-- × win rate ÷ reference edge), loss wage likewise with the lost stakes; the line their sum. The
-- game's edge: its catalogue entry's (agent_game_edges; a lottery game is the catalogue game of
-- its vendor and code, as member_rounds shows it), else its category's, else p_undeclared_edge_bp.
CREATE OR REPLACE FUNCTION agent_wages_realtime(
  p_period_key text,
  p_from timestamptz,
  p_to timestamptz,
  p_currency text,
  p_precision integer,
  p_trial_type integer,
  p_reference_edge_bp integer,
  p_undeclared_edge_bp integer
) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
  v_fast_edge integer;
  v_regional_edge integer;
BEGIN
  CREATE TEMPORARY TABLE IF NOT EXISTS agent_rt_contracts (
    contract_id integer, member_id bigint, upline_id bigint,
    win_bp integer, loss_bp integer, single_bet bigint
  ) ON COMMIT DROP;
  TRUNCATE agent_rt_contracts;
  INSERT INTO agent_rt_contracts
  SELECT c.contract_id, c.member_id, c.upline_id, agent_contract_bp(c.terms ->> 'winRate'),
         agent_contract_bp(c.terms ->> 'lossRate'), agent_contract_minor(c.terms ->> 'singleBet', p_precision)
    FROM agent_period_contracts('realtime', p_from, p_to) c;
  ANALYZE agent_rt_contracts;

  -- Per bettor and numero first (few rows per bettor), then up the tree to the contracted agents.
  -- The bets with their game and draw come from the lottery's published lottery_rounds.
  CREATE TEMPORARY TABLE IF NOT EXISTS agent_rt_parts (
    member_id bigint, numero_id bigint, game_code text, numero text,
    win_stake bigint, loss_stake bigint, win_wage bigint, loss_wage bigint
  ) ON COMMIT DROP;
  TRUNCATE agent_rt_parts;
  -- The edge of each lottery game: its catalogue entry's (vendor TCG_SEA for the fast draws, else
  -- TCG_LOTTO_VN, as games' member_rounds maps them), else its category's (ELOTT, LOTT), else the
  -- undeclared edge. The catalogue's edges are a small table; the bets are not scanned for it.
  CREATE TEMPORARY TABLE IF NOT EXISTS agent_rt_edges (vendor_code text, game_code text, edge_bp integer)
    ON COMMIT DROP;
  TRUNCATE agent_rt_edges;
  INSERT INTO agent_rt_edges
  SELECT e.vendor_code, e.game_code, e.edge_bp FROM agent_game_edges(p_undeclared_edge_bp) e
   WHERE e.vendor_code IN ('TCG_SEA', 'TCG_LOTTO_VN');
  ANALYZE agent_rt_edges;
  SELECT coalesce(min(e.edge_bp) FILTER (WHERE e.game_type = 'ELOTT'), p_undeclared_edge_bp),
         coalesce(min(e.edge_bp) FILTER (WHERE e.game_type = 'LOTT'), p_undeclared_edge_bp)
    INTO v_fast_edge, v_regional_edge
    FROM agent_game_edges(p_undeclared_edge_bp) e
   WHERE e.node_id IS NULL;

  -- The stakes are summed per agent and numero first, as plain integers; the edge (one game per
  -- numero) weighs the sums, not each bet.
  INSERT INTO agent_rt_parts
  SELECT g.member_id, g.numero_id, g.game_code, g.numero, g.win_stake, g.loss_stake,
         div(coalesce(g.win_stake, 0)::numeric * g.edge_bp * g.win_bp, 10000::numeric * p_reference_edge_bp)::bigint,
         div(coalesce(g.loss_stake, 0)::numeric * g.edge_bp * g.loss_bp, 10000::numeric * p_reference_edge_bp)::bigint
    FROM (SELECT s.*, coalesce(x.edge_bp, CASE WHEN s.region = 'fast' THEN v_fast_edge ELSE v_regional_edge END) AS edge_bp
            FROM (SELECT c.member_id, b.numero_id, b.game_code, b.numero, b.region,
                         sum(b.stake) FILTER (WHERE b.status = 'won')::bigint AS win_stake,
                         sum(b.stake) FILTER (WHERE b.status = 'lost')::bigint AS loss_stake,
                         min(c.win_bp) AS win_bp, min(c.loss_bp) AS loss_bp
                    FROM lottery_rounds b
                    JOIN accounts_members m ON m.id = b.member_id
                    JOIN member_tree t ON t.descendant_id = b.member_id
                    JOIN agent_rt_contracts c ON c.member_id = t.ancestor_id
                   WHERE b.numero_settled_at >= p_from AND b.numero_settled_at < p_to
                     AND b.status IN ('won', 'lost') AND b.currency = p_currency AND m.type <> p_trial_type
                     AND b.stake >= c.single_bet
                   GROUP BY c.member_id, b.numero_id, b.game_code, b.numero, b.region) AS s
            LEFT JOIN agent_rt_edges x
              ON x.vendor_code = CASE WHEN s.region = 'fast' THEN 'TCG_SEA' ELSE 'TCG_LOTTO_VN' END
             AND x.game_code = s.game_code) AS g;

  INSERT INTO agent_wages (kind, period_key, period_from, period_to, contract_id, member_id, payer_id, currency,
                           win_stake, loss_stake, win_rate_bp, loss_rate_bp, win_wage, loss_wage, due, status)
  SELECT 'realtime', p_period_key, p_from, p_to, c.contract_id, c.member_id, c.upline_id, p_currency,
         coalesce(sum(p.win_stake), 0), coalesce(sum(p.loss_stake), 0), c.win_bp, c.loss_bp,
         sum(p.win_wage), sum(p.loss_wage), sum(p.win_wage + p.loss_wage),
         CASE WHEN sum(p.win_wage + p.loss_wage) > 0 THEN 'due' ELSE 'not_reached' END
    FROM agent_rt_parts p
    JOIN agent_rt_contracts c ON c.member_id = p.member_id
   GROUP BY c.contract_id, c.member_id, c.upline_id, c.win_bp, c.loss_bp
  ON CONFLICT (member_id, kind, period_key) DO NOTHING;
  GET DIAGNOSTICS v_count = ROW_COUNT;

  INSERT INTO agent_wage_parts (wage_id, numero_id, game_code, numero, win_stake, loss_stake, win_wage, loss_wage)
  SELECT w.id, p.numero_id, p.game_code, p.numero, coalesce(p.win_stake, 0), coalesce(p.loss_stake, 0),
         p.win_wage, p.loss_wage
    FROM agent_rt_parts p
    JOIN agent_wages w ON w.member_id = p.member_id AND w.kind = 'realtime' AND w.period_key = p_period_key
  ON CONFLICT DO NOTHING;
  RETURN v_count;
END;
$$;
