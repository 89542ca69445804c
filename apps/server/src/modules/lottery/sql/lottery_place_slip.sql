-- A slip: every bet (one journal entry each: the member's main wallet pays the house) in ONE call,
-- all or nothing, its entries one batch of the ledger's posting path. p_selections is a JSON array of
-- the bets' selections (lottery-draw.ts betsOfSlip), p_numbers the slip's numbers as the member sent
-- them: with the game, numero, play type, selection and slip index they are each bet's request, whose
-- hash (ledger_request_hash) tells a replay of the slip from another slip under the same request id.
-- p_offered: per region, the play types its games offer (lottery-draw.ts playTypesOf), each with the
-- most times one bet of it can hit in a draw of the region's layout (lottery-rtp.ts maxHits: lô 2 số
-- 27 in the north, xỉu chủ 2 …), {"north": {"lo2": 27, "de": 1, …}, …}.
-- p_liability_caps: per play type, the most the house may have to pay on one number of the draw
-- (minor units; missing or 0: no cap), see the end.
CREATE OR REPLACE FUNCTION lottery_place_slip(
  p_member_id integer,
  p_request_id text,
  p_game_code text,
  p_numero text,
  p_play_type text,
  p_selections jsonb,
  p_stake bigint,
  p_numbers jsonb,
  p_currency text,
  p_prize_modes jsonb,
  p_offered jsonb,
  p_trial_type integer,
  p_liability_caps jsonb
) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_count integer := jsonb_array_length(p_selections);
  v_member_status text;
  v_member_type integer;
  v_stored integer;
  v_same boolean;
  v_game_id integer;
  v_region text;
  v_enabled boolean;
  v_odds integer;
  v_min bigint;
  v_max bigint;
  v_numero_id bigint;
  v_numero_status text;
  v_lock_at timestamptz;
  v_seed_hash text;
  v_beacon_round bigint;
  v_balance bigint;
  v_wallet text := 'member:' || p_member_id || ':main';
  v_house text := 'house:' || p_currency;
  v_requests jsonb[];
  v_hashes text[];
  v_posted record;
  v_cap bigint;
  v_max_hits integer;
  v_payout bigint;
  v_over text;
BEGIN
  IF v_count < 1 OR p_stake <= 0 THEN
    RAISE EXCEPTION 'a slip needs at least one bet and a positive stake';
  END IF;
  v_requests := ARRAY(
    SELECT jsonb_build_object('gameCode', p_game_code, 'numero', p_numero, 'playType', p_play_type,
                              'numbers', p_numbers, 'selection', s.selection, 'slipIndex', s.n - 1)
      FROM jsonb_array_elements(p_selections) WITH ORDINALITY AS s(selection, n)
     ORDER BY s.n);

  -- An account that is not active (or a trial) does not bet (as vendor_money_call's debit).
  SELECT m.status, m.type INTO v_member_status, v_member_type FROM accounts_members m WHERE m.id = p_member_id;
  IF v_member_status IS DISTINCT FROM 'active' THEN
    RETURN jsonb_build_object('error', 'ACCOUNT_DISABLED');
  END IF;
  IF v_member_type = p_trial_type THEN
    RETURN jsonb_build_object('error', 'TRIAL_ACCOUNT');
  END IF;

  -- Once per request id: the same slip answers the stored bets, another slip is refused. (The
  -- hashes are made only for a request id already used: a new slip's are made by the ledger.)
  SELECT count(*)::integer INTO v_stored
    FROM lottery_bets b
   WHERE b.member_id = p_member_id AND b.request_id = p_request_id;
  IF v_stored > 0 THEN
    v_hashes := ARRAY(
      SELECT ledger_request_hash('bet', ARRAY[v_wallet, v_house], ARRAY[-p_stake, p_stake], NULL, r.request)
        FROM unnest(v_requests) WITH ORDINALITY AS r(request, n)
       ORDER BY r.n);
    SELECT coalesce(bool_and(e.request_hash = v_hashes[b.slip_index + 1]), false)
      INTO v_same
      FROM lottery_bets b
      JOIN ledger_entries e ON e.id = b.entry_id
     WHERE b.member_id = p_member_id AND b.request_id = p_request_id;
    IF v_stored = v_count AND v_same THEN
      RETURN lottery_slip_reply(p_member_id, p_request_id, true);
    END IF;
    RETURN jsonb_build_object('error', 'IDEMPOTENCY_MISMATCH', 'field', 'requestId');
  END IF;

  SELECT g.id, g.region, g.enabled INTO v_game_id, v_region, v_enabled
    FROM lottery_games g
   WHERE g.game_code = p_game_code;
  IF v_game_id IS NULL OR NOT v_enabled THEN
    RETURN jsonb_build_object('error', 'NOT_FOUND', 'field', 'gameCode');
  END IF;
  IF NOT coalesce((p_offered -> v_region) ? p_play_type, false) THEN
    RETURN jsonb_build_object('error', 'VALIDATION_FAILED', 'field', 'playType', 'reason', 'not offered by this game');
  END IF;
  SELECT o.odds_milli, o.min_stake, o.max_stake INTO v_odds, v_min, v_max
    FROM lottery_odds o
   WHERE o.prize_mode = p_prize_modes ->> v_region AND o.region = v_region AND o.play_type = p_play_type;
  IF v_odds IS NULL THEN
    RETURN jsonb_build_object('error', 'VALIDATION_FAILED', 'field', 'playType', 'reason', 'no odds for this play type');
  END IF;
  IF p_stake < v_min OR p_stake > v_max THEN
    RETURN jsonb_build_object('error', 'AMOUNT_OUT_OF_RANGE', 'field', 'unitStake',
      'min', v_min::text, 'max', v_max::text);
  END IF;

  -- The numero, shared-locked: its lock (an UPDATE) waits until this slip commits, and a slip that
  -- waited on the lock reads the locked row. clock_timestamp(): the time now, not the call's start.
  SELECT n.id, n.status, n.lock_at, n.seed_hash, n.beacon_round
    INTO v_numero_id, v_numero_status, v_lock_at, v_seed_hash, v_beacon_round
    FROM lottery_numeros n
   WHERE n.game_id = v_game_id AND n.numero = p_numero
     FOR SHARE;
  IF v_numero_id IS NULL THEN
    RETURN jsonb_build_object('error', 'NOT_FOUND', 'field', 'numero');
  END IF;
  IF v_numero_status <> 'open' OR v_lock_at <= clock_timestamp() THEN
    RETURN jsonb_build_object('error', 'BETTING_CLOSED', 'field', 'numero');
  END IF;

  -- The stakes are checked first (no lock); the ledger's guarded update is the real guard (KL001).
  SELECT a.balance INTO v_balance FROM ledger_wallets a WHERE a.address = v_wallet;
  IF coalesce(v_balance, 0)::numeric < p_stake::numeric * v_count THEN
    RETURN jsonb_build_object('error', 'INSUFFICIENT_FUNDS');
  END IF;

  v_posted := ledger_post_entries(
    array_fill('bet'::text, ARRAY[v_count]),
    ARRAY(SELECT 'lottery-bet:' || p_member_id || ':' || p_request_id || ':' || i FROM generate_series(0, v_count - 1) AS i ORDER BY i),
    v_requests,
    ARRAY(SELECT jsonb_build_object('lottery', p_game_code, 'numero', p_numero, 'playType', p_play_type, 'slipIndex', i)
            FROM generate_series(0, v_count - 1) AS i ORDER BY i),
    NULL,
    ARRAY(SELECT i FROM generate_series(1, v_count) AS i, generate_series(1, 2) AS leg ORDER BY i, leg),
    ARRAY(SELECT CASE leg WHEN 1 THEN v_wallet ELSE v_house END
            FROM generate_series(1, v_count) AS i, generate_series(1, 2) AS leg ORDER BY i, leg),
    ARRAY(SELECT CASE leg WHEN 1 THEN -p_stake ELSE p_stake END
            FROM generate_series(1, v_count) AS i, generate_series(1, 2) AS leg ORDER BY i, leg));
  IF true = ANY (v_posted.replayed) THEN
    RAISE EXCEPTION 'slip % was placed by another call', p_request_id USING ERRCODE = 'KL101';
  END IF;
  INSERT INTO lottery_bets
    (numero_id, game_id, member_id, play_type, selection, stake, odds_milli, currency, request_id, slip_index, entry_id,
     seed_hash, beacon_round)
  SELECT v_numero_id, v_game_id, p_member_id, p_play_type,
         ARRAY(SELECT jsonb_array_elements_text(s.selection)), p_stake, v_odds, p_currency,
         p_request_id, s.n - 1, v_posted.entry_ids[s.n], v_seed_hash, v_beacon_round
    FROM jsonb_array_elements(p_selections) WITH ORDINALITY AS s(selection, n)
   ORDER BY s.n;

  -- The house's possible payout per number (issue 36 item 6, docs/lottery.md): every bet adds its
  -- worst case, stake × odds × the most hits its play type can have in this region's layout (a lô
  -- on 27 may be paid for each of the 27 numbers), to its number's row of lottery_exposure (a
  -- xiên's numbers joined by ","),
  -- and a row that would pass the play type's cap is left as it is: the slip is refused
  -- (LIABILITY_LIMIT naming the number) and the exception rolls back everything above. The upsert's
  -- row lock makes concurrent bets on one number take turns, so the cap holds exactly; it is the
  -- last write, so the lock is held only until the commit, and rows go in number order, so two
  -- slips never wait on each other in a cycle.
  v_cap := (p_liability_caps ->> p_play_type)::bigint;
  IF v_cap IS NOT NULL AND v_cap > 0 THEN
    v_max_hits := ((p_offered -> v_region) ->> p_play_type)::integer;
    v_payout := least(div(p_stake::numeric * v_odds * v_max_hits, 1000), 9223372036854775807)::bigint;
    WITH wanted AS (
      SELECT array_to_string(ARRAY(SELECT jsonb_array_elements_text(s.selection) AS n ORDER BY n), ',') AS number
        FROM jsonb_array_elements(p_selections) AS s(selection)
    ), added AS (
      INSERT INTO lottery_exposure AS x (numero_id, play_type, selection, payout, bets, max_hits)
      SELECT v_numero_id, p_play_type, w.number, v_payout, 1, v_max_hits
        FROM wanted w
       WHERE v_payout <= v_cap
       ORDER BY w.number
      ON CONFLICT (numero_id, play_type, selection) DO UPDATE
        SET payout = x.payout + excluded.payout, bets = x.bets + 1
        WHERE x.payout + excluded.payout <= v_cap
      RETURNING x.selection
    )
    SELECT w.number INTO v_over
      FROM wanted w
     WHERE w.number NOT IN (SELECT a.selection FROM added a)
     ORDER BY w.number
     LIMIT 1;
    IF v_over IS NOT NULL THEN
      RAISE EXCEPTION 'liability cap of % reached on %', p_play_type, v_over
        USING ERRCODE = 'KL102',
              DETAIL = jsonb_build_object('number', v_over, 'cap', v_cap::text, 'payout', v_payout::text,
                'exposure', coalesce((SELECT x.payout FROM lottery_exposure x
                                       WHERE x.numero_id = v_numero_id AND x.play_type = p_play_type
                                         AND x.selection = v_over), 0)::text)::text;
    END IF;
  END IF;
  RETURN lottery_slip_reply(p_member_id, p_request_id, false);
END;
$$;
