-- The points ledger's one posting path (docs/loyalty.md "The points ledger"): every change of
-- points, earned or converted, is one balanced entry posted here, in the caller's transaction.
-- Nothing else writes points entries, postings or balances (points_write_guard refuses it).
--
-- Legs: p_addresses[i] receives p_amounts[i] whole points (negative: gives). Accounts are opened on
-- first use: `member:<id>` with a cached balance of zero, `system:issued` and `system:converted`
-- without one (their balance is the sum of their postings: no hot row).
--
-- Rules, each refused with nothing written: a known kind, at least two legs, no zero amount, no
-- account twice (KP005); the legs sum to zero (KP004); a member's balance never goes below zero
-- (KP001). The idempotency key is stored with the SHA-256 of the request (kind, legs sorted by
-- address, the caller's p_request): the same key with the same request is a replay, answered with
-- the first entry and its reference (replayed = true, balances_after NULL), with another request it
-- is refused (KP002). Member accounts are locked in id order, so two entries never deadlock.
--
-- Returns the entry's id and reference number, whether it was a replay, per leg the member
-- account's balance right after it (NULL for system accounts), and the entry's time.
CREATE OR REPLACE FUNCTION points_post_entry(
  p_kind text,
  p_key text,
  p_request jsonb,
  p_remark text,
  p_metadata jsonb,
  p_addresses text[],
  p_amounts bigint[],
  OUT entry_id bigint,
  OUT reference text,
  OUT replayed boolean,
  OUT balances_after bigint[],
  OUT created_at timestamptz
)
LANGUAGE plpgsql
AS $$
DECLARE
  v_legs integer := coalesce(cardinality(p_addresses), 0);
  v_hash text;
  v_stored text;
  v_bad text;
  v_moved integer;
  v_members integer;
BEGIN
  IF p_kind IS NULL OR p_kind NOT IN ('earn', 'convert') OR p_key IS NULL OR length(p_key) NOT BETWEEN 1 AND 200 THEN
    RAISE EXCEPTION 'a points entry needs a known kind and a key of 1 to 200 characters' USING ERRCODE = 'KP005';
  END IF;
  IF v_legs < 2 OR coalesce(cardinality(p_amounts), 0) <> v_legs OR 0 = ANY (p_amounts)
     OR array_position(p_amounts, NULL) IS NOT NULL OR array_position(p_addresses, NULL) IS NOT NULL
     OR (SELECT count(DISTINCT a) FROM unnest(p_addresses) AS a) <> v_legs THEN
    RAISE EXCEPTION 'a points entry needs two legs or more, none zero, no account twice' USING ERRCODE = 'KP005';
  END IF;
  IF (SELECT sum(a) FROM unnest(p_amounts) AS a) <> 0 THEN
    RAISE EXCEPTION 'points entry does not balance' USING ERRCODE = 'KP004';
  END IF;
  SELECT min(a) INTO v_bad FROM unnest(p_addresses) AS a
   WHERE a !~ '^(member:[1-9][0-9]{0,8}|system:(issued|converted))$';
  IF v_bad IS NOT NULL THEN
    RAISE EXCEPTION 'no points account %', v_bad USING ERRCODE = 'KP003', DETAIL = v_bad;
  END IF;

  v_hash := encode(sha256(convert_to(jsonb_build_object(
    'kind', p_kind,
    'legs', (SELECT jsonb_agg(jsonb_build_array(l.address, l.amount::text) ORDER BY l.address COLLATE "C")
               FROM unnest(p_addresses, p_amounts) AS l(address, amount)),
    'request', p_request,
    'version', 1)::text, 'UTF8')), 'hex');

  PERFORM set_config('khela.points_posting', 'on', true);

  INSERT INTO points_accounts (address, owner_member_id, balance)
  SELECT a, CASE WHEN a LIKE 'member:%' THEN substr(a, 8)::integer END, CASE WHEN a LIKE 'member:%' THEN 0 END
    FROM unnest(p_addresses) AS a
   ORDER BY a
  ON CONFLICT (address) DO NOTHING;

  INSERT INTO points_entries AS e (kind, idempotency_key, request_hash, remark, metadata)
  VALUES (p_kind, p_key, v_hash, coalesce(p_remark, ''), coalesce(p_metadata, '{}'::jsonb))
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING e.id, e.reference, e.created_at INTO entry_id, reference, created_at;

  IF entry_id IS NULL THEN
    SELECT e.id, e.reference, e.created_at, e.request_hash INTO entry_id, reference, created_at, v_stored
      FROM points_entries e WHERE e.idempotency_key = p_key;
    IF v_stored IS DISTINCT FROM v_hash THEN
      RAISE EXCEPTION 'idempotency key % was used for a different request', p_key
        USING ERRCODE = 'KP002', DETAIL = p_key;
    END IF;
    replayed := true;
    balances_after := array_fill(NULL::bigint, ARRAY[v_legs]);
    PERFORM set_config('khela.points_posting', '', true);
    RETURN;
  END IF;
  replayed := false;

  -- The member accounts, locked in id order, moved by a guarded update: none may go below zero.
  PERFORM 1 FROM points_accounts a
   WHERE a.address = ANY (p_addresses) AND a.balance IS NOT NULL
   ORDER BY a.id
     FOR UPDATE;
  SELECT count(*) INTO v_members FROM points_accounts a
   WHERE a.address = ANY (p_addresses) AND a.balance IS NOT NULL;
  UPDATE points_accounts a
     SET balance = a.balance + l.amount
    FROM unnest(p_addresses, p_amounts) AS l(address, amount)
   WHERE a.address = l.address AND a.balance IS NOT NULL AND a.balance + l.amount >= 0;
  GET DIAGNOSTICS v_moved = ROW_COUNT;
  IF v_moved <> v_members THEN
    SELECT min(l.address) INTO v_bad
      FROM unnest(p_addresses, p_amounts) AS l(address, amount)
      JOIN points_accounts a ON a.address = l.address
     WHERE a.balance IS NOT NULL AND a.balance + l.amount < 0;
    RAISE EXCEPTION 'not enough points in %', coalesce(v_bad, 'a member account')
      USING ERRCODE = 'KP001', DETAIL = coalesce(v_bad, '');
  END IF;

  INSERT INTO points_postings (entry_id, account_id, amount, balance_after)
  SELECT entry_id, a.id, l.amount, a.balance
    FROM unnest(p_addresses, p_amounts) WITH ORDINALITY AS l(address, amount, n)
    JOIN points_accounts a ON a.address = l.address
   ORDER BY l.n;

  SELECT array_agg(a.balance ORDER BY l.n) INTO balances_after
    FROM unnest(p_addresses) WITH ORDINALITY AS l(address, n)
    JOIN points_accounts a ON a.address = l.address;

  PERFORM set_config('khela.points_posting', '', true);
END;
$$;
