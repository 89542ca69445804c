-- Real-time lines of one 5-minute slot [p_from, p_to): the lottery numeros settled in it; per agent
-- with a real-time contract, per numero, the team's won and lost bets with stake ≥ the single bet
-- amount; win wage = floor(won stakes × win rate), loss wage = floor(lost stakes × loss rate) per
-- numero (a part), the line their sum.
CREATE OR REPLACE FUNCTION agent_wages_realtime(
  p_period_key text,
  p_from timestamptz,
  p_to timestamptz,
  p_currency text,
  p_precision integer,
  p_trial_type integer
) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
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
  INSERT INTO agent_rt_parts
  SELECT c.member_id, b.numero_id, b.game_code, b.numero,
         sum(b.stake) FILTER (WHERE b.status = 'won')::bigint,
         sum(b.stake) FILTER (WHERE b.status = 'lost')::bigint,
         div(coalesce(sum(b.stake) FILTER (WHERE b.status = 'won'), 0)::numeric * min(c.win_bp), 10000)::bigint,
         div(coalesce(sum(b.stake) FILTER (WHERE b.status = 'lost'), 0)::numeric * min(c.loss_bp), 10000)::bigint
    FROM lottery_rounds b
    JOIN accounts_members m ON m.id = b.member_id
    JOIN member_tree t ON t.descendant_id = b.member_id
    JOIN agent_rt_contracts c ON c.member_id = t.ancestor_id
   WHERE b.numero_settled_at >= p_from AND b.numero_settled_at < p_to
     AND b.status IN ('won', 'lost') AND b.currency = p_currency AND m.type <> p_trial_type
     AND b.stake >= c.single_bet
   GROUP BY c.member_id, b.numero_id, b.game_code, b.numero;

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
