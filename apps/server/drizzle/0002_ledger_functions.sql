-- Ledger functions and guards (custom migration: drizzle-kit has no schema syntax for these).
-- Runs on PostgreSQL 15 (Debian) and on PGlite (PostgreSQL 18).
--
-- Error codes raised here (class KL, "Khela ledger"), mapped to application errors by
-- modules/ledger/ledger.errors.ts:
--   KL001 insufficient funds (DETAIL: the address)     KL002 idempotency key reused for another request
--   KL003 unknown account (DETAIL: the address)         KL004 entry does not balance (DETAIL: currencies)
--   KL005 malformed postings                            KL006 append-only table changed

-- One money movement in ONE call, so one round trip (DESIGN.md: the same bet as one statement ran
-- ~6,800/s against ~3,300-4,500/s as five statements). Amounts are signed integers in minor units.
-- Returns the entry as jsonb (amounts as text: a JSON number would lose precision past 2^53).
CREATE OR REPLACE FUNCTION ledger_post_entry(
  p_kind text,
  p_idempotency_key text,
  p_request_hash text,
  p_metadata jsonb,
  p_reverses_entry_id bigint,
  p_addresses text[],
  p_amounts bigint[]
) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_posting_count integer := coalesce(cardinality(p_addresses), 0);
  v_entry_id bigint;
  v_created_at timestamptz;
  v_stored_hash text;
  v_ids bigint[];
  v_addresses text[];
  v_amounts bigint[];
  v_currencies text[];
  v_cached boolean[];
  v_balances bigint[] := '{}';
  v_resolved integer;
  v_distinct integer;
  v_missing text;
  v_unbalanced text;
  v_balance bigint;
  v_index integer;
BEGIN
  IF v_posting_count < 2 OR coalesce(cardinality(p_amounts), 0) <> v_posting_count THEN
    RAISE EXCEPTION 'a journal entry needs at least two postings, one amount per address'
      USING ERRCODE = 'KL005';
  END IF;
  IF 0 = ANY (p_amounts) OR array_position(p_amounts, NULL) IS NOT NULL THEN
    RAISE EXCEPTION 'a posting amount must not be zero' USING ERRCODE = 'KL005';
  END IF;

  -- Idempotency before anything moves. A concurrent call with the same key waits here on the
  -- unique index until the first commits (then this is a replay) or rolls back (then this inserts).
  INSERT INTO journal_entries AS e (kind, idempotency_key, request_hash, metadata, reverses_entry_id)
  VALUES (p_kind, p_idempotency_key, p_request_hash, coalesce(p_metadata, '{}'::jsonb), p_reverses_entry_id)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING e.id, e.created_at INTO v_entry_id, v_created_at;

  IF v_entry_id IS NULL THEN
    SELECT e.id, e.request_hash INTO v_entry_id, v_stored_hash
      FROM journal_entries e
     WHERE e.idempotency_key = p_idempotency_key;
    IF v_stored_hash IS DISTINCT FROM p_request_hash THEN
      RAISE EXCEPTION 'idempotency key % was used for a different request', p_idempotency_key
        USING ERRCODE = 'KL002', DETAIL = p_idempotency_key;
    END IF;
    -- Same key, same request: the first result, and nothing moves.
    RETURN ledger_entry_result(v_entry_id, true);
  END IF;

  -- Resolve the accounts, ordered by id: the wallets are locked below in that order, so two
  -- transfers in opposite directions between the same wallets cannot deadlock.
  SELECT array_agg(a.id ORDER BY a.id),
         array_agg(a.address ORDER BY a.id),
         array_agg(d.amount ORDER BY a.id),
         array_agg(a.currency ORDER BY a.id),
         array_agg(a.balance IS NOT NULL ORDER BY a.id),
         count(a.id),
         count(DISTINCT a.id)
    INTO v_ids, v_addresses, v_amounts, v_currencies, v_cached, v_resolved, v_distinct
    FROM unnest(p_addresses, p_amounts) AS d(address, amount)
    JOIN ledger_accounts a ON a.address = d.address;

  IF v_resolved < v_posting_count THEN
    SELECT d.address INTO v_missing
      FROM unnest(p_addresses) AS d(address)
     WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.address = d.address)
     LIMIT 1;
    RAISE EXCEPTION 'no ledger account %', v_missing USING ERRCODE = 'KL003', DETAIL = v_missing;
  END IF;
  IF v_distinct < v_posting_count THEN
    RAISE EXCEPTION 'an account appears twice in one journal entry' USING ERRCODE = 'KL005';
  END IF;

  -- Double entry: per currency the legs sum to zero (checked again by the postings trigger).
  SELECT string_agg(c.currency, ', ' ORDER BY c.currency) INTO v_unbalanced
    FROM (SELECT t.currency
            FROM unnest(v_currencies, v_amounts) AS t(currency, amount)
           GROUP BY t.currency
          HAVING sum(t.amount) <> 0) AS c;
  IF v_unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry does not balance in %', v_unbalanced
      USING ERRCODE = 'KL004', DETAIL = v_unbalanced;
  END IF;

  -- Member wallets only: a guarded update, never read-modify-write. The row lock serialises
  -- movements on one wallet and, after waiting, the WHERE is evaluated on the latest version, so
  -- two debits that together overdraw cannot both pass. One failed guard fails the whole entry.
  -- System accounts are not touched: their balance is the sum of their postings (no hot row).
  FOR v_index IN 1 .. v_posting_count LOOP
    IF v_cached[v_index] THEN
      UPDATE ledger_accounts AS a
         SET balance = a.balance + v_amounts[v_index]
       WHERE a.id = v_ids[v_index]
         AND (a.allow_negative OR a.balance + v_amounts[v_index] >= 0)
      RETURNING a.balance INTO v_balance;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'insufficient funds in %', v_addresses[v_index]
          USING ERRCODE = 'KL001', DETAIL = v_addresses[v_index];
      END IF;
      v_balances := array_append(v_balances, v_balance);
    ELSE
      v_balances := array_append(v_balances, NULL::bigint);
    END IF;
  END LOOP;

  -- Posting ids are drawn after the wallet locks are held, so per wallet the id order is the order
  -- in which balances changed: balance_after is the running balance in posting id order.
  INSERT INTO postings (entry_id, account_id, amount, currency, balance_after)
  SELECT v_entry_id, t.id, t.amount, t.currency, t.balance
    FROM unnest(v_ids, v_amounts, v_currencies, v_balances) AS t(id, amount, currency, balance);

  RETURN jsonb_build_object(
    'entryId', v_entry_id,
    'kind', p_kind,
    'replayed', false,
    'createdAt', v_created_at,
    'reversesEntryId', p_reverses_entry_id,
    'postings', (
      SELECT jsonb_agg(jsonb_build_object(
               'address', t.address,
               'amount', t.amount::text,
               'currency', t.currency,
               'balanceAfter', t.balance::text))
        FROM unnest(v_addresses, v_amounts, v_currencies, v_balances) AS t(address, amount, currency, balance)
    )
  );
END;
$$;
--> statement-breakpoint

-- A stored entry in the shape ledger_post_entry returns (for replays).
CREATE OR REPLACE FUNCTION ledger_entry_result(p_entry_id bigint, p_replayed boolean) RETURNS jsonb
LANGUAGE sql
STABLE
AS $$
  SELECT jsonb_build_object(
           'entryId', e.id,
           'kind', e.kind,
           'replayed', p_replayed,
           'createdAt', e.created_at,
           'reversesEntryId', e.reverses_entry_id,
           'postings', (
             SELECT jsonb_agg(jsonb_build_object(
                      'address', a.address,
                      'amount', p.amount::text,
                      'currency', p.currency,
                      'balanceAfter', p.balance_after::text) ORDER BY p.account_id)
               FROM postings p
               JOIN ledger_accounts a ON a.id = p.account_id
              WHERE p.entry_id = e.id))
    FROM journal_entries e
   WHERE e.id = p_entry_id
$$;
--> statement-breakpoint

-- Every INSERT into postings must balance per entry and currency within that statement. With the
-- tables append-only, that keeps every entry balanced whoever writes (not only the function above).
CREATE OR REPLACE FUNCTION ledger_postings_balanced() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  v_entry_id bigint;
  v_currency text;
BEGIN
  SELECT n.entry_id, n.currency INTO v_entry_id, v_currency
    FROM new_postings n
   GROUP BY n.entry_id, n.currency
  HAVING sum(n.amount) <> 0
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal entry % does not balance in %', v_entry_id, v_currency
      USING ERRCODE = 'KL004', DETAIL = v_currency;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER postings_balanced
  AFTER INSERT ON postings
  REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_postings_balanced();
--> statement-breakpoint

-- Journal entries and postings are append-only: mistakes are fixed by a reversing entry.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: fix a mistake with a reversing entry', TG_TABLE_NAME
    USING ERRCODE = 'KL006';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_append_only
  BEFORE UPDATE OR DELETE OR TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER postings_append_only
  BEFORE UPDATE OR DELETE OR TRUNCATE ON postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
