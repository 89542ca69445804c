-- The ledger's one posting path (docs/design.md, Money): every movement of money, from a vendor's
-- bet to a lottery settlement or a level of agents' wages, is a batch of one or more balanced
-- journal entries posted here, in the caller's transaction. Nothing else inserts journal entries or
-- postings or changes a balance (ledger_write_guard refuses it; ledger.posting-path.test.ts scans
-- every SQL source for another writer).
--
-- Entry i: p_kinds[i], idempotency key p_keys[i], the caller's extra request fields p_requests[i]
-- (part of the request hash; NULL for none), p_metadata[i] (stored, not hashed), p_reverses[i] (the
-- entry a reversal undoes; the array may be NULL). Its legs are the j with p_leg_entries[j] = i:
-- p_leg_addresses[j] receives p_leg_amounts[j] minor units (negative: pays).
--
-- Rules, each refused with nothing written: at least two legs per entry, no zero amount, no account
-- twice in one entry, every account known (KL003), per entry and currency the legs sum to zero
-- (KL004), no key twice in one batch (KL005). The request hash is computed here, once, by
-- ledger_request_hash. A key already posted with the same hash is a replay: that entry is skipped
-- (replayed[i], its stored id), the others post; with another hash the batch is refused (KL002).
--
-- Member wallets (cached balance) are locked in account id order, so two batches touching the same
-- wallets cannot deadlock, and no running balance of a wallet that may not go negative may dip
-- below zero at any leg (KL001, nothing written). System accounts are never updated (their balance
-- is the sum of their postings: no hot row). Posting ids are drawn under the wallet locks, in wallet
-- and entry order, so per wallet the id order is the order its balance changed in and balance_after
-- is its running balance.
--
-- The common case, one entry of a member wallet against a system account (a bet, a win), takes a
-- shorter road to the same rows: one read of both accounts, then one data-modifying statement
-- (entry, guarded wallet update, both postings); measured at the vendor bench's rate, the general
-- road's seven statements would cost it.
--
-- Returns per entry its id and whether it was a replay; per leg the wallet's balance right after
-- it (NULL for system accounts and for the legs of a replayed entry) and the account's currency;
-- and the entries' time.
CREATE OR REPLACE FUNCTION ledger_post_entries(
  p_kinds text[],
  p_keys text[],
  p_requests jsonb[],
  p_metadata jsonb[],
  p_reverses bigint[],
  p_leg_entries integer[],
  p_leg_addresses text[],
  p_leg_amounts bigint[],
  OUT entry_ids bigint[],
  OUT replayed boolean[],
  OUT balances_after bigint[],
  OUT currencies text[],
  OUT created_at timestamptz
)
LANGUAGE plpgsql
AS $$
DECLARE
  v_entries integer := coalesce(cardinality(p_keys), 0);
  v_legs integer := coalesce(cardinality(p_leg_addresses), 0);
  v_wallet integer;
  v_other integer;
  v_wallet_id bigint;
  v_other_id bigint;
  v_currency text;
  v_fast boolean := false;
  v_hash text;
  v_entry_id bigint;
  v_balance bigint;
  v_ids bigint[];
  v_cached boolean[];
  v_missing text;
  v_problem text;
  v_hashes text[];
  v_stored text;
  v_index integer;
  v_moved integer;
  v_expected integer;
BEGIN
  created_at := now();
  IF v_entries < 1 OR coalesce(cardinality(p_kinds), 0) <> v_entries
     OR coalesce(cardinality(p_leg_entries), 0) <> v_legs OR coalesce(cardinality(p_leg_amounts), 0) <> v_legs
     OR (p_requests IS NOT NULL AND cardinality(p_requests) <> v_entries)
     OR (p_metadata IS NOT NULL AND cardinality(p_metadata) <> v_entries)
     OR (p_reverses IS NOT NULL AND cardinality(p_reverses) <> v_entries) THEN
    RAISE EXCEPTION 'a batch gives each entry a kind and a key, and each leg an entry, an address and an amount'
      USING ERRCODE = 'KL005';
  END IF;
  IF v_legs < 2 * v_entries OR 0 = ANY (p_leg_amounts) OR array_position(p_leg_amounts, NULL) IS NOT NULL
     OR array_position(p_leg_addresses, NULL) IS NOT NULL THEN
    RAISE EXCEPTION 'a journal entry needs at least two postings, none of them zero' USING ERRCODE = 'KL005';
  END IF;

  PERFORM set_config('khela.ledger_posting', 'on', true);

  -- The common case: one entry, a member wallet against a system account in its currency.
  IF v_entries = 1 AND v_legs = 2 AND p_leg_entries = '{1,1}' AND (p_reverses IS NULL OR p_reverses[1] IS NULL) THEN
    SELECT CASE WHEN x.balance IS NOT NULL THEN 1 ELSE 2 END, x.id, y.id, x.currency,
           (x.balance IS NULL) <> (y.balance IS NULL) AND x.currency = y.currency
           AND p_leg_amounts[1] = -p_leg_amounts[2]
      INTO v_wallet, v_wallet_id, v_other_id, v_currency, v_fast
      FROM ledger_accounts x, ledger_accounts y
     WHERE x.address = p_leg_addresses[1] AND y.address = p_leg_addresses[2];
    v_fast := coalesce(v_fast, false);
  END IF;
  IF v_fast THEN
    v_other := 3 - v_wallet;
    IF v_wallet = 2 THEN
      SELECT v_other_id, v_wallet_id INTO v_wallet_id, v_other_id;
    END IF;
    v_hash := ledger_request_hash(p_kinds[1], p_leg_addresses, p_leg_amounts, NULL, p_requests[1]);
    WITH entry AS (
      INSERT INTO journal_entries AS e (kind, idempotency_key, request_hash, metadata)
      VALUES (p_kinds[1], p_keys[1], v_hash, coalesce(p_metadata[1], '{}'::jsonb))
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING e.id
    ), wallet AS (
      UPDATE ledger_accounts AS a
         SET balance = a.balance + p_leg_amounts[v_wallet]
       WHERE a.id = v_wallet_id AND a.balance + p_leg_amounts[v_wallet] >= 0 AND EXISTS (SELECT 1 FROM entry)
      RETURNING a.balance
    ), legs AS (
      INSERT INTO postings (entry_id, account_id, amount, currency, balance_after)
      SELECT entry.id, leg.account_id, leg.amount, v_currency, CASE WHEN leg.is_wallet THEN wallet.balance END
        FROM entry, wallet,
             (VALUES (v_wallet_id, p_leg_amounts[v_wallet], true), (v_other_id, p_leg_amounts[v_other], false))
               AS leg(account_id, amount, is_wallet)
      RETURNING 1
    )
    SELECT (SELECT id FROM entry), (SELECT balance FROM wallet), (SELECT count(*) FROM legs)
      INTO v_entry_id, v_balance, v_moved;
    currencies := ARRAY[v_currency, v_currency];
    IF v_entry_id IS NULL THEN
      SELECT e.id, e.request_hash INTO v_entry_id, v_stored FROM journal_entries e WHERE e.idempotency_key = p_keys[1];
      IF v_stored IS DISTINCT FROM v_hash THEN
        RAISE EXCEPTION 'idempotency key % was used for a different request', p_keys[1]
          USING ERRCODE = 'KL002', DETAIL = p_keys[1];
      END IF;
      entry_ids := ARRAY[v_entry_id];
      replayed := ARRAY[true];
      balances_after := ARRAY[NULL::bigint, NULL::bigint];
    ELSE
      IF v_balance IS NULL THEN
        RAISE EXCEPTION 'insufficient funds in %', p_leg_addresses[v_wallet]
          USING ERRCODE = 'KL001', DETAIL = p_leg_addresses[v_wallet];
      END IF;
      entry_ids := ARRAY[v_entry_id];
      replayed := ARRAY[false];
      balances_after := array_fill(NULL::bigint, ARRAY[2]);
      balances_after[v_wallet] := v_balance;
    END IF;
    PERFORM set_config('khela.ledger_posting', '', true);
    RETURN;
  END IF;

  -- 1. Every leg's account, by its unique address.
  SELECT array_agg(a.id ORDER BY t.n), array_agg(a.currency ORDER BY t.n), array_agg(a.balance IS NOT NULL ORDER BY t.n),
         min(t.address) FILTER (WHERE a.id IS NULL)
    INTO v_ids, currencies, v_cached, v_missing
    FROM unnest(p_leg_addresses) WITH ORDINALITY AS t(address, n)
    LEFT JOIN ledger_accounts a ON a.address = t.address;
  IF v_missing IS NOT NULL THEN
    RAISE EXCEPTION 'no ledger account %', v_missing USING ERRCODE = 'KL003', DETAIL = v_missing;
  END IF;

  -- 2. The batch's shape: entries numbered 1..n, each with two legs or more and no account twice,
  --    each key once; then double entry, per entry and currency.
  SELECT CASE
           WHEN EXISTS (SELECT 1 FROM unnest(p_leg_entries) AS e(i) WHERE e.i IS NULL OR e.i < 1 OR e.i > v_entries)
             THEN 'a leg names no entry of the batch'
           WHEN (SELECT count(*) FROM (SELECT 1 FROM unnest(p_leg_entries) AS e(i) GROUP BY e.i HAVING count(*) >= 2) AS g)
                <> v_entries
             THEN 'a journal entry needs at least two postings'
           WHEN EXISTS (SELECT 1 FROM unnest(p_leg_entries, v_ids) AS l(i, id) GROUP BY l.i, l.id HAVING count(*) > 1)
             THEN 'an account appears twice in one journal entry'
           WHEN EXISTS (SELECT 1 FROM unnest(p_keys) AS k(key) GROUP BY k.key HAVING count(*) > 1 OR k.key IS NULL)
             THEN 'an idempotency key appears twice in one batch'
         END
    INTO v_problem;
  IF v_problem IS NOT NULL THEN
    RAISE EXCEPTION '%', v_problem USING ERRCODE = 'KL005';
  END IF;
  SELECT string_agg(DISTINCT u.currency, ', ') INTO v_problem
    FROM (SELECT l.currency
            FROM unnest(p_leg_entries, currencies, p_leg_amounts) AS l(i, currency, amount)
           GROUP BY l.i, l.currency
          HAVING sum(l.amount) <> 0) AS u;
  IF v_problem IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry does not balance in %', v_problem USING ERRCODE = 'KL004', DETAIL = v_problem;
  END IF;

  -- 3. The request hashes, then the entries; a key already taken is a replay (same hash) or refused.
  --    (Set-based statements read the arrays with unnest … WITH ORDINALITY, never array[i] per
  --    row: a subscript of an array of text, jsonb or with NULLs walks the array from its start,
  --    which makes a batch of a million entries quadratic.)
  SELECT array_agg(ledger_request_hash(e.kind, g.addresses, g.amounts, e.reverses, e.request) ORDER BY e.i)
    INTO v_hashes
    FROM unnest(p_kinds, p_requests, p_reverses) WITH ORDINALITY AS e(kind, request, reverses, i)
    JOIN (SELECT l.i, array_agg(l.address) AS addresses, array_agg(l.amount) AS amounts
            FROM unnest(p_leg_entries, p_leg_addresses, p_leg_amounts) AS l(i, address, amount)
           GROUP BY l.i) AS g ON g.i = e.i;
  WITH batch AS (
    SELECT e.i, e.kind, e.key, e.metadata, e.reverses, e.hash
      FROM unnest(p_kinds, p_keys, p_metadata, p_reverses, v_hashes) WITH ORDINALITY
           AS e(kind, key, metadata, reverses, hash, i)
  ), inserted AS (
    INSERT INTO journal_entries AS j (kind, idempotency_key, request_hash, metadata, reverses_entry_id)
    SELECT b.kind, b.key, b.hash, coalesce(b.metadata, '{}'::jsonb), b.reverses
      FROM batch b
     ORDER BY b.i
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING j.id, j.idempotency_key
  )
  SELECT array_agg(inserted.id ORDER BY b.i), array_agg(inserted.id IS NULL ORDER BY b.i)
    INTO entry_ids, replayed
    FROM batch b
    LEFT JOIN inserted ON inserted.idempotency_key = b.key;
  IF true = ANY (replayed) THEN
    FOR v_index IN 1 .. v_entries LOOP
      CONTINUE WHEN NOT replayed[v_index];
      SELECT e.id, e.request_hash INTO v_entry_id, v_stored FROM journal_entries e WHERE e.idempotency_key = p_keys[v_index];
      IF v_stored IS DISTINCT FROM v_hashes[v_index] THEN
        RAISE EXCEPTION 'idempotency key % was used for a different request', p_keys[v_index]
          USING ERRCODE = 'KL002', DETAIL = p_keys[v_index];
      END IF;
      entry_ids[v_index] := v_entry_id;
    END LOOP;
  END IF;

  -- 4. The member wallets the new entries move, locked in account id order; every running balance
  --    checked before anything is written. (entry_ids, replayed, v_ids and v_cached hold fixed-width
  --    values and no NULL: their subscripts are direct.)
  PERFORM 1 FROM ledger_accounts a
   WHERE a.id IN (SELECT l.id FROM unnest(p_leg_entries, v_ids, v_cached) AS l(i, id, cached)
                   WHERE l.cached AND NOT replayed[l.i])
   ORDER BY a.id
     FOR UPDATE;
  SELECT array_agg(r.after ORDER BY r.n), min(r.n) FILTER (WHERE r.after < 0 AND NOT r.allow_negative)
    INTO balances_after, v_index
    FROM (SELECT l.n, a.allow_negative,
                 CASE WHEN a.balance IS NOT NULL AND NOT replayed[l.i]
                      THEN a.balance + sum(CASE WHEN replayed[l.i] THEN 0 ELSE l.amount END)
                                         OVER (PARTITION BY l.id ORDER BY l.i, l.n) END AS after
            FROM unnest(p_leg_entries, v_ids, p_leg_amounts) WITH ORDINALITY AS l(i, id, amount, n)
            JOIN ledger_accounts a ON a.id = l.id) AS r;
  IF v_index IS NOT NULL THEN
    RAISE EXCEPTION 'insufficient funds in %', p_leg_addresses[v_index]
      USING ERRCODE = 'KL001', DETAIL = p_leg_addresses[v_index];
  END IF;

  -- 5. Each wallet moves once, by its legs' sum (guarded again), then the postings in wallet order.
  SELECT count(DISTINCT l.id) INTO v_expected
    FROM unnest(p_leg_entries, v_ids, v_cached) AS l(i, id, cached)
   WHERE l.cached AND NOT replayed[l.i];
  UPDATE ledger_accounts a
     SET balance = a.balance + d.delta
    FROM (SELECT l.id, sum(l.amount) AS delta
            FROM unnest(p_leg_entries, v_ids, v_cached, p_leg_amounts) AS l(i, id, cached, amount)
           WHERE l.cached AND NOT replayed[l.i]
           GROUP BY l.id) AS d
   WHERE a.id = d.id AND (a.allow_negative OR a.balance + d.delta >= 0);
  GET DIAGNOSTICS v_moved = ROW_COUNT;
  IF v_moved <> v_expected THEN
    RAISE EXCEPTION 'insufficient funds in a wallet of the batch' USING ERRCODE = 'KL001';
  END IF;
  INSERT INTO postings (entry_id, account_id, amount, currency, balance_after)
  SELECT entry_ids[l.i], l.id, l.amount, l.currency, l.after
    FROM unnest(p_leg_entries, v_ids, p_leg_amounts, currencies, balances_after) WITH ORDINALITY
         AS l(i, id, amount, currency, after, n)
   WHERE NOT replayed[l.i]
   ORDER BY l.id, l.i, l.n;

  PERFORM set_config('khela.ledger_posting', '', true);
END;
$$;
