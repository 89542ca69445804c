-- Agents' wages (issue 14, docs/agents.md): the settlement of one period of one kind, set-based, in
-- ONE transaction per period (the caller's): the wage lines are written, then paid level by level
-- (shallow payees first: an upline receives their own wage before paying their team), then the
-- kind's cursor moves past the period. A crash anywhere rolls the whole period back and the next
-- run settles it again from the start, so no line is lost and none is paid twice; the unique key
-- (member, kind, period) and the journal's idempotency key `wage:<member>:<kind>:<period>` guard a
-- second run of a period that did commit.
--
-- Rates are basis points (1/100 %), amounts minor units. Contract terms are stored as the contract's
-- shapes (percent and major-unit strings): agent_contract_bp and agent_contract_minor read them.

CREATE OR REPLACE FUNCTION agent_contract_bp(p_percent text) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT round(p_percent::numeric * 100)::integer
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agent_contract_minor(p_amount text, p_precision integer) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT round(p_amount::numeric * (10::numeric ^ p_precision))::bigint
$$;
--> statement-breakpoint
-- The request hash of a wage entry the ledger's way (ledger.service.ts requestHashOf): kind, the two
-- postings sorted by address, no reversed entry, no request.
CREATE OR REPLACE FUNCTION agent_wage_entry_hash(p_kind text, p_from text, p_to text, p_amount bigint)
RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(
    '{"kind":"' || p_kind || '","postings":['
      || CASE WHEN p_from < p_to
              THEN '["' || p_from || '","' || (-p_amount)::text || '"],["' || p_to || '","' || p_amount::text || '"]'
              ELSE '["' || p_to || '","' || p_amount::text || '"],["' || p_from || '","' || (-p_amount)::text || '"]'
         END
      || '],"request":null,"reversesEntryId":null,"version":1}', 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- The contract of each agent that counts for a period: the one active at the period's end, else the
-- last one that ended inside the period.
CREATE OR REPLACE FUNCTION agent_period_contracts(p_kind text, p_from timestamptz, p_to timestamptz)
RETURNS TABLE (contract_id integer, member_id bigint, upline_id bigint, terms jsonb)
LANGUAGE sql STABLE AS $$
  SELECT DISTINCT ON (c.member_id) c.id, c.member_id, c.upline_id, c.terms -> 'terms'
    FROM agent_contracts c
   WHERE c.kind = p_kind
     AND c.status IN ('active', 'cancelled', 'ended')
     AND c.started_at IS NOT NULL AND c.started_at < p_to
     AND (c.ended_at IS NULL OR c.ended_at > p_from)
   ORDER BY c.member_id, (c.ended_at IS NULL OR c.ended_at >= p_to) DESC, c.ended_at DESC NULLS FIRST, c.id DESC
$$;
--> statement-breakpoint
-- Pays the lines of one settlement (agent_wages rows with status 'due', written by the caller in
-- this transaction), depth level after depth level: per payer the lines in id order take what the
-- payer holds (issued / partial / insufficient); the platform pays in full. One journal entry per
-- paid line, written set-based as lottery_close_batch does: entries, guarded wallet updates (locked
-- in account id order), balanced postings with running balances.
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
BEGIN
  SELECT a.id INTO v_platform_id FROM ledger_accounts a WHERE a.address = v_platform;
  IF v_platform_id IS NULL THEN
    RAISE EXCEPTION 'no ledger account %', v_platform USING ERRCODE = 'KL003';
  END IF;
  -- Every paid agent has a main wallet.
  INSERT INTO ledger_accounts (address, kind, owner_member_id, currency, precision, balance, allow_negative)
  SELECT DISTINCT 'member:' || w.member_id || ':main', 'main', w.member_id, p_currency,
         (SELECT p.precision FROM ledger_accounts p WHERE p.id = v_platform_id), 0, false
    FROM agent_wages w
   WHERE w.kind = p_kind AND w.period_key = p_period_key AND w.status = 'due'
  ON CONFLICT (address) DO NOTHING;

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
    JOIN ledger_accounts pa ON pa.address = 'member:' || w.member_id || ':main'
    LEFT JOIN ledger_accounts ua ON ua.address = 'member:' || w.payer_id || ':main'
   WHERE w.kind = p_kind AND w.period_key = p_period_key AND w.status = 'due';
  ANALYZE agent_pay_lines;

  -- Every payer's and payee's wallet, locked at once in account id order (as ledger_post_entry
  -- locks): a transfer between two of them waits for this settlement instead of deadlocking it.
  PERFORM 1 FROM ledger_accounts a
   WHERE a.id IN (SELECT l.payee_account FROM agent_pay_lines l
                  UNION SELECT l.payer_account FROM agent_pay_lines l WHERE l.payer_id IS NOT NULL)
   ORDER BY a.id FOR UPDATE;

  FOR v_level IN SELECT DISTINCT l.level FROM agent_pay_lines l ORDER BY 1 LOOP
    -- What each line gets: the payer's balance less what its earlier lines of this level took.
    CREATE TEMPORARY TABLE IF NOT EXISTS agent_pay_now (
      wage_id bigint, member_id bigint, payer_id bigint, due bigint, paid bigint,
      payee_account bigint, payer_account bigint, payer_address text, payer_after bigint, entry_id bigint
    ) ON COMMIT DROP;
    TRUNCATE agent_pay_now;
    INSERT INTO agent_pay_now
    SELECT s.wage_id, s.member_id, s.payer_id, s.due, s.paid, s.payee_account, s.payer_account, s.payer_address,
           CASE WHEN s.payer_id IS NULL THEN NULL ELSE s.balance - s.taken_before - s.paid END, NULL
      FROM (SELECT r.*,
                   CASE WHEN r.payer_id IS NULL THEN r.due
                        ELSE greatest(0, least(r.due, r.balance - r.taken_before)) END AS paid
              FROM (SELECT l.*, coalesce(a.balance, 0) AS balance,
                           -- what the payer's earlier lines of this level take (each at most its due)
                           coalesce(sum(l.due) OVER (PARTITION BY l.payer_account ORDER BY l.wage_id
                                                     ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
                             AS taken_before
                      FROM agent_pay_lines l
                      LEFT JOIN ledger_accounts a ON a.id = l.payer_account
                     WHERE l.level = v_level) AS r) AS s;
    -- An earlier line that took its whole due left less for the next; one that took part left none.
    -- taken_before counts dues, so a payer short of funds pays its lines in id order until empty.
    UPDATE agent_pay_now n SET payer_after = NULL WHERE n.payer_id IS NULL;
    UPDATE agent_pay_now n SET entry_id = nextval('journal_entries_id_seq') WHERE n.paid > 0;
    GET DIAGNOSTICS v_count = ROW_COUNT;
    v_paid := v_paid + v_count;

    INSERT INTO journal_entries (id, kind, idempotency_key, request_hash, metadata)
    OVERRIDING SYSTEM VALUE
    SELECT n.entry_id, v_entry_kind, 'wage:' || n.member_id || ':' || p_kind || ':' || p_period_key,
           agent_wage_entry_hash(v_entry_kind, n.payer_address, 'member:' || n.member_id || ':main', n.paid),
           jsonb_build_object('wage', p_kind, 'periodKey', p_period_key, 'wageId', n.wage_id,
                              'payer', n.payer_id, 'member', n.member_id)
      FROM agent_pay_now n
     WHERE n.entry_id IS NOT NULL
     ORDER BY n.entry_id;

    UPDATE ledger_accounts a SET balance = a.balance + t.amount
      FROM (SELECT n.payee_account AS id, sum(n.paid) AS amount FROM agent_pay_now n
             WHERE n.paid > 0 GROUP BY 1
            UNION ALL
            SELECT n.payer_account, -sum(n.paid) FROM agent_pay_now n
             WHERE n.paid > 0 AND n.payer_id IS NOT NULL GROUP BY 1) AS t
     WHERE a.id = t.id;

    -- Postings in wallet order: a payer's lines in id order (its running balance going down), each
    -- payee's one line (its balance after = the new balance).
    INSERT INTO postings (entry_id, account_id, amount, currency, balance_after)
    SELECT x.entry_id, x.account_id, x.amount, p_currency, x.balance_after
      FROM (SELECT n.entry_id, n.payer_account AS account_id, -n.paid AS amount, n.payer_after AS balance_after,
                   n.wage_id
              FROM agent_pay_now n WHERE n.paid > 0
            UNION ALL
            SELECT n.entry_id, n.payee_account, n.paid, a.balance, n.wage_id
              FROM agent_pay_now n JOIN ledger_accounts a ON a.id = n.payee_account
             WHERE n.paid > 0) AS x
     ORDER BY x.account_id, x.wage_id;

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
--> statement-breakpoint
-- Daily, hourly or dividend lines of one period [p_from, p_to): per agent with a contract of the
-- kind that counts, the team's valid betting (member_rounds settled in the period, main wallet, no
-- trial accounts) and active members; the highest tier reached gives the rate. p_dividend_period:
-- for dividends, only contracts of that period letter. Returns the lines written.
CREATE OR REPLACE FUNCTION agent_wages_tiered(
  p_kind text,
  p_period_key text,
  p_from timestamptz,
  p_to timestamptz,
  p_dividend_period text,
  p_currency text,
  p_precision integer,
  p_trial_type integer
) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
BEGIN
  WITH contracts AS (
    SELECT c.* FROM agent_period_contracts(p_kind, p_from, p_to) c
     WHERE p_dividend_period IS NULL OR c.terms ->> 'period' = p_dividend_period
  ), bettors AS (
    SELECT r.member_id, sum(r.bet_amount)::bigint AS bet, sum(r.win_amount)::bigint AS win
      FROM member_rounds r
      JOIN members m ON m.id = r.member_id
     WHERE r.settled_at >= p_from AND r.settled_at < p_to
       AND r.status = 'settled' AND r.wallet_kind = 'main' AND r.currency = p_currency
       AND m.type <> p_trial_type
     GROUP BY r.member_id
  ), teams AS (
    SELECT c.contract_id, c.member_id, c.upline_id, c.terms,
           sum(b.bet)::bigint AS team_bet, sum(b.win)::bigint AS team_win,
           count(*) FILTER (WHERE b.bet > 0)::integer AS active
      FROM contracts c
      JOIN member_tree t ON t.ancestor_id = c.member_id
      JOIN bettors b ON b.member_id = t.descendant_id
     GROUP BY c.contract_id, c.member_id, c.upline_id, c.terms
    HAVING sum(b.bet) > 0
  ), based AS (
    SELECT t.*,
           CASE WHEN p_kind <> 'dividend' OR t.terms ->> 'basis' = 'betting' THEN t.team_bet
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
         r.team_bet, r.active, CASE WHEN p_kind = 'dividend' THEN r.basis ELSE 0 END, greatest(r.rate_bp, 0),
         CASE WHEN r.rate_bp > 0 THEN div(r.basis::numeric * r.rate_bp, 10000)::bigint ELSE 0 END,
         CASE WHEN r.rate_bp > 0 AND div(r.basis::numeric * r.rate_bp, 10000) > 0 THEN 'due' ELSE 'not_reached' END
    FROM rated r
  ON CONFLICT (member_id, kind, period_key) DO NOTHING;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count;
END;
$$;
--> statement-breakpoint
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
  CREATE TEMPORARY TABLE IF NOT EXISTS agent_rt_parts (
    member_id bigint, numero_id bigint, win_stake bigint, loss_stake bigint, win_wage bigint, loss_wage bigint
  ) ON COMMIT DROP;
  TRUNCATE agent_rt_parts;
  INSERT INTO agent_rt_parts
  SELECT c.member_id, b.numero_id,
         sum(b.stake) FILTER (WHERE b.status = 'won')::bigint,
         sum(b.stake) FILTER (WHERE b.status = 'lost')::bigint,
         div(coalesce(sum(b.stake) FILTER (WHERE b.status = 'won'), 0)::numeric * min(c.win_bp), 10000)::bigint,
         div(coalesce(sum(b.stake) FILTER (WHERE b.status = 'lost'), 0)::numeric * min(c.loss_bp), 10000)::bigint
    FROM lottery_numeros n
    JOIN lottery_bets b ON b.numero_id = n.id
    JOIN members m ON m.id = b.member_id
    JOIN member_tree t ON t.descendant_id = b.member_id
    JOIN agent_rt_contracts c ON c.member_id = t.ancestor_id
   WHERE n.settled_at >= p_from AND n.settled_at < p_to
     AND b.status IN ('won', 'lost') AND b.currency = p_currency AND m.type <> p_trial_type
     AND b.stake >= c.single_bet
   GROUP BY c.member_id, b.numero_id;

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
  SELECT w.id, p.numero_id, g.game_code, n.numero, coalesce(p.win_stake, 0), coalesce(p.loss_stake, 0),
         p.win_wage, p.loss_wage
    FROM agent_rt_parts p
    JOIN agent_wages w ON w.member_id = p.member_id AND w.kind = 'realtime' AND w.period_key = p_period_key
    JOIN lottery_numeros n ON n.id = p.numero_id
    JOIN lottery_games g ON g.id = n.game_id
  ON CONFLICT DO NOTHING;
  RETURN v_count;
END;
$$;
--> statement-breakpoint
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
  p_trial_type integer
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
    v_lines := agent_wages_realtime(p_period_key, p_from, p_to, p_currency, p_precision, p_trial_type);
    v_paid := agent_wages_pay(p_kind, p_period_key, p_currency);
  ELSIF p_kind = 'dividend' THEN
    -- p_to ends a day; p_dividend_periods lists each dividend period ending with it
    -- ({letter, key, from}), settled under its own key.
    FOR v_letter, v_key, v_from IN
      SELECT d ->> 'letter', d ->> 'key', (d ->> 'from')::timestamptz
        FROM jsonb_array_elements(coalesce(p_dividend_periods, '[]'::jsonb)) AS d
    LOOP
      v_lines := v_lines + agent_wages_tiered(p_kind, v_key, v_from, p_to, v_letter, p_currency, p_precision,
                                              p_trial_type);
      v_paid := v_paid + agent_wages_pay(p_kind, v_key, p_currency);
    END LOOP;
  ELSE
    v_lines := agent_wages_tiered(p_kind, p_period_key, p_from, p_to, NULL, p_currency, p_precision, p_trial_type);
    v_paid := agent_wages_pay(p_kind, p_period_key, p_currency);
  END IF;
  UPDATE agent_wage_runs SET settled_to = p_to, updated_at = now() WHERE kind = p_kind;
  RETURN jsonb_build_object('skipped', false, 'lines', v_lines, 'paid', v_paid);
END;
$$;
