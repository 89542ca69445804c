-- The lottery's money (issue 13, docs/lottery.md): placing a slip, cancelling a bet, settling a
-- drawn numero and voiding one, each as SQL functions on the ledger (docs/design.md, Money).
--
-- Locks, in the one order every call takes them: the numero row (placement and cancel FOR SHARE, so
-- the lifecycle's lock UPDATE waits for the placements in flight and no bet slips in after it;
-- settlement and void FOR UPDATE, so two runs of one numero take turns), then bet rows, then member
-- wallets (in account id order). System accounts are never updated (no hot row).
--
-- Refusals come back as jsonb {"error": CODE, "field": …} and nothing has moved; a race lost inside
-- (KL101: a concurrent call posted the same idempotency key; KL001: a concurrent bet spent the stake
-- between the check and the ledger's guarded update) raises, the statement rolls back and the caller
-- runs it again, when it finds the other call's rows (or the lower balance) and answers from them.

-- Settlement writes each bet once more (status, hits, payout, settle_entry_id, settled_at): with the
-- numero index not on status and half of each page kept free, those updates are HOT (no index entry
-- written): measured on PostgreSQL 15, 200,000 bets settled in 2.2 s against 4.7 s before.
DROP INDEX IF EXISTS "lottery_bets_numero_idx";
--> statement-breakpoint
CREATE INDEX "lottery_bets_numero_idx" ON "lottery_bets" USING btree ("numero_id","id");
--> statement-breakpoint
ALTER TABLE "lottery_bets" SET (fillfactor = 50);
--> statement-breakpoint
-- The request hash of an entry between the house and a member's wallet, computed the ledger's way
-- (ledger.service.ts requestHashOf: SHA-256 of the canonical JSON of kind, postings sorted by
-- address, the reversed entry and no extra request). The member receives p_amount (negative: pays).
CREATE OR REPLACE FUNCTION lottery_entry_hash(
  p_kind text,
  p_house text,
  p_wallet text,
  p_amount bigint,
  p_reverses_entry_id bigint
) RETURNS text
LANGUAGE sql
IMMUTABLE
AS $$
  SELECT encode(sha256(convert_to(
    '{"kind":"' || p_kind || '","postings":[["' || p_house || '","' || (-p_amount)::text || '"],["'
      || p_wallet || '","' || p_amount::text || '"]],"request":null,"reversesEntryId":'
      || coalesce(p_reverses_entry_id::text, 'null') || ',"version":1}', 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- A bet as the contract's lotteryBetSchema shows it (amounts in minor units as text, times in ms).
CREATE OR REPLACE VIEW lottery_bet_lines AS
SELECT b.id AS "betId",
       b.member_id AS "memberId",
       b.request_id AS "requestId",
       b.slip_index AS "slipIndex",
       g.game_code AS "gameCode",
       g.names AS "names",
       n.numero AS "numero",
       b.play_type AS "playType",
       b.selection AS "numbers",
       b.stake::text AS "stake",
       b.odds_milli AS "oddsMilli",
       b.status AS "status",
       b.hits AS "hits",
       b.payout::text AS "payout",
       b.placed_at AS "placedAtTime",
       (extract(epoch FROM b.placed_at) * 1000)::bigint AS "placedAt",
       (extract(epoch FROM b.settled_at) * 1000)::bigint AS "settledAt",
       (b.status = 'open' AND n.status = 'open' AND n.lock_at > now()) AS "cancellable"
  FROM lottery_bets b
  JOIN lottery_games g ON g.id = b.game_id
  JOIN lottery_numeros n ON n.id = b.numero_id;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lottery_slip_reply(p_member_id integer, p_request_id text, p_replayed boolean)
RETURNS jsonb
LANGUAGE sql
STABLE
AS $$
  SELECT jsonb_build_object(
    'replayed', p_replayed,
    'bets', (SELECT coalesce(jsonb_agg(to_jsonb(l) - 'placedAtTime' ORDER BY l."slipIndex"), '[]')
               FROM lottery_bet_lines l
              WHERE l."memberId" = p_member_id AND l."requestId" = p_request_id),
    'balance', coalesce((SELECT a.balance FROM ledger_accounts a
                          WHERE a.address = 'member:' || p_member_id || ':main'), 0)::text)
$$;
--> statement-breakpoint
-- A slip: every bet (one journal entry each: the member's main wallet pays the house) in ONE call,
-- all or nothing. p_selections is a JSON array of the bets' selections (lottery-draw.ts betsOfSlip),
-- p_request_hashes the ledger request hash of each bet's entry (in slip order).
CREATE OR REPLACE FUNCTION lottery_place_slip(
  p_member_id integer,
  p_request_id text,
  p_game_code text,
  p_numero text,
  p_play_type text,
  p_selections jsonb,
  p_stake bigint,
  p_request_hashes text[],
  p_currency text,
  p_prize_modes jsonb,
  p_fast_only text[],
  p_trial_type integer
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
  v_balance bigint;
  v_wallet text := 'member:' || p_member_id || ':main';
  v_house text := 'house:' || p_currency;
  v_entry jsonb;
  v_index integer;
BEGIN
  IF v_count < 1 OR coalesce(cardinality(p_request_hashes), 0) <> v_count OR p_stake <= 0 THEN
    RAISE EXCEPTION 'a slip needs at least one bet, one request hash per bet and a positive stake';
  END IF;

  -- An account that is not active (or a trial) does not bet (as vendor_money_call's debit).
  SELECT m.status, m.type INTO v_member_status, v_member_type FROM members m WHERE m.id = p_member_id;
  IF v_member_status IS DISTINCT FROM 'active' THEN
    RETURN jsonb_build_object('error', 'ACCOUNT_DISABLED');
  END IF;
  IF v_member_type = p_trial_type THEN
    RETURN jsonb_build_object('error', 'TRIAL_ACCOUNT');
  END IF;

  -- Once per request id: the same slip answers the stored bets, another slip is refused.
  SELECT count(*)::integer, coalesce(bool_and(e.request_hash = p_request_hashes[b.slip_index + 1]), false)
    INTO v_stored, v_same
    FROM lottery_bets b
    JOIN journal_entries e ON e.id = b.entry_id
   WHERE b.member_id = p_member_id AND b.request_id = p_request_id;
  IF v_stored > 0 THEN
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
  IF v_region <> 'fast' AND p_play_type = ANY (p_fast_only) THEN
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
  SELECT n.id, n.status, n.lock_at INTO v_numero_id, v_numero_status, v_lock_at
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
  SELECT a.balance INTO v_balance FROM ledger_accounts a WHERE a.address = v_wallet;
  IF coalesce(v_balance, 0)::numeric < p_stake::numeric * v_count THEN
    RETURN jsonb_build_object('error', 'INSUFFICIENT_FUNDS');
  END IF;

  FOR v_index IN 0 .. v_count - 1 LOOP
    v_entry := ledger_post_entry('bet', 'lottery-bet:' || p_member_id || ':' || p_request_id || ':' || v_index,
      p_request_hashes[v_index + 1],
      jsonb_build_object('lottery', p_game_code, 'numero', p_numero, 'playType', p_play_type, 'slipIndex', v_index),
      NULL, ARRAY[v_wallet, v_house], ARRAY[-p_stake, p_stake]);
    IF (v_entry ->> 'replayed')::boolean THEN
      RAISE EXCEPTION 'slip % was placed by another call', p_request_id USING ERRCODE = 'KL101';
    END IF;
    INSERT INTO lottery_bets
      (numero_id, game_id, member_id, play_type, selection, stake, odds_milli, currency, request_id, slip_index, entry_id)
    VALUES
      (v_numero_id, v_game_id, p_member_id, p_play_type,
       ARRAY(SELECT jsonb_array_elements_text(p_selections -> v_index)), p_stake, v_odds, p_currency,
       p_request_id, v_index, (v_entry ->> 'entryId')::bigint);
  END LOOP;
  RETURN lottery_slip_reply(p_member_id, p_request_id, false);
END;
$$;
--> statement-breakpoint
-- Cancelling an own open bet while its numero is open: the stake comes back with a reversal of the
-- placement entry (key lottery-cancel:<betId>).
CREATE OR REPLACE FUNCTION lottery_cancel_bet(p_member_id integer, p_bet_id bigint)
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_bet lottery_bets%ROWTYPE;
  v_numero_status text;
  v_lock_at timestamptz;
  v_wallet text := 'member:' || p_member_id || ':main';
  v_house text;
  v_entry jsonb;
BEGIN
  SELECT b.* INTO v_bet FROM lottery_bets b WHERE b.id = p_bet_id AND b.member_id = p_member_id;
  IF v_bet.id IS NULL THEN
    RETURN jsonb_build_object('error', 'NOT_FOUND', 'field', 'betId');
  END IF;
  SELECT n.status, n.lock_at INTO v_numero_status, v_lock_at
    FROM lottery_numeros n WHERE n.id = v_bet.numero_id FOR SHARE;
  -- Locked and read again: a concurrent cancel of the same bet waits here and then finds it closed.
  SELECT b.* INTO v_bet FROM lottery_bets b WHERE b.id = p_bet_id FOR UPDATE;
  IF v_bet.status <> 'open' OR v_numero_status <> 'open' OR v_lock_at <= clock_timestamp() THEN
    RETURN jsonb_build_object('error', 'BETTING_CLOSED', 'field', 'betId');
  END IF;
  v_house := 'house:' || v_bet.currency;
  v_entry := ledger_post_entry('reversal', 'lottery-cancel:' || v_bet.id,
    lottery_entry_hash('reversal', v_house, v_wallet, v_bet.stake, v_bet.entry_id),
    jsonb_build_object('reason', 'lottery bet cancelled', 'reversedKind', 'bet', 'betId', v_bet.id),
    v_bet.entry_id, ARRAY[v_wallet, v_house], ARRAY[v_bet.stake, -v_bet.stake]);
  IF (v_entry ->> 'replayed')::boolean THEN
    RAISE EXCEPTION 'bet % was cancelled by another call', p_bet_id USING ERRCODE = 'KL101';
  END IF;
  UPDATE lottery_bets
     SET status = 'cancelled', settle_entry_id = (v_entry ->> 'entryId')::bigint, settled_at = now()
   WHERE id = v_bet.id;
  RETURN jsonb_build_object(
    'bet', (SELECT to_jsonb(l) - 'placedAtTime' FROM lottery_bet_lines l WHERE l."betId" = v_bet.id),
    'balance', (SELECT a.balance FROM ledger_accounts a WHERE a.address = v_wallet)::text);
END;
$$;
--> statement-breakpoint
-- How many times a bet wins (lottery-draw.ts hitsOf), given the numero's precomputed facts: p_lo maps
-- every ending of every prize number to how many prize numbers (long enough) end in it, p_endings
-- are the prize numbers' last two digits. A property test compares this with hitsOf.
CREATE OR REPLACE FUNCTION lottery_hits(
  p_play_type text,
  p_selection text[],
  p_lo jsonb,
  p_endings text[],
  p_de text,
  p_big_small text,
  p_odd_even text,
  p_sum text
) RETURNS integer
LANGUAGE sql
IMMUTABLE
AS $$
  SELECT CASE
    WHEN p_play_type IN ('lo2', 'lo3', 'lo4') THEN coalesce((p_lo ->> coalesce(p_selection[1], ''))::integer, 0)
    WHEN p_play_type = 'de' THEN (coalesce(p_selection[1], '') = p_de)::integer
    WHEN p_play_type = 'dau' THEN (coalesce(p_selection[1], '') = left(p_de, 1))::integer
    WHEN p_play_type = 'duoi' THEN (coalesce(p_selection[1], '') = right(p_de, 1))::integer
    WHEN p_play_type IN ('xien2', 'xien3', 'xien4') THEN (p_selection <@ p_endings)::integer
    WHEN p_play_type = 'big_small' THEN (coalesce(p_selection[1], '') = p_big_small)::integer
    WHEN p_play_type = 'odd_even' THEN (coalesce(p_selection[1], '') = p_odd_even)::integer
    WHEN p_play_type = 'sum' THEN (coalesce(p_selection[1], '') = p_sum)::integer
  END
$$;
--> statement-breakpoint
-- The digit sum of a string of digits.
CREATE OR REPLACE FUNCTION lottery_digit_sum(p_digits text) RETURNS integer
LANGUAGE sql
IMMUTABLE
AS $$
  SELECT coalesce(sum(substr(p_digits, i, 1)::integer), 0)::integer
    FROM generate_series(1, length(p_digits)) AS i
$$;
--> statement-breakpoint
-- One batch of a numero's open bets after bet id p_after, in ONE transaction, set-based:
--   p_mode 'settle' (numero drawn): hits and payout per bet (lottery_hits, payoutOf = floor(stake ×
--     odds × hits / 1000)), bets won / lost, ONE 'win' entry per member paying the batch's wins
--     (key lottery-win:<numeroId>:<firstBetId>:<memberId>);
--   p_mode 'void' (numero void): ONE 'rollback' entry per member refunding the batch's stakes (key
--     lottery-void:<numeroId>:<firstBetId>:<memberId>), bets void.
-- Exactly once: only bets still 'open' are taken, and they change status in this transaction; the
-- numero row is locked FOR UPDATE, so a second run waits and then takes the bets this one left.
-- When no open bet is left, a drawn numero becomes 'settled'.
-- Returns {"count", "lastBetId", "done", "members": [member ids paid]} or {"error", "status"}.
CREATE OR REPLACE FUNCTION lottery_close_batch(
  p_mode text,
  p_numero_id bigint,
  p_after bigint,
  p_batch_size integer
) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_status text;
  v_numbers text[];
  v_game_code text;
  v_numero text;
  v_special text;
  v_de text;
  v_lo jsonb;
  v_endings text[];
  v_big_small text;
  v_odd_even text;
  v_sum text;
  v_ids bigint[];
  v_members integer[];
  v_hits integer[];
  v_payouts bigint[];
  v_amounts bigint[];
  v_first bigint;
  v_w_members integer[];
  v_w_totals bigint[];
  v_w_bets integer[];
  v_w_accounts bigint[];
  v_w_houses bigint[];
  v_w_house_addresses text[];
  v_e_ids bigint[];
  v_kind text := CASE p_mode WHEN 'settle' THEN 'win' ELSE 'rollback' END;
  v_key_prefix text := CASE p_mode WHEN 'settle' THEN 'lottery-win:' ELSE 'lottery-void:' END;
  v_expected_status text := CASE p_mode WHEN 'settle' THEN 'drawn' ELSE 'void' END;
  v_updated integer;
  v_done boolean := false;
BEGIN
  IF p_mode NOT IN ('settle', 'void') OR p_batch_size < 1 THEN
    RAISE EXCEPTION 'bad lottery batch: % %', p_mode, p_batch_size;
  END IF;
  SELECT n.status, n.numbers, n.numero, g.game_code INTO v_status, v_numbers, v_numero, v_game_code
    FROM lottery_numeros n
    JOIN lottery_games g ON g.id = n.game_id
   WHERE n.id = p_numero_id
     FOR UPDATE OF n;
  IF v_status IS NULL THEN
    RETURN jsonb_build_object('error', 'NOT_FOUND');
  END IF;
  IF p_mode = 'settle' AND v_status = 'settled' THEN
    RETURN jsonb_build_object('count', 0, 'lastBetId', p_after, 'done', true, 'members', '[]'::jsonb);
  END IF;
  IF v_status <> v_expected_status THEN
    RETURN jsonb_build_object('error', 'CONFLICT', 'status', v_status);
  END IF;

  IF p_mode = 'settle' THEN
    IF coalesce(cardinality(v_numbers), 0) = 0 THEN
      RAISE EXCEPTION 'numero % is drawn without numbers', p_numero_id;
    END IF;
    v_special := v_numbers[1];
    v_de := right(v_special, 2);
    SELECT jsonb_object_agg(t.ending, t.hits) INTO v_lo
      FROM (SELECT right(n.number, k) AS ending, count(*) AS hits
              FROM unnest(v_numbers) AS n(number)
             CROSS JOIN LATERAL generate_series(0, length(n.number)) AS k
             GROUP BY 1) AS t;
    v_endings := ARRAY(SELECT right(n.number, 2) FROM unnest(v_numbers) AS n(number));
    v_big_small := CASE WHEN lottery_digit_sum(v_special) * 2 > 9 * length(v_special) THEN 'big' ELSE 'small' END;
    v_odd_even := CASE WHEN lottery_digit_sum(v_special) % 2 = 1 THEN 'odd' ELSE 'even' END;
    v_sum := (lottery_digit_sum(v_de) % 10)::text;
  END IF;

  -- 1. The batch, scored. amount: what the member receives (the payout, or the stake back).
  --    EXECUTE plans it with this numero's id known, so it takes the (numero_id, id) index, not the
  --    primary key through the other numeros' bets.
  EXECUTE $query$
    SELECT array_agg(s.id ORDER BY s.id), array_agg(s.member_id ORDER BY s.id), array_agg(s.hits ORDER BY s.id),
           array_agg(s.payout ORDER BY s.id), array_agg(s.amount ORDER BY s.id)
      FROM (SELECT h.id, h.member_id, h.hits, h.payout,
                   CASE WHEN $10 = 'settle' THEN h.payout ELSE h.stake END AS amount
              FROM (SELECT p.id, p.member_id, p.stake, p.hits,
                           CASE WHEN p.hits > 0 THEN div(p.stake::numeric * p.odds_milli * p.hits, 1000)::bigint
                                ELSE 0::bigint END AS payout
                      FROM (SELECT b.id, b.member_id, b.stake, b.odds_milli,
                                   CASE WHEN $10 = 'settle'
                                        THEN lottery_hits(b.play_type, b.selection, $1, $2, $3, $4, $5, $6)
                                        ELSE 0 END AS hits
                              FROM lottery_bets b
                             WHERE b.numero_id = $7 AND b.status = 'open' AND b.id > $8
                             ORDER BY b.id
                             LIMIT $9) AS p) AS h) AS s
  $query$
    INTO v_ids, v_members, v_hits, v_payouts, v_amounts
    USING v_lo, v_endings, v_de, v_big_small, v_odd_even, v_sum, p_numero_id, p_after, p_batch_size, p_mode;

  IF v_ids IS NOT NULL THEN
    v_first := v_ids[1];

    -- 2. What each member receives in this batch, with the wallet and the house account.
    SELECT array_agg(w.member_id ORDER BY a.id), array_agg(w.total ORDER BY a.id), array_agg(w.bets ORDER BY a.id),
           array_agg(a.id ORDER BY a.id), array_agg(h.id ORDER BY a.id), array_agg(h.address ORDER BY a.id)
      INTO v_w_members, v_w_totals, v_w_bets, v_w_accounts, v_w_houses, v_w_house_addresses
      FROM (SELECT t.member_id, sum(t.amount)::bigint AS total, count(*)::integer AS bets
              FROM unnest(v_members, v_amounts) AS t(member_id, amount)
             WHERE t.amount > 0
             GROUP BY t.member_id) AS w
      JOIN ledger_accounts a ON a.address = 'member:' || w.member_id || ':main'
      JOIN ledger_accounts h ON h.address = 'house:' || a.currency;
    IF coalesce(cardinality(v_w_members), 0) <> (SELECT count(DISTINCT t.member_id)
                                                   FROM unnest(v_members, v_amounts) AS t(member_id, amount)
                                                  WHERE t.amount > 0) THEN
      RAISE EXCEPTION 'a member of numero % has no main wallet or house account', p_numero_id;
    END IF;

    -- 3. The journal entry ids of the members paid, drawn now so the bets can name them; then the
    --    bets, closed (all of them still open: checked by the count).
    v_e_ids := ARRAY(SELECT nextval('journal_entries_id_seq') FROM generate_series(1, coalesce(cardinality(v_w_members), 0)));
    UPDATE lottery_bets b
       SET status = CASE WHEN p_mode = 'void' THEN 'void' WHEN t.hits > 0 THEN 'won' ELSE 'lost' END,
           hits = t.hits,
           payout = t.payout,
           settled_at = now(),
           settle_entry_id = CASE WHEN t.amount > 0 THEN e.entry_id END
      FROM unnest(v_ids, v_members, v_hits, v_payouts, v_amounts) AS t(id, member_id, hits, payout, amount)
      LEFT JOIN unnest(v_w_members, v_e_ids) AS e(member_id, entry_id) ON e.member_id = t.member_id
     WHERE b.id = t.id AND b.status = 'open';
    GET DIAGNOSTICS v_updated = ROW_COUNT;
    IF v_updated <> cardinality(v_ids) THEN
      RAISE EXCEPTION 'numero %: % bets of the batch were no longer open', p_numero_id, cardinality(v_ids) - v_updated;
    END IF;

    IF v_w_members IS NOT NULL THEN
      -- 4. Last (the wallets stay locked for this statement only, until the commit): the wallets,
      --    locked in account id order (as ledger_post_entry does: no deadlock), then one statement
      --    for the entries, the guarded wallet updates and the balanced postings. Posting ids are
      --    drawn under the wallet locks, so balance_after is the running balance.
      PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (v_w_accounts) ORDER BY a.id FOR UPDATE;
      WITH w AS (
        SELECT t.entry_id, t.member_id, t.total, t.bets, t.account_id, t.house_id, t.house
          FROM unnest(v_e_ids, v_w_members, v_w_totals, v_w_bets, v_w_accounts, v_w_houses, v_w_house_addresses)
               AS t(entry_id, member_id, total, bets, account_id, house_id, house)
      ), entries AS (
        INSERT INTO journal_entries (id, kind, idempotency_key, request_hash, metadata)
        OVERRIDING SYSTEM VALUE
        SELECT w.entry_id, v_kind, v_key_prefix || p_numero_id || ':' || v_first || ':' || w.member_id,
               lottery_entry_hash(v_kind, w.house, 'member:' || w.member_id || ':main', w.total, NULL),
               jsonb_build_object('lottery', v_game_code, 'numero', v_numero, 'numeroId', p_numero_id,
                                  'firstBetId', v_first, 'bets', w.bets)
          FROM w
        RETURNING id
      ), wallets AS (
        UPDATE ledger_accounts a
           SET balance = a.balance + w.total
          FROM w
         WHERE a.id = w.account_id
        RETURNING a.id, a.balance, a.currency
      )
      INSERT INTO postings (entry_id, account_id, amount, currency, balance_after)
      SELECT w.entry_id, x.account_id, x.amount, a.currency, x.balance_after
        FROM w
        JOIN wallets a ON a.id = w.account_id
       CROSS JOIN LATERAL (VALUES (w.house_id, -w.total, NULL::bigint), (w.account_id, w.total, a.balance))
             AS x(account_id, amount, balance_after);
    END IF;
  END IF;

  IF coalesce(cardinality(v_ids), 0) < p_batch_size THEN
    EXECUTE 'SELECT NOT EXISTS (SELECT 1 FROM lottery_bets b WHERE b.numero_id = $1 AND b.status = ''open'')'
      INTO v_done USING p_numero_id;
  END IF;
  IF v_done THEN
    IF p_mode = 'settle' THEN
      UPDATE lottery_numeros SET status = 'settled', settled_at = now() WHERE id = p_numero_id AND status = 'drawn';
    END IF;
  END IF;
  RETURN jsonb_build_object(
    'count', coalesce(cardinality(v_ids), 0),
    'lastBetId', coalesce(v_ids[cardinality(v_ids)], p_after),
    'done', v_done,
    'members', coalesce(to_jsonb(v_w_members), '[]'::jsonb));
END;
$$;
--> statement-breakpoint
-- Every round a member played, for the betting record, profit and loss, popular games and the rank
-- and winner boards (modules/games): the vendors' rounds, and each lottery bet as a round of its
-- catalogue game (vendor TCG_LOTTO_VN for the regional draws, TCG_SEA for the fast ones; the game
-- code is the lottery game's). A cancelled or voided bet is a rolled-back round with nothing staked,
-- as a vendor's rolled-back round is. `detail` carries the draw: numero, play type, numbers, odds
-- (decimal text), hits and, once drawn, the special prize.
CREATE OR REPLACE VIEW member_rounds AS
SELECT r.id, r.vendor_code, r.round_id, r.member_id, r.node_id, r.game_type, r.vassalage, r.currency,
       r.wallet_kind, r.bet_amount, r.win_amount, r.status, r.detail, r.started_at, r.settled_at
  FROM game_rounds r
UNION ALL
SELECT b.id,
       v.vendor_code,
       'L' || b.id,
       b.member_id,
       coalesce(c.node_id, 0),
       coalesce(c.game_type, v.game_type),
       coalesce(c.vassalage, v.vendor_code),
       b.currency,
       'main',
       CASE WHEN b.status IN ('cancelled', 'void') THEN 0 ELSE b.stake END,
       b.payout,
       CASE b.status WHEN 'open' THEN 'open' WHEN 'won' THEN 'settled' WHEN 'lost' THEN 'settled' ELSE 'rolled_back' END,
       jsonb_build_object('lottery', true, 'numero', n.numero, 'playType', b.play_type, 'numbers', to_jsonb(b.selection),
                          'odds', rtrim(rtrim((b.odds_milli / 1000.0)::numeric(12, 3)::text, '0'), '.'), 'hits', b.hits,
                          'special', CASE WHEN b.status IN ('won', 'lost') THEN n.numbers[1] END),
       b.placed_at,
       b.settled_at
  FROM lottery_bets b
  JOIN lottery_games g ON g.id = b.game_id
  JOIN lottery_numeros n ON n.id = b.numero_id
 CROSS JOIN LATERAL (SELECT CASE WHEN g.region = 'fast' THEN 'TCG_SEA' ELSE 'TCG_LOTTO_VN' END AS vendor_code,
                            CASE WHEN g.region = 'fast' THEN 'ELOTT' ELSE 'LOTT' END AS game_type) AS v
  LEFT JOIN games c ON c.vendor_code = v.vendor_code AND c.game_code = g.game_code;
