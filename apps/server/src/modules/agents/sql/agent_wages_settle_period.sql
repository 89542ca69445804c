-- One period of one kind, whole: the lines, their payment, the cursor. Refuses (returns -1) a
-- period the cursor has already passed, so a second run of a committed period does nothing.
-- The cursor row is locked first: two runs of the same kind take turns.
CREATE OR REPLACE FUNCTION agent_wages_settle_period(
  p_kind text,
  p_period_key text,
  p_from timestamptz,
  p_to timestamptz,
  p_dividend_periods jsonb,
  p_currency text,
  p_precision integer,
  p_trial_type integer,
  p_reference_edge_bp integer,
  p_undeclared_edge_bp integer
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_settled_to timestamptz;
  v_lines integer := 0;
  v_paid integer := 0;
  v_letter text;
  v_key text;
  v_from timestamptz;
BEGIN
  -- One job at a time settles: the aggregation over a slot's bets hashes in memory, not on disk.
  PERFORM set_config('work_mem', '256MB', true);
  INSERT INTO agent_wage_runs (kind, settled_to) VALUES (p_kind, p_from) ON CONFLICT (kind) DO NOTHING;
  SELECT r.settled_to INTO v_settled_to FROM agent_wage_runs r WHERE r.kind = p_kind FOR UPDATE;
  IF v_settled_to >= p_to THEN
    RETURN jsonb_build_object('skipped', true);
  END IF;
  IF p_kind = 'realtime' THEN
    v_lines := agent_wages_realtime(p_period_key, p_from, p_to, p_currency, p_precision, p_trial_type,
                                    p_reference_edge_bp, p_undeclared_edge_bp);
    v_paid := agent_wages_pay(p_kind, p_period_key, p_currency);
  ELSIF p_kind = 'dividend' THEN
    -- p_to ends a day; p_dividend_periods lists each dividend period ending with it
    -- ({letter, key, from}), settled under its own key.
    FOR v_letter, v_key, v_from IN
      SELECT d ->> 'letter', d ->> 'key', (d ->> 'from')::timestamptz
        FROM jsonb_array_elements(coalesce(p_dividend_periods, '[]'::jsonb)) AS d
    LOOP
      v_lines := v_lines + agent_wages_tiered(p_kind, v_key, v_from, p_to, v_letter, p_currency, p_precision,
                                              p_trial_type, p_reference_edge_bp, p_undeclared_edge_bp);
      v_paid := v_paid + agent_wages_pay(p_kind, v_key, p_currency);
    END LOOP;
  ELSE
    v_lines := agent_wages_tiered(p_kind, p_period_key, p_from, p_to, NULL, p_currency, p_precision, p_trial_type,
                                  p_reference_edge_bp, p_undeclared_edge_bp);
    v_paid := agent_wages_pay(p_kind, p_period_key, p_currency);
  END IF;
  UPDATE agent_wage_runs SET settled_to = p_to, updated_at = now() WHERE kind = p_kind;
  RETURN jsonb_build_object('skipped', false, 'lines', v_lines, 'paid', v_paid);
END;
$$;
