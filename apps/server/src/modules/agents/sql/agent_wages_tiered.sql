-- Daily, hourly or dividend lines of one period [p_from, p_to): per agent with a contract of the
-- kind that counts, the team's valid betting (member_rounds settled in the period, main wallet, no
-- trial accounts) and active members; the highest tier reached gives the rate. p_dividend_period:
-- for dividends, only contracts of that period letter. Returns the lines written.
--
-- The rate applies to the team's edge-weighted betting (issue 35 item 2, docs/agents.md "Bounded by
-- the house edge"): each round's stake × its game's house edge (agent_game_edges) ÷ the reference
-- edge p_reference_edge_bp, floored once per line; a round that returned its stake exactly (win =
-- bet: a push, or both sides of one round) counts nothing. Tiers are still reached with the plain
-- valid betting. A dividend on loss keeps its basis (bets − wins − wages).
CREATE OR REPLACE FUNCTION agent_wages_tiered(
  p_kind text,
  p_period_key text,
  p_from timestamptz,
  p_to timestamptz,
  p_dividend_period text,
  p_currency text,
  p_precision integer,
  p_trial_type integer,
  p_reference_edge_bp integer,
  p_undeclared_edge_bp integer
) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
BEGIN
  WITH contracts AS (
    SELECT c.* FROM agent_period_contracts(p_kind, p_from, p_to) c
     WHERE p_dividend_period IS NULL OR c.terms ->> 'period' = p_dividend_period
  ), edges AS (
    SELECT e.node_id, e.game_type, e.edge_bp FROM agent_game_edges(p_undeclared_edge_bp) e
  ), plays AS (
    -- Per member and game first, as plain integers; the edge weighs the sums, not each round.
    SELECT r.member_id, r.node_id, r.game_type, sum(r.bet_amount)::bigint AS bet, sum(r.win_amount)::bigint AS win,
           coalesce(sum(r.bet_amount) FILTER (WHERE r.win_amount <> r.bet_amount), 0)::bigint AS counted
      FROM member_rounds r
      JOIN accounts_members m ON m.id = r.member_id
     WHERE r.settled_at >= p_from AND r.settled_at < p_to
       AND r.status = 'settled' AND r.wallet_kind = 'main' AND r.currency = p_currency
       AND m.type <> p_trial_type
     GROUP BY r.member_id, r.node_id, r.game_type
  ), bettors AS (
    SELECT p.member_id, sum(p.bet)::bigint AS bet, sum(p.win)::bigint AS win,
           sum(p.counted::numeric * coalesce(n.edge_bp, t.edge_bp, p_undeclared_edge_bp)) AS weighted
      FROM plays p
      LEFT JOIN edges n ON n.node_id = p.node_id
      LEFT JOIN edges t ON t.node_id IS NULL AND t.game_type = p.game_type
     GROUP BY p.member_id
  ), teams AS (
    SELECT c.contract_id, c.member_id, c.upline_id, c.terms,
           sum(b.bet)::bigint AS team_bet, sum(b.win)::bigint AS team_win,
           div(sum(b.weighted), p_reference_edge_bp)::bigint AS team_weighted,
           count(*) FILTER (WHERE b.bet > 0)::integer AS active
      FROM contracts c
      JOIN member_tree t ON t.ancestor_id = c.member_id
      JOIN bettors b ON b.member_id = t.descendant_id
     GROUP BY c.contract_id, c.member_id, c.upline_id, c.terms
    HAVING sum(b.bet) > 0
  ), based AS (
    SELECT t.*,
           CASE WHEN p_kind <> 'dividend' OR t.terms ->> 'basis' = 'betting' THEN t.team_weighted
                ELSE greatest(0, t.team_bet - t.team_win - coalesce((
                       SELECT sum(w.paid) FROM member_tree d JOIN agent_wages w ON w.member_id = d.descendant_id
                        WHERE d.ancestor_id = t.member_id AND w.period_from >= p_from AND w.period_to <= p_to
                          AND w.kind <> 'dividend'), 0)) END AS basis
      FROM teams t
  ), rated AS (
    SELECT b.*, coalesce((
             SELECT agent_contract_bp(x.tier ->> 'rate')
               FROM jsonb_array_elements(b.terms -> 'tiers') WITH ORDINALITY AS x(tier, n)
              WHERE agent_contract_minor(x.tier ->> 'teamBet', p_precision) <= b.team_bet
                AND (x.tier ->> 'activeMembers')::integer <= b.active
              ORDER BY x.n DESC LIMIT 1), -1) AS rate_bp
      FROM based b
  )
  INSERT INTO agent_wages (kind, period_key, period_from, period_to, contract_id, member_id, payer_id, currency,
                           team_bet, active_members, basis_amount, rate_bp, due, status)
  SELECT p_kind, p_period_key, p_from, p_to, r.contract_id, r.member_id, r.upline_id, p_currency,
         r.team_bet, r.active, r.basis, greatest(r.rate_bp, 0),
         CASE WHEN r.rate_bp > 0 THEN div(r.basis::numeric * r.rate_bp, 10000)::bigint ELSE 0 END,
         CASE WHEN r.rate_bp > 0 AND div(r.basis::numeric * r.rate_bp, 10000) > 0 THEN 'due' ELSE 'not_reached' END
    FROM rated r
  ON CONFLICT (member_id, kind, period_key) DO NOTHING;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count;
END;
$$;
