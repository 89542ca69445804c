-- Pays the lines of one settlement (agent_wages rows with status 'due', written by the caller in
-- this transaction), depth level after depth level: per payer the lines in id order take what the
-- payer holds (issued / partial / insufficient); the platform pays in full. One journal entry per
-- paid line, each level's entries one batch of the ledger's posting path (ledger_post_entries:
-- guarded wallet updates, balanced postings with running balances in wage order).
CREATE OR REPLACE FUNCTION agent_wages_pay(p_kind text, p_period_key text, p_currency text)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_entry_kind text := CASE WHEN p_kind = 'dividend' THEN 'dividend' ELSE 'wage' END;
  v_platform text := 'platform:' || p_currency;
  v_platform_id bigint;
  v_level integer;
  v_paid integer := 0;
  v_count integer;
  v_wage_ids bigint[];
  v_members bigint[];
  v_amounts bigint[];
  v_payers text[];
  v_payer_ids bigint[];
  v_posted record;
BEGIN
  SELECT a.id INTO v_platform_id FROM ledger_wallets a WHERE a.address = v_platform;
  IF v_platform_id IS NULL THEN
    RAISE EXCEPTION 'no ledger account %', v_platform USING ERRCODE = 'KL003';
  END IF;
  -- Every paid agent has a main wallet (the ledger opens the missing ones, empty).
  PERFORM ledger_open_member_wallets(
    ARRAY(SELECT DISTINCT w.member_id FROM agent_wages w
           WHERE w.kind = p_kind AND w.period_key = p_period_key AND w.status = 'due'),
    'main', p_currency);

  CREATE TEMPORARY TABLE IF NOT EXISTS agent_pay_lines (
    wage_id bigint, member_id bigint, payer_id bigint, due bigint, level integer,
    payee_account bigint, payer_account bigint, payer_address text
  ) ON COMMIT DROP;
  TRUNCATE agent_pay_lines;
  INSERT INTO agent_pay_lines
  SELECT w.id, w.member_id, w.payer_id, w.due,
         (SELECT max(t.depth) FROM member_tree t WHERE t.descendant_id = w.member_id),
         pa.id, coalesce(ua.id, CASE WHEN w.payer_id IS NULL THEN v_platform_id END),
         CASE WHEN w.payer_id IS NULL THEN v_platform ELSE 'member:' || w.payer_id || ':main' END
    FROM agent_wages w
    JOIN ledger_wallets pa ON pa.address = 'member:' || w.member_id || ':main'
    LEFT JOIN ledger_wallets ua ON ua.address = 'member:' || w.payer_id || ':main'
   WHERE w.kind = p_kind AND w.period_key = p_period_key AND w.status = 'due';
  ANALYZE agent_pay_lines;

  -- Every payer's and payee's wallet, locked at once in account id order (as ledger_post_entries
  -- locks): a transfer between two of them waits for this settlement instead of deadlocking it.
  PERFORM 1 FROM ledger_wallets a
   WHERE a.id IN (SELECT l.payee_account FROM agent_pay_lines l
                  UNION SELECT l.payer_account FROM agent_pay_lines l WHERE l.payer_id IS NOT NULL)
   ORDER BY a.id FOR UPDATE;

  FOR v_level IN SELECT DISTINCT l.level FROM agent_pay_lines l ORDER BY 1 LOOP
    -- What each line gets: the payer's balance less what its earlier lines of this level took.
    CREATE TEMPORARY TABLE IF NOT EXISTS agent_pay_now (
      wage_id bigint, member_id bigint, payer_id bigint, due bigint, paid bigint,
      payee_account bigint, payer_account bigint, payer_address text, entry_id bigint
    ) ON COMMIT DROP;
    TRUNCATE agent_pay_now;
    INSERT INTO agent_pay_now
    SELECT s.wage_id, s.member_id, s.payer_id, s.due, s.paid, s.payee_account, s.payer_account, s.payer_address, NULL
      FROM (SELECT r.*,
                   CASE WHEN r.payer_id IS NULL THEN r.due
                        ELSE greatest(0, least(r.due, r.balance - r.taken_before)) END AS paid
              FROM (SELECT l.*, coalesce(a.balance, 0) AS balance,
                           -- what the payer's earlier lines of this level take (each at most its due)
                           coalesce(sum(l.due) OVER (PARTITION BY l.payer_account ORDER BY l.wage_id
                                                     ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
                             AS taken_before
                      FROM agent_pay_lines l
                      LEFT JOIN ledger_wallets a ON a.id = l.payer_account
                     WHERE l.level = v_level) AS r) AS s;
    -- An earlier line that took its whole due left less for the next; one that took part left none.
    -- taken_before counts dues, so a payer short of funds pays its lines in id order until empty.
    -- The level's paid lines, in wage order (a payer's running balance goes down line by line),
    -- posted as one batch.
    SELECT array_agg(n.wage_id ORDER BY n.wage_id), array_agg(n.member_id ORDER BY n.wage_id),
           array_agg(n.paid ORDER BY n.wage_id), array_agg(n.payer_address ORDER BY n.wage_id),
           array_agg(n.payer_id ORDER BY n.wage_id)
      INTO v_wage_ids, v_members, v_amounts, v_payers, v_payer_ids
      FROM agent_pay_now n
     WHERE n.paid > 0;
    v_count := coalesce(cardinality(v_wage_ids), 0);
    IF v_count > 0 THEN
      v_posted := ledger_post_entries(
        array_fill(v_entry_kind, ARRAY[v_count]),
        -- (the arrays read with unnest, not v[i] per row: a subscript of an array of text or with
        -- NULLs walks it from the start, quadratic on a level of 100,000 lines)
        ARRAY(SELECT 'wage:' || l.member_id || ':' || p_kind || ':' || p_period_key
                FROM unnest(v_members) WITH ORDINALITY AS l(member_id, i) ORDER BY l.i),
        NULL,
        ARRAY(SELECT jsonb_build_object('wage', p_kind, 'periodKey', p_period_key, 'wageId', l.wage_id,
                                        'payer', l.payer_id, 'member', l.member_id)
                FROM unnest(v_wage_ids, v_payer_ids, v_members) WITH ORDINALITY AS l(wage_id, payer_id, member_id, i)
               ORDER BY l.i),
        NULL,
        ARRAY(SELECT i FROM generate_series(1, v_count) AS i, generate_series(1, 2) AS leg ORDER BY i, leg),
        ARRAY(SELECT CASE leg WHEN 1 THEN l.payer ELSE 'member:' || l.member_id || ':main' END
                FROM unnest(v_payers, v_members) WITH ORDINALITY AS l(payer, member_id, i), generate_series(1, 2) AS leg
               ORDER BY l.i, leg),
        ARRAY(SELECT CASE leg WHEN 1 THEN -l.amount ELSE l.amount END
                FROM unnest(v_amounts) WITH ORDINALITY AS l(amount, i), generate_series(1, 2) AS leg
               ORDER BY l.i, leg));
      IF true = ANY (v_posted.replayed) THEN
        RAISE EXCEPTION 'a wage of % % was paid before', p_kind, p_period_key;
      END IF;
      UPDATE agent_pay_now n SET entry_id = e.entry_id
        FROM unnest(v_wage_ids, v_posted.entry_ids) AS e(wage_id, entry_id)
       WHERE n.wage_id = e.wage_id;
      v_paid := v_paid + v_count;
    END IF;

    UPDATE agent_wages w
       SET paid = n.paid,
           entry_id = n.entry_id,
           status = CASE WHEN n.paid = n.due THEN 'issued' WHEN n.paid > 0 THEN 'partial' ELSE 'insufficient' END
      FROM agent_pay_now n
     WHERE w.id = n.wage_id;
  END LOOP;
  RETURN v_paid;
END;
$$;
