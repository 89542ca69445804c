-- The vendor wallet protocol's money calls (debit, credit, rollback; docs/vendor-protocol.md) in ONE
-- call: the round locked first, the call once per transaction id (the same body answers the stored
-- reply, another is a duplicate), the session and game checked, and the money moved through the
-- ledger's posting path (ledger_post_entries; the entry's key vendor:<vendor>:<transaction id>,
-- its request hash over kind and postings: the vendor's body is held to its transaction id by
-- vendor_transactions.request_hash, checked first, so the ledger does not hash it again). The work
-- per accepted debit or credit is kept small on purpose (bench/README.md): the reply is built in
-- place and the transaction row written by its own INSERT; refusals and rollbacks go through
-- vendor_remember.
--
-- Bonus money (issue 39, docs/promotions.md "Bonus money and wagering"): a main-wallet round's
-- debit draws cash first, then the member's bonus wallet; the part drawn from bonus is kept on the
-- round (bonus_bet_amount), and a credit pays the round's win to cash and bonus in the proportion
-- its stake drew them (bonus's share rounded up, so bonus money never turns into cash by rounding).
-- While the bonus wallet holds money, a round's stake may not pass the active bonus's maximum bet
-- (promotions_max_bet, the promotions module's published limit): BET_LIMIT, nothing moved. The
-- balance answered is cash + bonus. A rollback reverses the debit's postings exactly, bonus part too.
CREATE OR REPLACE FUNCTION vendor_money_call(
  p_action text,
  p_vendor_code text,
  p_session_id bigint,
  p_transaction_id text,
  p_round_id text,
  p_game_code text,
  p_amount bigint,
  p_final boolean,
  p_detail jsonb,
  p_reference_transaction_id text,
  p_request_hash text,
  p_idle_minutes integer,
  p_errors jsonb
) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_ledger_key text := 'vendor:' || p_vendor_code || ':' || p_transaction_id;
  -- the round
  v_round_pk bigint;
  v_round_member integer;
  v_round_status text;
  v_round_wallet_kind text;
  v_round_currency text;
  v_round_bet bigint;
  v_round_bonus_bet bigint;
  v_opened boolean := false;
  -- a stored call under this transaction id
  v_stored_hash text;
  v_stored_status integer;
  v_stored_response jsonb;
  -- the session
  v_session_pk bigint;
  v_member integer;
  v_wallet_kind text;
  v_currency text;
  v_authenticated boolean;
  v_live boolean;
  v_needs_touch boolean;
  v_touch boolean := false;
  -- the game
  v_node_id integer;
  v_game_type text;
  v_vassalage text;
  v_game_enabled boolean;
  -- the money
  v_wallet text;
  v_counterparty text;
  v_balance bigint;
  v_bonus_wallet text;
  v_bonus_balance bigint := 0;
  v_bonus_part bigint := 0;
  v_max_bet bigint;
  v_entry_id bigint;
  v_reply jsonb;
  v_refusal jsonb;
  v_moved integer;
  v_kind text := p_action;
  v_amount bigint := coalesce(p_amount, 0);
  -- a rollback's debit
  v_debit vendor_transactions%ROWTYPE;
  v_reversed_kind text;
  v_addresses text[];
  v_amounts bigint[];
  v_posted record;
  v_accepted text;
BEGIN
  IF p_action NOT IN ('debit', 'credit', 'rollback') THEN
    RAISE EXCEPTION 'unknown vendor money action %', p_action;
  END IF;

  -- 1. The round, locked before anything else.
  SELECT r.id, r.member_id, r.status, r.wallet_kind, r.currency, r.bet_amount, r.bonus_bet_amount
    INTO v_round_pk, v_round_member, v_round_status, v_round_wallet_kind, v_round_currency, v_round_bet,
         v_round_bonus_bet
    FROM game_rounds r
   WHERE r.vendor_code = p_vendor_code AND r.round_id = p_round_id
     FOR UPDATE;

  -- 2. Once per transaction id: the same body answers the stored reply, another is a duplicate.
  SELECT t.request_hash, t.status, t.response
    INTO v_stored_hash, v_stored_status, v_stored_response
    FROM vendor_transactions t
   WHERE t.vendor_code = p_vendor_code AND t.transaction_id = p_transaction_id;
  IF FOUND THEN
    IF v_stored_hash = p_request_hash THEN
      RETURN jsonb_build_object('status', v_stored_status, 'body', v_stored_response);
    END IF;
    IF v_stored_hash = 'tombstone' THEN
      -- The id was reserved by a rollback that arrived first: only a debit may carry it.
      IF p_action = 'debit' THEN
        RETURN jsonb_build_object('status', v_stored_status, 'body', v_stored_response);
      END IF;
      RETURN vendor_error_reply(p_errors, 'DUPLICATE_TRANSACTION',
        'this transaction id belongs to a rolled-back debit');
    END IF;
    RETURN vendor_error_reply(p_errors, 'DUPLICATE_TRANSACTION', 'this transaction id was used with another body');
  END IF;

  -- 3. The session: a debit needs a live one (its launching platform session live, the account
  --    active); a credit or a rollback any authenticated one (a round may settle after the player left).
  SELECT s.id, s.member_id, s.wallet_kind, s.currency, s.authenticated_at IS NOT NULL,
         s.expires_at > now()
           AND s.expires_at < now() + make_interval(mins => p_idle_minutes) - interval '60 seconds',
         CASE WHEN p_action = 'debit' THEN
           s.expires_at > now() AND EXISTS (
             SELECT 1 FROM accounts_sessions ps JOIN accounts_members pm ON pm.id = ps.member_id
              WHERE ps.id = s.platform_session_id AND ps.revoked_at IS NULL AND ps.expires_at > now()
                AND pm.status = 'active')
         END
    INTO v_session_pk, v_member, v_wallet_kind, v_currency, v_authenticated, v_needs_touch, v_live
    FROM game_sessions s
   WHERE s.id = p_session_id AND s.vendor_code = p_vendor_code;
  IF v_session_pk IS NULL OR NOT v_authenticated THEN
    RETURN vendor_error_reply(p_errors, 'INVALID_TOKEN',
      CASE WHEN p_action = 'debit' THEN 'unknown or expired session' ELSE 'unknown session' END);
  END IF;
  IF p_action = 'debit' AND NOT v_live THEN
    RETURN vendor_error_reply(p_errors, 'INVALID_TOKEN', 'unknown or expired session');
  END IF;

  IF p_action = 'debit' THEN
    SELECT g.node_id, g.game_type, g.vassalage, g.enabled
      INTO v_node_id, v_game_type, v_vassalage, v_game_enabled
      FROM games g
     WHERE g.vendor_code = p_vendor_code AND g.game_code = p_game_code;
    IF v_node_id IS NULL THEN
      v_refusal := vendor_error_reply(p_errors, 'BAD_REQUEST', 'unknown gameCode');
    ELSIF v_round_pk IS NOT NULL AND v_round_member <> v_member THEN
      v_refusal := vendor_error_reply(p_errors, 'BAD_REQUEST', 'this roundId belongs to another player');
    ELSIF v_round_pk IS NOT NULL AND v_round_status <> 'open' THEN
      v_refusal := vendor_error_reply(p_errors, 'ROUND_CLOSED', 'the round is ' || v_round_status);
    ELSIF v_round_pk IS NULL AND NOT v_game_enabled THEN
      v_refusal := vendor_error_reply(p_errors, 'GAME_DISABLED', NULL);
    END IF;
    IF v_refusal IS NOT NULL THEN
      RETURN vendor_remember(p_vendor_code, p_transaction_id, 'debit', p_round_id, v_member, v_amount, NULL,
        p_request_hash, NULL, v_refusal);
    END IF;

    IF v_round_pk IS NULL THEN
      -- The first debit opens the round. A concurrent first debit waits here on the unique index
      -- (holding no wallet); the one that loses finds no row returned and runs again.
      INSERT INTO game_rounds AS r
        (vendor_code, round_id, member_id, node_id, game_type, vassalage, currency, wallet_kind, bet_amount)
      VALUES
        (p_vendor_code, p_round_id, v_member, v_node_id, v_game_type, v_vassalage, v_currency, v_wallet_kind, v_amount)
      ON CONFLICT (vendor_code, round_id) DO NOTHING
      RETURNING r.id INTO v_round_pk;
      IF v_round_pk IS NULL THEN
        RAISE EXCEPTION 'round % was opened by another call', p_round_id USING ERRCODE = 'KL101';
      END IF;
      v_opened := true;
    END IF;

    -- The stake is checked first (no lock: a row lock would cost a write of its own), so a plain
    -- refusal needs no aborted statement. The ledger's guarded update is the real guard: when a
    -- concurrent bet took the money since this read, it raises KL001, the statement rolls back and
    -- the caller runs the call again, which then stops here.
    v_wallet := 'member:' || v_member || ':' || v_wallet_kind;
    v_counterparty := CASE WHEN v_wallet_kind = 'trial' THEN 'clearing:demo:' ELSE 'house:' END || v_currency;
    IF v_wallet_kind = 'main' THEN
      v_bonus_wallet := 'member:' || v_member || ':bonus';
      SELECT max(a.balance) FILTER (WHERE a.address = v_wallet),
             coalesce(max(a.balance) FILTER (WHERE a.address = v_bonus_wallet), 0)
        INTO v_balance, v_bonus_balance
        FROM ledger_wallets a WHERE a.address IN (v_wallet, v_bonus_wallet);
      IF v_bonus_balance > 0 THEN
        v_max_bet := promotions_max_bet(v_member);
      END IF;
    ELSE
      SELECT a.balance INTO v_balance FROM ledger_wallets a WHERE a.address = v_wallet;
    END IF;
    v_balance := coalesce(v_balance, 0);
    IF v_opened THEN
      v_round_bet := 0;
    END IF;
    IF v_max_bet IS NOT NULL AND v_round_bet + v_amount > v_max_bet THEN
      -- A bonus is being wagered and the round's stake would pass its maximum bet: nothing moves.
      IF v_opened THEN
        DELETE FROM game_rounds WHERE id = v_round_pk;
      END IF;
      v_refusal := vendor_error_reply(p_errors, 'BET_LIMIT', 'the maximum bet while a bonus is wagered is ' || v_max_bet);
      v_refusal := jsonb_set(v_refusal, '{body,maxBet}', to_jsonb(v_max_bet));
      v_refusal := jsonb_set(v_refusal, '{body,balance}', to_jsonb(v_balance + v_bonus_balance));
      v_reply := vendor_remember(p_vendor_code, p_transaction_id, 'debit', p_round_id, v_member, v_amount, NULL,
        p_request_hash, NULL, v_refusal);
      v_touch := true;
    ELSIF v_balance + v_bonus_balance < v_amount THEN
      -- Nothing moves and no round opens; the refusal is final for this transaction id.
      IF v_opened THEN
        DELETE FROM game_rounds WHERE id = v_round_pk;
      END IF;
      v_refusal := vendor_error_reply(p_errors, 'INSUFFICIENT_FUNDS', NULL);
      v_refusal := jsonb_set(v_refusal, '{body,balance}', to_jsonb(v_balance + v_bonus_balance));
      v_reply := vendor_remember(p_vendor_code, p_transaction_id, 'debit', p_round_id, v_member, v_amount, NULL,
        p_request_hash, NULL, v_refusal);
      v_touch := true;
    ELSIF v_balance >= v_amount THEN
      v_posted := ledger_post_entries(ARRAY['bet'], ARRAY[v_ledger_key],
          NULL,
          ARRAY[jsonb_build_object('vendor', p_vendor_code, 'roundId', p_round_id, 'gameCode', p_game_code)],
          NULL, '{1,1}', ARRAY[v_wallet, v_counterparty], ARRAY[-v_amount, v_amount]);
      v_entry_id := v_posted.entry_ids[1];
      v_balance := v_posted.balances_after[1] + v_bonus_balance;
      IF v_posted.replayed[1] THEN
        RAISE EXCEPTION 'transaction % was posted by another call', p_transaction_id USING ERRCODE = 'KL101';
      END IF;
      IF NOT v_opened THEN
        UPDATE game_rounds SET bet_amount = bet_amount + v_amount WHERE id = v_round_pk;
      END IF;
      v_accepted := 'debit';
      v_moved := v_member;
      v_touch := true;
    ELSE
      -- Cash is short: the rest of the stake comes from the bonus wallet.
      v_bonus_part := v_amount - v_balance;
      v_posted := ledger_post_entries(ARRAY['bet'], ARRAY[v_ledger_key],
          NULL,
          ARRAY[jsonb_build_object('vendor', p_vendor_code, 'roundId', p_round_id, 'gameCode', p_game_code,
            'bonus', v_bonus_part)],
          NULL, array_fill(1, ARRAY[CASE WHEN v_balance > 0 THEN 3 ELSE 2 END]),
          CASE WHEN v_balance > 0 THEN ARRAY[v_wallet, v_bonus_wallet, v_counterparty]
               ELSE ARRAY[v_bonus_wallet, v_counterparty] END,
          CASE WHEN v_balance > 0 THEN ARRAY[-v_balance, -v_bonus_part, v_amount]
               ELSE ARRAY[-v_bonus_part, v_amount] END);
      IF v_posted.replayed[1] THEN
        RAISE EXCEPTION 'transaction % was posted by another call', p_transaction_id USING ERRCODE = 'KL101';
      END IF;
      v_entry_id := v_posted.entry_ids[1];
      v_balance := CASE WHEN v_balance > 0 THEN v_posted.balances_after[1] + v_posted.balances_after[2]
                        ELSE coalesce((SELECT a.balance FROM ledger_wallets a WHERE a.address = v_wallet), 0)
                             + v_posted.balances_after[1] END;
      UPDATE game_rounds
         SET bet_amount = bet_amount + CASE WHEN v_opened THEN 0 ELSE v_amount END,
             bonus_bet_amount = bonus_bet_amount + v_bonus_part
       WHERE id = v_round_pk;
      v_accepted := 'debit';
      v_moved := v_member;
      v_touch := true;
    END IF;

  ELSIF p_action = 'credit' THEN
    -- Not remembered: the round's debit may still arrive, and then this credit must go through.
    IF v_round_pk IS NULL THEN
      RETURN vendor_error_reply(p_errors, 'UNKNOWN_ROUND', 'no debit opened this round');
    END IF;
    IF v_round_member <> v_member THEN
      v_refusal := vendor_error_reply(p_errors, 'BAD_REQUEST', 'this roundId belongs to another player');
    ELSIF v_round_status <> 'open' THEN
      v_refusal := vendor_error_reply(p_errors, 'ROUND_CLOSED', 'the round is ' || v_round_status);
    END IF;
    IF v_refusal IS NOT NULL THEN
      RETURN vendor_remember(p_vendor_code, p_transaction_id, 'credit', p_round_id, v_member, v_amount, NULL,
        p_request_hash, NULL, v_refusal);
    END IF;
    -- The win goes to the wallet the round was played from.
    v_wallet := 'member:' || v_round_member || ':' || v_round_wallet_kind;
    v_counterparty := CASE WHEN v_round_wallet_kind = 'trial' THEN 'clearing:demo:' ELSE 'house:' END
      || v_round_currency;
    IF v_round_wallet_kind = 'main' THEN
      v_bonus_wallet := 'member:' || v_round_member || ':bonus';
      IF v_round_bonus_bet > 0 AND v_amount > 0 THEN
        -- The win is shared as the stake was: bonus's share rounded up.
        v_bonus_part := least(v_amount,
          ceil(v_amount::numeric * v_round_bonus_bet / greatest(v_round_bet, 1))::bigint);
      END IF;
    END IF;
    IF v_amount > 0 AND v_bonus_part = 0 THEN
      v_posted := ledger_post_entries(ARRAY['win'], ARRAY[v_ledger_key],
          NULL,
          ARRAY[jsonb_build_object('vendor', p_vendor_code, 'roundId', p_round_id, 'final', p_final)],
          NULL, '{1,1}', ARRAY[v_wallet, v_counterparty], ARRAY[v_amount, -v_amount]);
      v_entry_id := v_posted.entry_ids[1];
      v_balance := v_posted.balances_after[1];
      IF v_posted.replayed[1] THEN
        RAISE EXCEPTION 'transaction % was posted by another call', p_transaction_id USING ERRCODE = 'KL101';
      END IF;
      IF v_bonus_wallet IS NOT NULL THEN
        v_balance := v_balance + coalesce((SELECT a.balance FROM ledger_wallets a WHERE a.address = v_bonus_wallet), 0);
      END IF;
      v_moved := v_round_member;
    ELSIF v_amount > 0 THEN
      v_posted := ledger_post_entries(ARRAY['win'], ARRAY[v_ledger_key],
          NULL,
          ARRAY[jsonb_build_object('vendor', p_vendor_code, 'roundId', p_round_id, 'final', p_final,
            'bonus', v_bonus_part)],
          NULL, array_fill(1, ARRAY[CASE WHEN v_amount > v_bonus_part THEN 3 ELSE 2 END]),
          CASE WHEN v_amount > v_bonus_part THEN ARRAY[v_wallet, v_bonus_wallet, v_counterparty]
               ELSE ARRAY[v_bonus_wallet, v_counterparty] END,
          CASE WHEN v_amount > v_bonus_part THEN ARRAY[v_amount - v_bonus_part, v_bonus_part, -v_amount]
               ELSE ARRAY[v_bonus_part, -v_amount] END);
      IF v_posted.replayed[1] THEN
        RAISE EXCEPTION 'transaction % was posted by another call', p_transaction_id USING ERRCODE = 'KL101';
      END IF;
      v_entry_id := v_posted.entry_ids[1];
      v_balance := CASE WHEN v_amount > v_bonus_part THEN v_posted.balances_after[1] + v_posted.balances_after[2]
                        ELSE coalesce((SELECT a.balance FROM ledger_wallets a WHERE a.address = v_wallet), 0)
                             + v_posted.balances_after[1] END;
      v_moved := v_round_member;
    ELSE
      v_balance := coalesce((SELECT sum(a.balance) FROM ledger_wallets a
                              WHERE a.address IN (v_wallet, coalesce(v_bonus_wallet, v_wallet))), 0);
    END IF;
    UPDATE game_rounds
       SET win_amount = win_amount + v_amount,
           detail = coalesce(p_detail, detail),
           status = CASE WHEN p_final THEN 'settled' ELSE status END,
           settled_at = CASE WHEN p_final THEN now() ELSE settled_at END
     WHERE id = v_round_pk;
    v_accepted := 'credit';
    v_touch := true;

  ELSE
    -- A rollback undoes one debit of an open round with a reversing entry.
    v_amount := 0;
    IF p_reference_transaction_id = p_transaction_id THEN
      v_refusal := vendor_error_reply(p_errors, 'BAD_REQUEST', 'a rollback cannot reference itself');
    ELSIF v_round_pk IS NOT NULL AND v_round_member <> v_member THEN
      v_refusal := vendor_error_reply(p_errors, 'BAD_REQUEST', 'this roundId belongs to another player');
    ELSE
      SELECT * INTO v_debit
        FROM vendor_transactions t
       WHERE t.vendor_code = p_vendor_code AND t.transaction_id = p_reference_transaction_id;
      IF v_debit.transaction_id IS NULL THEN
        -- The debit never arrived (or is still on its way): keep its id as a tombstone, so that
        -- when it comes it is refused (TRANSACTION_ROLLED_BACK) and never takes the money.
        PERFORM vendor_remember(p_vendor_code, p_reference_transaction_id, 'debit', p_round_id, v_member, 0, NULL,
          'tombstone', NULL,
          vendor_error_reply(p_errors, 'TRANSACTION_ROLLED_BACK', 'the rollback of this debit came first'));
      ELSIF v_debit.kind <> 'debit' THEN
        v_refusal := vendor_error_reply(p_errors, 'BAD_REQUEST', 'the referenced transaction is not a debit');
      ELSIF v_debit.round_id <> p_round_id OR v_debit.member_id <> v_member THEN
        v_refusal := vendor_error_reply(p_errors, 'BAD_REQUEST',
          'the referenced debit belongs to another round or player');
      ELSIF v_debit.entry_id IS NOT NULL AND v_debit.status = 200 THEN
        IF v_round_pk IS NULL THEN
          RAISE EXCEPTION 'round % of an accepted debit is missing', p_round_id;
        END IF;
        IF v_round_status = 'settled' THEN
          v_refusal := vendor_error_reply(p_errors, 'ROUND_CLOSED', 'the round is settled');
        ELSE
          SELECT array_agg(p.address ORDER BY p.account_id), array_agg(-p.amount ORDER BY p.account_id)
            INTO v_addresses, v_amounts
            FROM ledger_entry_postings p
           WHERE p.entry_id = v_debit.entry_id;
          SELECT e.kind INTO v_reversed_kind FROM ledger_entries e WHERE e.id = v_debit.entry_id;
          v_wallet := 'member:' || v_round_member || ':' || v_round_wallet_kind;
          v_posted := ledger_post_entries(ARRAY['reversal'], ARRAY[v_ledger_key],
            NULL,
            ARRAY[jsonb_build_object('vendor', p_vendor_code, 'roundId', p_round_id,
              'referenceTransactionId', v_debit.transaction_id, 'reason', 'vendor rollback',
              'reversedKind', v_reversed_kind)],
            ARRAY[v_debit.entry_id], array_fill(1, ARRAY[cardinality(v_addresses)]), v_addresses, v_amounts);
          IF v_posted.replayed[1] THEN
            RAISE EXCEPTION 'transaction % was posted by another call', p_transaction_id USING ERRCODE = 'KL101';
          END IF;
          v_entry_id := v_posted.entry_ids[1];
          v_bonus_wallet := 'member:' || v_round_member || ':bonus';
          v_balance := coalesce((SELECT sum(a.balance) FROM ledger_wallets a
                                  WHERE a.address IN (v_wallet,
                                    CASE WHEN v_round_wallet_kind = 'main' THEN v_bonus_wallet ELSE v_wallet END)), 0);
          UPDATE game_rounds
             SET bet_amount = bet_amount - v_debit.amount,
                 bonus_bet_amount = bonus_bet_amount
                   - coalesce(v_amounts[array_position(v_addresses, v_bonus_wallet)], 0),
                 status = CASE WHEN bet_amount - v_debit.amount = 0 THEN 'rolled_back' ELSE status END,
                 settled_at = CASE WHEN bet_amount - v_debit.amount = 0 THEN now() ELSE settled_at END
           WHERE id = v_round_pk;
          -- From now on a replay of the debit learns that it was rolled back.
          v_refusal := vendor_error_reply(p_errors, 'TRANSACTION_ROLLED_BACK', 'rolled back by ' || p_transaction_id);
          UPDATE vendor_transactions
             SET status = (v_refusal ->> 'status')::integer, response = v_refusal -> 'body'
           WHERE vendor_code = p_vendor_code AND transaction_id = v_debit.transaction_id;
          v_refusal := NULL;
          v_amount := v_debit.amount;
          v_moved := v_round_member;
        END IF;
      END IF;
      -- Refused, tombstoned or already rolled back (no entry): nothing to undo, the balance answers.
      IF v_refusal IS NULL AND v_entry_id IS NULL THEN
        v_balance := coalesce(
          (SELECT sum(a.balance) FROM ledger_wallets a
            WHERE a.address IN ('member:' || v_member || ':' || v_wallet_kind,
              'member:' || v_member || ':' || CASE WHEN v_wallet_kind = 'main' THEN 'bonus' ELSE v_wallet_kind END)), 0);
      END IF;
    END IF;
    IF v_refusal IS NOT NULL THEN
      RETURN vendor_remember(p_vendor_code, p_transaction_id, 'rollback', p_round_id, v_member, 0,
        p_reference_transaction_id, p_request_hash, NULL, v_refusal);
    END IF;
    v_reply := vendor_remember(p_vendor_code, p_transaction_id, 'rollback', p_round_id, v_member, v_amount,
      p_reference_transaction_id, p_request_hash, v_entry_id,
      vendor_money_reply(v_balance, p_transaction_id, v_entry_id));
    v_touch := true;
  END IF;

  -- An accepted debit or credit: its reply, stored under its transaction id for a replay.
  IF v_accepted IS NOT NULL THEN
    -- A vendor reads the balance as a JSON number: beyond 2^53 it could not be told exactly.
    IF v_balance < 0 OR v_balance > 9007199254740991 THEN
      RAISE EXCEPTION 'balance % is not a safe non-negative integer', v_balance;
    END IF;
    v_reply := jsonb_build_object('ok', true, 'balance', v_balance, 'transactionId', p_transaction_id,
      'platformTransactionId', v_entry_id::text);
    INSERT INTO vendor_transactions
      (vendor_code, transaction_id, kind, round_id, member_id, amount, request_hash, entry_id, status, response)
    VALUES (p_vendor_code, p_transaction_id, v_accepted, p_round_id, v_member, v_amount, p_request_hash,
      v_entry_id, 200, v_reply);
    v_reply := jsonb_build_object('status', 200, 'body', v_reply);
  END IF;

  -- The session slides at most once a minute (only when its end is a minute behind).
  IF v_touch AND v_needs_touch THEN
    UPDATE game_sessions SET expires_at = now() + make_interval(mins => p_idle_minutes) WHERE id = v_session_pk;
  END IF;
  IF v_moved IS NOT NULL THEN
    v_reply := v_reply || jsonb_build_object('movedMemberId', v_moved);
  END IF;
  RETURN v_reply;
END;
$$;
